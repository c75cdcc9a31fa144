"""E-S2: the Star Player draft's reads: the draft and its picks, each pick's deadline, a
team's signed cards, why a step would be refused and the live board (the writes are
mn11/services/draft.py).

A pick's clock starts when the previous pick was made (or was due: a missed deadline's
automatic pick counts as made at its deadline). The board reads what is stored: callers
draw the missed picks first (services.draft_catch_up), so the board is the same whether a
visitor's read, a pick attempt or the beat task (mn11/tasks.py) finds the deadline passed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from league.access import Actor, is_coach, is_commissioner
from league.errors import DomainError, PermissionRefused
from league.models import Season, StandingRow, Team
from mn11.catalogue import league_stars
from mn11.errors import Mn11Error
from mn11.models import Draft, DraftPick
from mn11.season_settings import season_rules
from rules import mn11 as rules
from rules.mn11 import possessive

# --- The draft -------------------------------------------------------------------------------


def draft_of(*, season: Season) -> Draft | None:
    return Draft.objects.filter(season=season).first()


def draft_picks(*, draft: Draft) -> list[DraftPick]:
    """`draft`'s picks in the order made."""
    return list(draft.picks.select_related("team", "made_by").order_by("number"))


def rule_picks(*, picks: Sequence[DraftPick]) -> list[rules.DraftPick]:
    return [pick.to_rules() for pick in picks]


def draft_deadline(*, draft: Draft) -> datetime | None:
    """When the pick on the clock is due; None once the draft is done."""
    if draft.finished_at is not None:
        return None
    return draft.clock_started_at + timedelta(hours=draft.pick_hours)


def team_stars(*, team: Team, season: Season) -> tuple[rules.StarCard, ...]:
    """E-S2: the Star Player cards `team` signed in `season`'s draft, in pick order, named
    as its league names them (none before the draft)."""
    keys = list(
        DraftPick.objects.filter(draft__season=season, team=team)
        .order_by("number")
        .values_list("card", flat=True)
    )
    by_key = {card.key: card for card in league_stars(league=season.league)}
    return tuple(by_key[key] for key in keys if key in by_key)


# --- Refusals ---------------------------------------------------------------------------------


def previous_positions(*, season: Season) -> dict[str, int]:
    """E-S2: each team's final position in the league's previous league season (team id as
    the rules' key); empty for the league's first season."""
    previous = (
        Season.objects.filter(
            league=season.league, format=Season.Format.LEAGUE, created_at__lt=season.created_at
        )
        .exclude(pk=season.pk)
        .order_by("-created_at")
        .first()
    )
    if previous is None:
        return {}
    rows = StandingRow.objects.filter(season=previous, position__isnull=False)
    return {
        str(team_id): position
        for team_id, position in rows.values_list("team_id", "position")
        if position is not None
    }


def _season_draft(season: Season, order: Sequence[str]) -> rules.Draft:
    return rules.draft_for_season(settings=season_rules(season=season), order=order)


def draft_start_refusal(*, season: Season) -> Mn11Error | None:
    """Why `season`'s draft may not start now (None when it may)."""
    if season.league.ruleset != "mn11":
        return Mn11Error(f"{season.league} does not play Magic Number Eleven.", code="wrong_game")
    if season.status != Season.Status.DRAFT:
        return Mn11Error(
            f"{season} has left draft: its draft is held before the season starts.",
            code="season_started",
        )
    if Draft.objects.filter(season=season).exists():
        return Mn11Error(f"The draft of {season} has started already.", code="already_started")
    teams = [str(pk) for pk in season.teams.values_list("pk", flat=True)]
    errors = _season_draft(season, teams).errors()
    if errors:
        return Mn11Error(" ".join(errors), code="draft_impossible")
    return None


