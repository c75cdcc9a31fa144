"""`games.selectors.lineup_rows`: what a line-up is planned from (M-P3) and the players of a line-up
fixed at kick-off, statements written as SQL, read what the ORM queries they replaced read
(games/services/lineups.py and games/services/results.py before them)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import Model
from django.test.utils import CaptureQueriesContext

from games.models import LineupChoice, LineupEntry
from games.selectors.lineup_rows import PICKABLE, lineup_rows, lineup_stored
from games.services import fixture_team_sheets
from injuries.models import Injury
from rosters.models import Player
from rules.magnoball.vocabulary import Status

pytestmark = pytest.mark.django_db


def _fields(obj: Model) -> dict[str, object]:
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


def _by_id(objs) -> dict[int, dict[str, object]]:
    return {obj.pk: _fields(obj) for obj in objs}


@pytest.fixture
def roster(world, match_day):
    """The home team with a retired player, one on the injured list, an out injury and a
    served one, an enhanced veteran (JSON and boolean columns), and a named reserve."""
    home = list(world.home.players.order_by("shirt_number"))
    Player.objects.filter(pk=home[0].pk).update(roster_state=Player.RosterState.RETIRED)
    Player.objects.filter(pk=home[1].pk).update(roster_state=Player.RosterState.INJURED_LIST)
    Player.objects.filter(pk=home[2].pk).update(
        status=Status.VETERAN, veteran_actions=["tackles", "passing"], superstar=True
    )
    for player, state in ((home[3], Injury.State.OUT), (home[4], Injury.State.SERVED)):
        Injury.objects.create(
            player=player,
            season=world.season,
            duration_die="d12",
            duration_roll=4,
            games_out=2,
            state=state,
        )
    LineupChoice.objects.create(
        fixture=match_day, team=world.home, place="goalie-1", reserve=home[14]
    )
    return home


def test_the_rows_are_the_orm_reads(world, match_day, roster):
    teams = [world.home.pk, world.away.pk]

    rows = lineup_rows(team_ids=teams, fixture_ids=[match_day.pk])

    players = Player.objects.filter(team_id__in=teams, roster_state__in=PICKABLE)
    assert {team: _by_id(group) for team, group in rows.players.items()} == {
        team: _by_id(players.filter(team_id=team)) for team in teams
    }
    assert roster[0].pk not in _by_id(rows.players[world.home.pk])  # retired
    assert roster[1].pk in _by_id(rows.players[world.home.pk])  # on the injured list
    out = Injury.objects.filter(player__in=players, state=Injury.State.OUT)
    assert _by_id(rows.injuries.values()) == _by_id(out)
    assert list(rows.injuries) == [roster[3].pk]
    (named,) = rows.choices[(match_day.pk, world.home.pk)]
    expected = LineupChoice.objects.select_related("reserve").get()
    assert _fields(named) == _fields(expected)
    assert _fields(named.reserve) == _fields(expected.reserve)
    assert rows.choices.get((match_day.pk, world.away.pk), []) == []


def test_three_statements_whatever_the_number_of_teams_and_none_for_nobody(world, match_day):
    with CaptureQueriesContext(connection) as queries:
        lineup_rows(team_ids=[world.home.pk, world.away.pk], fixture_ids=[match_day.pk])
        lineup_rows(team_ids=[world.home.pk], fixture_ids=[])
    assert len(queries) == 3 + 2

    with CaptureQueriesContext(connection) as queries:
        rows = lineup_rows(team_ids=[], fixture_ids=[])
    assert len(queries) == 0
    assert (rows.players, rows.injuries, rows.choices) == ({}, {}, {})


def test_the_stored_line_ups_players_and_starters_are_the_orm_read(world, match_day, roster):
    empty = lineup_stored(fixture_id=match_day.pk)  # not kicked off yet
    assert (empty.players, empty.starters) == ({}, frozenset())

    fixture_team_sheets(fixture=match_day)

    stored = lineup_stored(fixture_id=match_day.pk)
    entries = LineupEntry.objects.filter(fixture=match_day).select_related("player")
    assert _by_id(stored.players.values()) == _by_id(entry.player for entry in entries)
    assert len(stored.players) == entries.count() > 22
    assert all(pk == player.pk for pk, player in stored.players.items())
    assert stored.starters == {entry.player_id for entry in entries if entry.starter}
    assert len(stored.starters) == sum(entry.starter for entry in entries) > 11
