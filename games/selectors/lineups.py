"""The line-ups the pages show (M-P3): each team's as it would be fixed now, with who cannot
play and why, or as it was fixed at kick-off; and the teams that would kick off short-handed.
When a line-up is fixed and how a coach names a reserve: games/services/lineups.py."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db.models import Q

from games.models import LineupChoice, LineupEntry
from injuries.models import Injury
from league.models import Fixture, Season, Team
from rosters.models import Player
from rules.magnoball.lineup import Fill, RosterEntry, kick_off_lineup, place_key
from rules.magnoball.vocabulary import FIRST_STRING, Position

from .lineup_rows import lineup_rows

#: Fixtures whose line-up is still open: a coach may name reserves until kick-off.
OPEN_STATUSES = (Fixture.Status.SCHEDULED, Fixture.Status.INSPECTIONS, Fixture.Status.READY)


@dataclass(frozen=True)
class Place:
    """A first-string place as the pages show it."""

    key: str
    position: Position
    number: int
    first_stringer: Player | None
    why_out: str  # why his first-stringer cannot play ("" when he plays)
    starter: Player | None
    fill: Fill
    named: Player | None = None  # the coach's named reserve (it may no longer count)
    options: tuple[Player, ...] = ()  # the reserves a coach may name for it (vacant only)

    @property
    def vacant(self) -> bool:
        return self.fill is not Fill.FIRST_STRING


@dataclass
class TeamLineup:
    fixture: Fixture
    team: Team
    fixed: bool
    places: list[Place]
    bench: list[Player]
    unavailable: list[tuple[Player, str]] = field(default_factory=list)

    @property
    def starters(self) -> list[Player]:
        return [p.starter for p in self.places if p.starter is not None]

    @property
    def short(self) -> list[Place]:
        return [p for p in self.places if p.starter is None]

    @property
    def substitutes(self) -> list[Place]:
        return [p for p in self.places if p.vacant and p.starter is not None]

    @property
    def short_text(self) -> str:
        """E.g. "2 players short (Wingback, Halfback)"; empty when the team has its 11."""
        short = self.short
        if not short:
            return ""
        names = ", ".join(p.position.label for p in short)
        return f"{len(short)} player{'s' if len(short) > 1 else ''} short ({names})"


def _roster_order(player: Player) -> tuple[bool, int, int]:
    # Numbered players first (the team's own second-stringer before a numberless call-up),
    # the same on every database (they disagree on where NULLs sort).
    return (player.shirt_number is None, player.shirt_number or 0, player.pk)


def _injury_text(injury: Injury) -> str:
    left = injury.games_left
    return f"injured, {left} game{'s' if left != 1 else ''} left"


def _plan(
    fixture: Fixture,
    team: Team,
    players: Sequence[Player],
    injuries: dict[int, Injury],
    choices: Iterable[LineupChoice],
) -> TeamLineup:
    """M-P3 applied to the team's roster now, with the coach's named reserves."""
    why: dict[int, str] = {}
    for p in players:
        if p.roster_state == Player.RosterState.INJURED_LIST:
            why[p.pk] = "injured list"
        elif p.pk in injuries:
            why[p.pk] = _injury_text(injuries[p.pk])
    by_key = {str(p.pk): p for p in players}
    named = {c.place: c for c in choices}
    lineup = kick_off_lineup(
        [
            RosterEntry(
                str(p.pk), Position(p.position), p.string == Player.String.FIRST, p.pk not in why
            )
            for p in players
        ],
        {key: str(choice.reserve_id) for key, choice in named.items()},
    )
    bench = [by_key[key] for key in lineup.bench]
    places = [
        Place(
            key=place.key,
            position=place.position,
            number=place.number,
            first_stringer=by_key[place.first_stringer] if place.first_stringer else None,
            why_out=(
                why.get(int(place.first_stringer), "")
                if place.first_stringer
                else "no first-stringer"
            ),
            starter=by_key[place.starter] if place.starter else None,
            fill=place.fill,
            named=named[place.key].reserve if place.key in named else None,
            # A vacant place may take any fit reserve on the bench, or keep the one named.
            options=((by_key[place.starter],) if place.fill is Fill.NAMED and place.starter else ())
            + (tuple(bench) if place.fill is not Fill.FIRST_STRING else ()),
        )
        for place in lineup.places
    ]
    return TeamLineup(
        fixture=fixture,
        team=team,
        fixed=False,
        places=places,
        bench=bench,
        unavailable=[(p, why[p.pk]) for p in players if p.pk in why],
    )


def lineup_plans(*, pairs: Sequence[tuple[Fixture, Team]]) -> dict[tuple[int, int], TeamLineup]:
    """The line-up each (fixture, team) would be fixed with now (M-P3), keyed by their ids.
    Three queries whatever the number of pairs."""
    if not pairs:
        return {}
    rows = lineup_rows(
        team_ids={team.pk for _, team in pairs}, fixture_ids={fixture.pk for fixture, _ in pairs}
    )
    return {
        (fixture.pk, team.pk): _plan(
            fixture,
            team,
            sorted(rows.players[team.pk], key=_roster_order),
            rows.injuries,
            rows.choices[(fixture.pk, team.pk)],
        )
        for fixture, team in pairs
    }


def _stored(fixture: Fixture, team: Team, entries: Sequence[LineupEntry]) -> TeamLineup:
    """The line-up fixed at kick-off, from its LineupEntry rows."""
    places = []
    for entry in entries:
        if not entry.starter:
            continue
        position, _, ordinal = entry.place.rpartition("-")
        fill = Fill(entry.fill or Fill.FIRST_STRING)  # blank: fixed before places were stored
        places.append(
            Place(
                key=entry.place,
                position=Position(position or entry.position),
                number=int(ordinal) if ordinal.isdigit() else 0,
                first_stringer=entry.player if fill is Fill.FIRST_STRING else entry.replaces,
                why_out="",
                starter=entry.player,
                fill=fill,
            )
        )
    # Rows fixed before places were stored say nothing of short places.
    placed = any(entry.fill for entry in entries)
    if placed and len(places) < sum(FIRST_STRING.values()):
        # The M-P2 places nobody started in: the team played short there.
        filled = Counter(p.position for p in places)
        for position, count in FIRST_STRING.items():
            for number in range(filled[position] + 1, count + 1):
                key = place_key(position, number)
                places.append(Place(key, position, number, None, "", None, Fill.SHORT))
    return TeamLineup(
        fixture=fixture,
        team=team,
        fixed=True,
        places=places,
        bench=[e.player for e in entries if not e.starter],
    )


def lineup_is_fixed(fixture: Fixture) -> bool:
    """Kicked off: a result is recorded or a simulation is playing it (its line-up stored)."""
    return fixture.status not in OPEN_STATUSES


def fixture_lineups(*, fixture: Fixture) -> tuple[TeamLineup, TeamLineup]:
    """Both teams' line-ups for the match-day page: as fixed at kick-off once stored, else
    as they would be fixed now (M-P3), with who cannot play and why."""
    teams = (fixture.home_team, fixture.away_team)
    entries = (
        list(LineupEntry.objects.filter(fixture=fixture).select_related("player", "replaces"))
        if lineup_is_fixed(fixture)
        else []
    )
    if entries:
        home, away = (_stored(fixture, t, [e for e in entries if e.team_id == t.pk]) for t in teams)
        return home, away
    plans = lineup_plans(pairs=[(fixture, t) for t in teams])
    return plans[(fixture.pk, teams[0].pk)], plans[(fixture.pk, teams[1].pk)]


def next_fixtures(*, teams: Sequence[Team]) -> dict[int, Fixture]:
    """Each team's next fixture still to kick off in a season under way. One query."""
    ids = [t.pk for t in teams]
    upcoming = (
        Fixture.objects.filter(Q(home_team_id__in=ids) | Q(away_team_id__in=ids))
        .filter(status__in=OPEN_STATUSES)
        .filter(round__season__status__in=[Season.Status.ACTIVE, Season.Status.PLAYOFFS])
        .select_related("round__season", "home_team", "away_team")
        .order_by("round__season__created_at", "round__number", "id")
    )
    found: dict[int, Fixture] = {}
    for fixture in upcoming:
        for team_id in (fixture.home_team_id, fixture.away_team_id):
            if team_id in ids:
                found.setdefault(team_id, fixture)
    return found


def short_handed(*, pairs: Sequence[tuple[Fixture, Team]]) -> list[TeamLineup]:
    """The line-ups among `pairs` that would kick off short-handed now (M-P3)."""
    plans = lineup_plans(pairs=pairs)
    return [plans[(f.pk, t.pk)] for f, t in pairs if plans[(f.pk, t.pk)].short]