def pick_refusal(
    *, draft: Draft, picks: Sequence[DraftPick], user: Actor, card: str | None, now: datetime
) -> DomainError | None:
    """Why `user` may not make the pick on the clock (with `card`, when given) now."""
    if draft.season.status != Season.Status.DRAFT:
        return Mn11Error(f"{draft.season} has started: the draft is closed.", code="season_started")
    turn = rules.draft_turn(draft.to_rules(), rule_picks(picks=picks))
    if turn is None:
        return Mn11Error("The draft is over: every team has signed its cards.", code="draft_done")
    team = Team.objects.select_related("league").get(pk=int(turn.team))
    commissioner = user is None or is_commissioner(user=user, league=draft.season.league)
    if not commissioner:
        if not is_coach(user=user, team=team):
            return PermissionRefused(
                f"It is {possessive(team.name)} turn to pick: only its coach or a commissioner "
                "may pick now."
            )
        deadline = draft_deadline(draft=draft)
        if deadline is not None and now >= deadline and not draft.auto_pick:
            return Mn11Error(
                f"{possessive(team.name)} pick was due at {deadline:%Y-%m-%d %H:%M} UTC: it "
                "waits for the commissioner.",
                code="deadline_passed",
            )
    if card is None:
        return None
    return _card_refusal(draft, picks, team=team, card=card)


def _card_refusal(
    draft: Draft, picks: Sequence[DraftPick], *, team: Team, card: str
) -> Mn11Error | None:
    error = rules.pick_error(
        draft.to_rules(), rule_picks(picks=picks), team=str(team.pk), card=card
    )
    if error is None:
        return None
    owner = next((pick.team for pick in picks if pick.card == card), None)
    if owner is not None:
        return Mn11Error(
            f"{card_name(draft=draft, key=card)} already belongs to {owner}.", code="taken"
        )
    return Mn11Error(
        f"{card} is not a Star Player card of this draft.", code="unknown_card", field="card"
    )


def draft_pick_refusal(
    *, season: Season, user: Actor, card: str | None = None
) -> DomainError | None:
    """Why `user` may not pick (`card`) now in `season`'s draft; None when he may."""
    draft = draft_of(season=season)
    if draft is None:
        return Mn11Error(f"The draft of {season} has not started.", code="not_started")
    return pick_refusal(
        draft=draft, picks=draft_picks(draft=draft), user=user, card=card, now=timezone.now()
    )


def card_name(*, draft: Draft, key: str) -> str:
    names = {card.key: card.name for card in league_stars(league=draft.season.league)}
    return names.get(key, key)


# --- The board --------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardPick:
    number: int
    round: int
    team: Team
    card: str
    name: str
    automatic: bool
    made_by: str
    made_at: datetime


@dataclass(frozen=True)
class BoardSquad:
    team: Team
    cards: tuple[rules.StarCard, ...]


@dataclass(frozen=True)
class BoardDraw:
    purpose: str
    options: tuple[str, ...]
    result: str


@dataclass(frozen=True)
class DraftBoard:
    """What the live board shows: the draft, whose turn it is and until when, the order,
    the cards left, each team's squad, the history, the order's draws and whether the
    viewer may pick now (and for whom)."""

    season: Season
    draft: Draft
    order: tuple[Team, ...]
    turn: rules.DraftTurn | None
    on_clock: Team | None
    deadline: datetime | None
    waits_for_commissioner: bool
    cards_left: tuple[rules.StarCard, ...]
    squads: tuple[BoardSquad, ...]
    picks: tuple[BoardPick, ...]
    draws: tuple[BoardDraw, ...]
    may_pick: bool
    refusal: str
    version: int

    @property
    def done(self) -> bool:
        return self.turn is None

    @property
    def deadline_note(self) -> str:
        """What a missed deadline does (the page and its poll say the same)."""
        if self.waits_for_commissioner:
            return "the deadline has passed: the pick waits for the commissioner."
        if self.draft.auto_pick:
            return "a missed deadline draws the pick at random."
        return "a missed deadline leaves the pick to the commissioner."


