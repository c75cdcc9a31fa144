"""Line-ups at kick-off (M-P3): who starts in each first-string place, the reserves a coach
names, and the line-up fixed for the match.

**When the line-up is fixed**: at kick-off, i.e. when the fixture's result is recorded
(games/services/results.py) or when a worker starts its simulation (``fixture_team_sheets``), in the
same transaction that locks the fixture. Not when the round opens: results of the previous
round, force-healing (M-I3, "before the team's next game"), the injured list and call-ups
(M-P9) may all still change who can play, and M-P3 replaces "at kick-off for those out
before the match". The simulation plays the stored starters and the result is checked
against the same stored line-up, so both always agree.

Until then a coach (or a commissioner) may name another fit reserve for a vacant place
(``lineup_name_reserve``); the pages show the line-up as it would be fixed now
(``fixture_lineups``) and warn of a short-handed team (``short_handed``): those reads are
games/selectors/lineups.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from games.errors import GamesError
from games.models import LineupChoice, LineupEntry
from games.selectors import FixedLineup, TeamLineup, lineup_is_fixed, lineup_plans
from league.access import Actor, require_coach_or_commissioner
from league.audit import audit_record
from league.models import Fixture, Season, Team
from league.sql.copy import rows_copy
from rosters.models import Player

# --- Writing: a coach's named reserve, and the line-up fixed at kick-off ----------------------


def _lock_open_fixture(fixture_id: int, *, team: Team, actor: Actor) -> Fixture:
    fixture = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("round__season__league", "home_team", "away_team")
        .get(pk=fixture_id)
    )
    if team.pk not in (fixture.home_team_id, fixture.away_team_id):
        raise GamesError(f"{team} does not play in {fixture}.", code="not_in_fixture")
    require_coach_or_commissioner(user=actor, team=team)
    if lineup_is_fixed(fixture):
        raise GamesError(
            f"{fixture} has kicked off ({fixture.get_status_display().lower()}): its line-up "
            "is fixed.",
            code="lineup_fixed",
        )
    if fixture.round.season.status in (Season.Status.FINISHED, Season.Status.ARCHIVED):
        raise GamesError(f"{fixture.round.season} is closed.", code="season_not_running")
    return fixture


def lineup_name_reserve(
    *, fixture: Fixture, team: Team, place: str, reserve: Player | None, actor: Actor
) -> TeamLineup:
    """M-P3: the coach names another fit reserve for a vacant first-string place of his
    team in this fixture, instead of the second-string counterpart; ``reserve`` None goes
    back to the counterpart. Until kick-off only. Returns the line-up as it now stands."""
    with transaction.atomic():
        # Locks the fixture: a name is taken before kick-off fixes the line-up, never after.
        locked = _lock_open_fixture(fixture.pk, team=team, actor=actor)
        plan = lineup_plans(pairs=[(locked, team)])[(locked.pk, team.pk)]
        target = next((p for p in plan.places if p.key == place), None)
        if target is None or not target.vacant:
            raise GamesError(
                f"{place} is not a vacant place of {team}'s first string: its first-stringer "
                "plays, so there is nobody to replace.",
                code="place_not_vacant",
                field="place",
            )
        existing = LineupChoice.objects.filter(fixture=locked, team=team, place=place).first()
        before = {"reserve": existing.reserve_id if existing else None}
        if reserve is None:
            if existing is not None:
                existing.delete()
        else:
            allowed = (*target.options, *([target.starter] if target.starter else []))
            if reserve.team_id != team.pk or reserve not in allowed:
                raise GamesError(
                    f"{reserve} cannot be named for {target.position.label} place "
                    f"{target.number}: name a fit reserve of {team} who is not already "
                    "starting.",
                    code="reserve_not_available",
                    field="reserve",
                )
            if existing is None:
                LineupChoice.objects.create(
                    fixture=locked, team=team, place=place, reserve=reserve, chosen_by=_user(actor)
                )
            else:
                existing.reserve, existing.chosen_by = reserve, _user(actor)
                existing.save(update_fields=["reserve", "chosen_by", "chosen_at"])
        audit_record(
            actor=actor,
            action="lineup.name_reserve",
            obj=locked,
            league=locked.round.season.league,
            message=f"{team}, {target.position.label} place {target.number}: "
            + (f"{reserve} named" if reserve else "back to the second-string counterpart"),
            before=before,
            after={"team": team.pk, "place": place, "reserve": reserve.pk if reserve else None},
        )
        return lineup_plans(pairs=[(locked, team)])[(locked.pk, team.pk)]


def _user(actor: Actor) -> User | None:
    return actor if actor is not None and actor.is_authenticated else None


def lineup_fix(*, fixture: Fixture) -> tuple[TeamLineup, TeamLineup]:
    """Kick-off: store both teams' line-ups (M-P3) as LineupEntry rows, starters in place
    order then the bench, replacing any left by an earlier kick-off that did not finish.
    The caller holds the fixture's lock. Returns the home and away line-ups stored."""
    plans = lineup_plans(pairs=[(fixture, fixture.home_team), (fixture, fixture.away_team)])
    home = plans[(fixture.pk, fixture.home_team_id)]
    away = plans[(fixture.pk, fixture.away_team_id)]
    LineupEntry.objects.filter(fixture=fixture).delete()
    # Rows as tuples: nobody needs their ids, and bulk_create's model instances were most of a
    # kick-off's time (docs/performance.md, "Set-based writes and COPY").
    rows_copy(LineupEntry, _ENTRY_FIELDS, [*_entry_rows(home), *_entry_rows(away)])
    return home, away


_ENTRY_FIELDS = (
    "fixture_id",
    "team_id",
    "player_id",
    "position",
    "starter",
    "place",
    "fill",
    "replaces_id",
)


def _entry_rows(lineup: TeamLineup) -> Iterator[tuple[Any, ...]]:
    """`lineup`'s LineupEntry rows, as _ENTRY_FIELDS: its starters in place order, then the
    bench."""
    fixture_id, team_id = lineup.fixture.pk, lineup.team.pk
    for place in lineup.places:
        if place.starter is not None:
            starter, replaces = place.starter, place.first_stringer if place.vacant else None
            replaces_id = replaces.pk if replaces else None
            key, fill = place.key, place.fill.value
            yield (fixture_id, team_id, starter.pk, starter.position, True, key, fill, replaces_id)
    for player in lineup.bench:
        yield (fixture_id, team_id, player.pk, player.position, False, "", "", None)


def lineup_players(lineups: Iterable[TeamLineup]) -> FixedLineup:
    """Fixed line-ups as a result is checked against them: every player who may take the
    field, by id, and the starters, who took it (M-P3)."""
    players = {p.pk: p for lineup in lineups for p in (*lineup.starters, *lineup.bench)}
    starters = frozenset(p.pk for lineup in lineups for p in lineup.starters)
    return FixedLineup(players, starters)
