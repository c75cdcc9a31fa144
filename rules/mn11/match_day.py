"""E-S1, E-S3: before a match: the Away card set, the GK picks and the starting line-ups.

The GK picks are open, as at the table: Home picks one of the three GK cards, then Away one
of the two Home left (so Away sees Home's card); the third is out of the match. Line-ups are
sealed: a coach sees the other's only once both are in (docs/rules-decisions.md).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from .cards import cards_text
from .settings import Mn11Settings
from .vocabulary import GkCard, Side

__all__ = [
    "LINEUP_SIZE",
    "GkPicks",
    "GkView",
    "away_set_change_error",
    "gk_cards_left",
    "gk_pick",
    "gk_pick_error",
    "gk_turn",
    "gk_view",
    "lineup_change_error",
    "lineup_errors",
    "lineup_visible",
]

#: E-S3: a starting line-up is 11 Player Cards, the GK card among them when GK cards are on.
LINEUP_SIZE = 11


@dataclass(frozen=True, slots=True)
class GkPicks:
    """E-S3: the GK card each side has picked so far."""

    home: GkCard | None = None
    away: GkCard | None = None

    def of(self, side: Side) -> GkCard | None:
        return self.home if side is Side.HOME else self.away

    @property
    def out(self) -> GkCard | None:
        """The card neither side took, once both have picked."""
        if self.home is None or self.away is None:
            return None
        return next(card for card in GkCard if card not in (self.home, self.away))


def gk_turn(picks: GkPicks) -> Side | None:
    """E-S3: Home picks first, then Away; None once both have."""
    if picks.home is None:
        return Side.HOME
    if picks.away is None:
        return Side.AWAY
    return None


def gk_cards_left(picks: GkPicks) -> tuple[GkCard, ...]:
    """E-S3: the GK cards still to pick from."""
    return tuple(card for card in GkCard if card not in (picks.home, picks.away))


def gk_pick_error(
    *, settings: Mn11Settings, picks: GkPicks, side: Side, card: GkCard
) -> str | None:
    """E-S3: why `side` may not pick `card` now (None when it may)."""
    if not settings.gk_expansion:
        return "This league plays without GK cards."
    turn = gk_turn(picks)
    if turn is None:
        return "Both GK cards are picked."
    if side is not turn:
        if picks.of(side) is not None:
            return f"{side.label} has picked its GK card."
        return "Home picks its GK card first."
    if card not in gk_cards_left(picks):
        return f"{card.label} is taken by {side.other.label}."
    return None


def gk_pick(*, settings: Mn11Settings, picks: GkPicks, side: Side, card: GkCard) -> GkPicks:
    """E-S3: `picks` with `side`'s pick; raises ValueError with the reason if not allowed."""
    error = gk_pick_error(settings=settings, picks=picks, side=side, card=card)
    if error:
        raise ValueError(error)
    return replace(picks, home=card) if side is Side.HOME else replace(picks, away=card)


@dataclass(frozen=True, slots=True)
class GkView:
    """E-S3 as one side sees it: its own pick, the other's, what it may pick from now (empty
    when it is not its turn) and the card out of the match."""

    own: GkCard | None
    other: GkCard | None
    choices: tuple[GkCard, ...]
    out: GkCard | None


def gk_view(picks: GkPicks, viewer: Side) -> GkView:
    """E-S3: everything picked is open; only the side whose turn it is has choices."""
    choices = gk_cards_left(picks) if gk_turn(picks) is viewer else ()
    return GkView(
        own=picks.of(viewer), other=picks.of(viewer.other), choices=choices, out=picks.out
    )


def lineup_errors(
    *,
    settings: Mn11Settings,
    cards: Sequence[str],
    gk: GkCard | None,
    available: Sequence[str],
    suspended: Collection[str] = (),
) -> list[str]:
    """E-S3: what is wrong with a starting line-up of `cards` (Player Card keys, the GK
    card's ``GkCard.card_key`` among them when GK cards are on); empty when it stands.

    `gk` is the team's GK pick for the match, `available` the keys of the Player Cards the
    team may field (its set's and its signed Star Players', rules.mn11.match_squad), each
    key exactly as it is (``home-07`` is no card), and `suspended` its cards serving a
    suspension (E-D3, refused only with the suspension setting on).
    """
    errors = []
    if len(cards) != LINEUP_SIZE:
        errors.append(f"A starting line-up is {LINEUP_SIZE} Player Cards, not {len(cards)}.")
    repeated = sorted({card for card in cards if cards.count(card) > 1})
    if repeated:
        verb = "appears" if len(repeated) == 1 else "appear"
        errors.append(f"Each card starts once: {', '.join(repeated)} {verb} more than once.")
    gk_keys = {card.card_key: card for card in GkCard}
    fielded_gks = [gk_keys[card] for card in cards if card in gk_keys]
    if settings.gk_expansion:
        if gk is None:
            errors.append("Pick the team's GK card before its line-up.")
        elif fielded_gks != [gk]:
            errors.append(f"The line-up includes the team's GK card, {gk.label}, and no other.")
    elif fielded_gks:
        errors.append("This league plays without GK cards.")
    unknown = list(dict.fromkeys(c for c in cards if c not in gk_keys and c not in available))
    if unknown:
        errors.append(
            f"Not cards the team may field: {', '.join(unknown)} (its cards: "
            f"{cards_text(available)})."
        )
    if settings.sent_off_suspension:
        banned = [card for card in cards if card in suspended]
        if banned:
            errors.append(f"Suspended for this match (sent off in the last): {', '.join(banned)}.")
    return errors


def lineup_change_error(*, lineups_in: Collection[Side], commissioner: bool) -> str | None:
    """E-S3, sealed line-ups: a line-up may be replaced until both are in; then both are
    revealed and final, and only a commissioner changes one (docs/rules-decisions.md)."""
    if set(lineups_in) >= set(Side) and not commissioner:
        return (
            "Both line-ups are in and revealed, so they are final: only a commissioner may "
            "change one now."
        )
    return None


def away_set_change_error(*, lineups_in: Collection[Side], commissioner: bool) -> str | None:
    """E-S1: the Away set is final once either line-up is in (the line-ups are chosen against
    it); then only a commissioner changes it."""
    if lineups_in and not commissioner:
        return "A line-up is in, so the Away set is final: only a commissioner may change it now."
    return None


def lineup_visible(*, owner: Side, viewer: Side, both_submitted: bool) -> bool:
    """Whether `viewer`'s coach may see `owner`'s line-up: his own always, the other's once
    both line-ups are in (chosen at the same time, as at the table)."""
    return viewer is owner or both_submitted
