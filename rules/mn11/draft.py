"""E-S2: the Star Player draft before a season.

Each card goes to at most one team; each team signs ``stars_per_team`` cards. The first
round's order is the setting's (reverse previous-season position, then random; or random),
and a snake draft reverses it every other round. Pure functions of the draft and the picks
made so far, in order: whose turn it is, the cards left, whether a pick is legal, an
automatic pick (drawn and recorded), whether the draft is done.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from .draws import DrawRecord, draw_one
from .settings import DraftSeeding, Mn11Settings
from .stars import star_pool
from .wording import possessive

__all__ = [
    "Draft",
    "DraftAutoPick",
    "DraftPick",
    "DraftTurn",
    "FirstRound",
    "auto_pick",
    "cards_left",
    "draft_done",
    "draft_first_round",
    "draft_for_season",
    "draft_turn",
    "pick_error",
    "picks_errors",
    "squads",
]


@dataclass(frozen=True, slots=True)
class FirstRound:
    """E-S2: the first round's order and the draws that ordered teams the seeding left tied."""

    order: tuple[str, ...]
    draws: tuple[DrawRecord, ...]


def draft_first_round(
    *,
    teams: Collection[str],
    previous_positions: Mapping[str, int],
    seeding: DraftSeeding,
    rng: random.Random,
) -> FirstRound:
    """E-S2: the order of the first round.

    Reverse standings: the team that finished last the previous season picks first. A team
    that was not in that table (new, or the league's first season) counts as finishing below
    every team that was. Teams still level (all of them with the random seeding) are ordered
    by drawing one at a time from them, in key order, each draw recorded.
    """
    keys = sorted(set(teams))
    if seeding is DraftSeeding.RANDOM:
        groups = [keys]
    else:
        # Not in the table = below everyone: sorts before every real position when reversed.
        def rank(key: str) -> float:
            position = previous_positions.get(key)
            return float("inf") if position is None else float(position)

        by_rank = sorted(keys, key=lambda key: (-rank(key), key))
        groups = [list(group) for _, group in groupby(by_rank, key=rank)]
    order: list[str] = []
    draws: list[DrawRecord] = []
    for group in groups:
        remaining = list(group)
        while len(remaining) > 1:
            draw = draw_one(rng, remaining, purpose="E-S2 draft order")
            draws.append(draw)
            order.append(draw.result)
            remaining.remove(draw.result)
        order.extend(remaining)
    return FirstRound(order=tuple(order), draws=tuple(draws))


@dataclass(frozen=True, slots=True)
class Draft:
    """A season's draft: the first round's order, the card keys of the pool, the cards each
    team signs and whether the order snakes."""

    order: tuple[str, ...]
    cards: tuple[str, ...]
    per_team: int = 3
    snake: bool = True

    @property
    def total_picks(self) -> int:
        return len(self.order) * self.per_team

    def errors(self) -> list[str]:
        """What makes this draft impossible to hold; empty when it can be."""
        errors = []
        if len(self.order) < 2:
            errors.append("A draft needs at least two teams.")
        if len(set(self.order)) != len(self.order):
            errors.append("A team may appear only once in the draft order.")
        if len(set(self.cards)) != len(self.cards):
            errors.append("Each Star Player card may be in the pool only once.")
        if self.per_team < 1:
            errors.append("Each team signs at least one card.")
        elif self.total_picks > len(set(self.cards)):
            errors.append(
                f"{len(self.order)} teams signing {self.per_team} cards each need "
                f"{self.total_picks} cards; the pool has {len(set(self.cards))}."
            )
        return errors

    def team_at(self, pick_index: int) -> str:
        """The team making the pick at `pick_index` (0-based over the whole draft)."""
        round_index, place = divmod(pick_index, len(self.order))
        if self.snake and round_index % 2:
            return self.order[-1 - place]
        return self.order[place]