def _board_draws(draft: Draft, teams: dict[str, Team]) -> tuple[BoardDraw, ...]:
    shown = []
    for data in draft.draws:
        draw = rules.DrawRecord.from_dict(data)
        options = tuple(teams[key].name if key in teams else key for key in draw.options)
        result = teams[draw.result].name if draw.result in teams else draw.result
        shown.append(BoardDraw(purpose=draw.purpose, options=options, result=result))
    return tuple(shown)


def draft_board(*, season: Season, user: Actor, now: datetime | None = None) -> DraftBoard | None:
    """E-S2: `season`'s draft as its live board shows it to `user` at `now`; None before it
    starts. It reads what is stored: draw the missed picks first (services.draft_catch_up)."""
    now = now or timezone.now()
    draft = Draft.objects.select_related("season__league").filter(season=season).first()
    if draft is None:
        return None
    picks = draft_picks(draft=draft)
    plan, done = draft.to_rules(), rule_picks(picks=picks)
    teams = {str(t.pk): t for t in Team.objects.filter(pk__in=[int(k) for k in draft.order])}
    stars = {card.key: card for card in league_stars(league=season.league)}
    turn = rules.draft_turn(plan, done)
    deadline = draft_deadline(draft=draft)
    refusal = pick_refusal(draft=draft, picks=picks, user=user, card=None, now=now)
    return DraftBoard(
        season=season,
        draft=draft,
        order=tuple(teams[key] for key in draft.order),
        turn=turn,
        on_clock=teams[turn.team] if turn else None,
        deadline=deadline,
        waits_for_commissioner=bool(turn and deadline and now >= deadline and not draft.auto_pick),
        cards_left=tuple(stars[key] for key in rules.cards_left(plan, done)),
        squads=tuple(
            BoardSquad(team=teams[key], cards=tuple(stars[c] for c in cards))
            for key, cards in rules.squads(plan, done).items()
        ),
        picks=tuple(
            BoardPick(
                number=pick.number,
                round=(pick.number - 1) // len(draft.order) + 1,
                team=pick.team,
                card=pick.card,
                name=stars[pick.card].name,
                automatic=pick.automatic,
                made_by="drawn" if pick.automatic else str(pick.made_by or "the server"),
                made_at=pick.made_at,
            )
            for pick in picks
        ),
        draws=_board_draws(draft, teams),
        may_pick=refusal is None,
        refusal="" if refusal is None else refusal.message,
        version=len(picks),
    )


def _when(moment: Any) -> str:
    return "" if moment is None else timezone.localtime(moment).strftime("%Y-%m-%d %H:%M %Z")


def draft_board_data(board: DraftBoard) -> dict[str, Any]:
    """The board as plain data: the page's poll and the API answer it."""
    turn = board.turn
    return {
        "version": board.version,
        "done": board.done,
        "turn": None
        if turn is None or board.on_clock is None
        else {
            "team": board.on_clock.name,
            "team_id": board.on_clock.pk,
            "round": turn.round,
            "pick": turn.pick,
            "pick_in_round": turn.pick_in_round,
        },
        "deadline": board.deadline.isoformat() if board.deadline else None,
        "deadline_text": _when(board.deadline),
        "deadline_note": board.deadline_note,
        "waits_for_commissioner": board.waits_for_commissioner,
        "may_pick": board.may_pick,
        "refusal": board.refusal,
        "cards_left": [{"key": card.key, "name": card.name} for card in board.cards_left],
        "squads": [
            {
                "team": squad.team.name,
                "team_id": squad.team.pk,
                "cards": [{"key": c.key, "name": c.name} for c in squad.cards],
            }
            for squad in board.squads
        ],
        "picks": [
            {
                "number": pick.number,
                "round": pick.round,
                "team": pick.team.name,
                "card": pick.card,
                "name": pick.name,
                "automatic": pick.automatic,
                "made_by": pick.made_by,
                "made_at": _when(pick.made_at),
            }
            for pick in board.picks
        ],
    }