def draft_for_season(*, settings: Mn11Settings, order: Sequence[str]) -> Draft:
    """E-S2: the draft the settings give for teams in first-round `order`."""
    pool = star_pool(pool=settings.star_pool)
    return Draft(
        order=tuple(order),
        cards=tuple(card.key for card in pool),
        per_team=settings.stars_per_team,
        snake=settings.draft_snake,
    )


@dataclass(frozen=True, slots=True)
class DraftPick:
    """One pick: the team, the card and whether the service drew it (a missed deadline)."""

    team: str
    card: str
    automatic: bool = False


@dataclass(frozen=True, slots=True)
class DraftTurn:
    """Whose turn it is: the team, the round (1-based) and the pick (1-based, overall and
    within the round)."""

    team: str
    round: int
    pick: int
    pick_in_round: int


def draft_turn(draft: Draft, picks: Sequence[DraftPick]) -> DraftTurn | None:
    """E-S2: whose turn it is after `picks`; None when the draft is done."""
    index = len(picks)
    if index >= draft.total_picks:
        return None
    round_index, place = divmod(index, len(draft.order))
    return DraftTurn(
        team=draft.team_at(index), round=round_index + 1, pick=index + 1, pick_in_round=place + 1
    )


def cards_left(draft: Draft, picks: Sequence[DraftPick]) -> tuple[str, ...]:
    """E-S2: the cards no team has signed yet, in pool order."""
    taken = {pick.card for pick in picks}
    return tuple(card for card in draft.cards if card not in taken)


def draft_done(draft: Draft, picks: Sequence[DraftPick]) -> bool:
    """E-S2: every team has signed its cards."""
    return len(picks) >= draft.total_picks


def pick_error(draft: Draft, picks: Sequence[DraftPick], *, team: str, card: str) -> str | None:
    """E-S2: why `team` may not sign `card` now (None when it may); `picks` are legal."""
    turn = draft_turn(draft, picks)
    if turn is None:
        return "The draft is over."
    if team != turn.team:
        return f"It is {possessive(turn.team)} turn to pick, not {possessive(team)}."
    if card not in draft.cards:
        return f"{card} is not a Star Player card of this draft."
    if any(pick.card == card for pick in picks):
        owner = next(pick.team for pick in picks if pick.card == card)
        return f"{card} already belongs to {owner}."
    return None


def picks_errors(draft: Draft, picks: Sequence[DraftPick]) -> list[str]:
    """Every pick of `picks` that was not legal when it was made, as "Pick n: why"."""
    errors = []
    for index, pick in enumerate(picks):
        error = pick_error(draft, picks[:index], team=pick.team, card=pick.card)
        if error:
            errors.append(f"Pick {index + 1}: {error}")
    return errors


@dataclass(frozen=True, slots=True)
class DraftAutoPick:
    """An automatic pick and the draw that chose it."""

    pick: DraftPick
    draw: DrawRecord


def auto_pick(draft: Draft, picks: Sequence[DraftPick], rng: random.Random) -> DraftAutoPick:
    """E-S2: the pick of the team whose turn it is, drawn at random from the cards left (a
    missed deadline with automatic picks on). Raises ValueError when the draft is done."""
    turn = draft_turn(draft, picks)
    if turn is None:
        raise ValueError("The draft is over.")
    draw = draw_one(rng, cards_left(draft, picks), purpose="E-S2 automatic pick", actor=turn.team)
    return DraftAutoPick(
        pick=DraftPick(team=turn.team, card=draw.result, automatic=True), draw=draw
    )


def squads(draft: Draft, picks: Sequence[DraftPick]) -> dict[str, tuple[str, ...]]:
    """Each team's signed cards so far, in pick order (every team of the draft, maybe none)."""
    signed: dict[str, list[str]] = {team: [] for team in draft.order}
    for pick in picks:
        signed.setdefault(pick.team, []).append(pick.card)
    return {team: tuple(cards) for team, cards in signed.items()}
