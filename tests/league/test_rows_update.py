"""The set-based writes of league/sql/writes.py: rows changed by one UPDATE, counts added
by one upsert and new rows inserted by one INSERT, each value read back as written (None,
text, datetimes, JSON), on PostgreSQL as one array a column, so the statement is the same
whatever the number of rows, and a single row as one VALUES row."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.test.utils import CaptureQueriesContext

from league.audit import audit_record
from league.models import AuditEntry, StandingRow
from league.sql.writes import (
    _column,
    rows_add,
    rows_append,
    rows_insert,
    rows_update,
    rows_update_statement,
)
from rosters.models import Player, PlayerSeason, PlayerSeasonStat

pytestmark = pytest.mark.django_db


def test_rows_update_writes_each_row_its_own_values(world):
    players = list(world.home.players.order_by("pk")[:3])
    left = datetime(2026, 12, 2, 15, 30, 45, 123456, tzinfo=UTC)
    players[0].roster_state, players[0].left_at = Player.RosterState.RETIRED, left
    players[1].roster_state, players[1].left_at = Player.RosterState.INJURED_LIST, None
    players[2].games_played = 7
    assert rows_update(Player, players, ["roster_state", "left_at", "games_played"]) == 3
    stored = {p.pk: p for p in Player.objects.filter(pk__in=[p.pk for p in players])}
    assert (stored[players[0].pk].roster_state, stored[players[0].pk].left_at) == (
        Player.RosterState.RETIRED,
        left,
    )
    assert stored[players[1].pk].roster_state == Player.RosterState.INJURED_LIST
    assert stored[players[1].pk].left_at is None
    assert stored[players[2].pk].games_played == 7
    untouched = world.home.players.exclude(pk__in=[p.pk for p in players]).first()
    assert untouched is not None
    assert untouched.games_played == 0


def test_rows_update_leaves_a_row_that_no_longer_holds_its_condition(world):
    # A waiting job's new reason is not written over a job another dispatcher queued.
    players = list(world.home.players.order_by("pk")[:2])
    Player.objects.filter(pk=players[1].pk).update(roster_state=Player.RosterState.RETIRED)
    for player in players:
        player.games_played = 5
    written = rows_update(
        Player, players, ["games_played"], where={"roster_state": Player.RosterState.ACTIVE}
    )
    assert written == 1
    stored = dict(
        Player.objects.filter(pk__in=[p.pk for p in players]).values_list("pk", "games_played")
    )
    assert stored == {players[0].pk: 5, players[1].pk: 0}


def test_text_and_numbers_are_read_back_as_written_whatever_their_characters(world):
    # On PostgreSQL an integer or text column goes as an array's text (_array_text): quotes,
    # backslashes, commas, braces, blanks, the word NULL and non-ASCII letters stay as typed.
    names = ['Kai "The Wall" O\'Neil', "back\\slash\\", "a,b}{c", "  NULL  ", "NULL", "Åsa Ødegård"]
    names += ["", '\\"', "tab\there"]
    players = list(world.home.players.order_by("pk")[: len(names)])
    for number, (player, name) in enumerate(zip(players, names, strict=True)):
        player.name, player.games_played = name, 2**31 - 1 - number
        player.shirt_number = None if number % 3 == 0 else number
    assert rows_update(Player, players, ["name", "games_played", "shirt_number"]) == len(names)
    stored = {
        pk: values
        for pk, *values in Player.objects.filter(pk__in=[p.pk for p in players]).values_list(
            "pk", "name", "games_played", "shirt_number"
        )
    }
    assert [stored[p.pk] for p in players] == [
        [p.name, p.games_played, p.shirt_number] for p in players
    ]
    assert [stored[p.pk][0] for p in players] == names


def test_one_row_at_a_time_reads_back_as_written(world):
    # On PostgreSQL a single row goes as one VALUES row, each value cast (_rows_source), not
    # as arrays: the same values must come back, text, numbers, None, choices and datetimes.
    names = ['Kai "The Wall" O\'Neil', "back\\slash\\", "a,b}{c", "  NULL  ", "NULL", "Åsa Ødegård"]
    players = list(world.home.players.order_by("pk")[: len(names)])
    left = datetime(2026, 12, 5, 9, 45, 1, 654321, tzinfo=UTC)
    for number, (player, name) in enumerate(zip(players, names, strict=True)):
        player.name, player.games_played = name, 2**31 - 1 - number
        player.shirt_number = None if number % 2 else number
        player.roster_state = Player.RosterState.RETIRED if number % 2 else player.roster_state
        player.left_at = left if number % 2 else None
        fields = ["name", "games_played", "shirt_number", "roster_state", "left_at"]
        assert rows_update(Player, [player], fields) == 1
    stored = {
        pk: values
        for pk, *values in Player.objects.filter(pk__in=[p.pk for p in players]).values_list(
            "pk", "name", "games_played", "shirt_number", "roster_state", "left_at"
        )
    }
    assert [stored[p.pk] for p in players] == [
        [p.name, p.games_played, p.shirt_number, p.roster_state, p.left_at] for p in players
    ]


def test_one_row_inserted_keeps_its_json_and_its_nulls(world):
    entry = audit_record(
        actor=None,
        action="test.one_row",
        obj=world.season,
        league=world.league,
        message="one row",
        before={"a": [1, None], "é": 'x "y"', "n": 2**40},
        after=None,
    )
    stored = AuditEntry.objects.get(pk=entry.pk)
    assert stored.before == entry.before == {"a": [1, None], "é": 'x "y"', "n": 2**40}
    assert AuditEntry.objects.filter(pk=entry.pk, after__isnull=True, actor=None).exists()
    assert (stored.action, stored.league_id, stored.object_id) == (
        "test.one_row",
        world.league.pk,
        str(world.season.pk),
    )


def test_rows_add_inserts_new_rows_and_adds_to_existing_ones(world):
    season, (first, second) = world.season, list(world.home.players.order_by("pk")[:2])

    def add(*rows: tuple[Player, str, int, int]) -> None:
        rows_add(
            PlayerSeasonStat,
            [
                {"player": p.pk, "season": season.pk, "category": c, "attempts": a, "successes": s}
                for p, c, a, s in rows
            ],
            unique=("player", "season", "category"),
            add=("attempts", "successes"),
        )

    add((first, "scoring", 3, 1), (second, "tackles", 2, 2))
    add((first, "scoring", 2, 2), (first, "tackles", 1, 0))
    stored = {
        (row.player_id, row.category): (row.attempts, row.successes)
        for row in PlayerSeasonStat.objects.filter(season=season)
    }
    assert stored == {
        (first.pk, "scoring"): (5, 3),
        (first.pk, "tackles"): (1, 0),
        (second.pk, "tackles"): (2, 2),
    }


@pytest.mark.skipif(connection.vendor != "postgresql", reason="arrays are PostgreSQL's")
def test_on_postgresql_the_statement_does_not_grow_with_the_rows(world):
    players = list(world.home.players.order_by("pk"))
    statements = []
    for count in (2, len(players)):
        with CaptureQueriesContext(connection) as queries:
            rows_update(Player, players[:count], ["games_played"])
        statements.append(queries[-1]["sql"].split(" FROM UNNEST(")[0])
    assert statements[0] == statements[1]
    assert "VALUES" not in queries[-1]["sql"]
    with CaptureQueriesContext(connection) as queries:
        rows_update(Player, players[:1], ["games_played"])
    assert "UNNEST" not in queries[-1]["sql"]
    assert "VALUES" in queries[-1]["sql"]


def test_rows_insert_returns_saved_instances_in_order(world, django_assert_num_queries):
    players = list(world.home.players.order_by("pk")[:3])
    rows = [(p.pk, world.season.pk, index, 10 * index) for index, p in enumerate(players)]

    with django_assert_num_queries(1):
        made = rows_insert(PlayerSeason, ("player_id", "season_id", "games_played", "points"), rows)

    assert [(m.player_id, m.season_id, m.games_played, m.points) for m in made] == rows
    stored = {s.pk: s for s in PlayerSeason.objects.all()}
    assert sorted(stored) == sorted(m.pk for m in made)
    for instance in made:
        assert not instance._state.adding
        saved = stored[instance.pk]
        assert (saved.player_id, saved.games_played, saved.points) == (
            instance.player_id,
            instance.games_played,
            instance.points,
        )
    assert rows_insert(PlayerSeason, ("player_id", "season_id", "games_played", "points"), []) == []


@pytest.mark.parametrize("players_changed", [1, 3])
def test_rows_insert_makes_another_tables_write_along_with_it(world, players_changed):
    # An injury's insert closes the careers it ends (injuries.services.injuries_record): on
    # PostgreSQL one statement (a data-modifying WITH), elsewhere the write just before it.
    players = list(world.home.players.order_by("pk")[:players_changed])
    left = datetime(2026, 12, 5, 22, 40, 1, 250000, tzinfo=UTC)
    along = rows_update_statement(
        Player,
        [(p.pk, Player.RosterState.RETIRED, left) for p in players],
        ["roster_state", "left_at"],
    )
    rows = [(p.pk, world.season.pk, 1, 0) for p in players]
    with CaptureQueriesContext(connection) as queries:
        made = rows_insert(
            PlayerSeason, ("player_id", "season_id", "games_played", "points"), rows, along=along
        )
    assert len(queries) == (1 if connection.vendor == "postgresql" else 2)
    assert [(m.player_id, m.games_played) for m in made] == [(p.pk, 1) for p in players]
    assert sorted(PlayerSeason.objects.values_list("pk", flat=True)) == sorted(m.pk for m in made)
    stored = set(world.home.players.filter(left_at=left).values_list("pk", "roster_state"))
    assert stored == {(p.pk, Player.RosterState.RETIRED) for p in players}
    assert world.home.players.filter(roster_state=Player.RosterState.ACTIVE).count() == (
        world.home.players.count() - players_changed
    )


def test_rows_append_writes_the_rows_in_one_statement_and_returns_their_number(
    world, django_assert_num_queries
):
    players = list(world.home.players.order_by("pk")[:3])
    fields = ("player_id", "season_id", "category", "attempts", "successes")
    rows = [
        (p.pk, world.season.pk, f"cat-{index}", index, index // 2)
        for index, p in enumerate(players)
    ]

    with django_assert_num_queries(1) as queries:
        assert rows_append(PlayerSeasonStat, fields, rows) == 3
    assert "RETURNING" not in queries[0]["sql"]
    stored = PlayerSeasonStat.objects.values_list(*[f.removesuffix("_id") for f in fields])
    assert sorted(stored) == sorted(rows)
    with django_assert_num_queries(0):
        assert rows_append(PlayerSeasonStat, fields, []) == 0


def test_rows_insert_wants_every_field_so_nothing_is_left_to_read(world):
    with pytest.raises(ValueError, match="every concrete field"):
        rows_insert(PlayerSeason, ("player_id", "season_id"), [(1, 1)])


@pytest.mark.parametrize("model", [Player, PlayerSeason, PlayerSeasonStat, StandingRow])
def test_a_columns_values_are_sent_as_the_field_would_send_them(model):
    # Plain ints and strs skip the field's preparation (league.sql.writes._column); every
    # value must still be what the field gives, and anything else goes through the field.
    db = connections[DEFAULT_DB_ALIAS]
    samples = [0, 7, -3, 2**40, "", "text", None, True, Player.RosterState.RETIRED]
    samples += [datetime(2026, 12, 4, 18, 0, tzinfo=UTC), {"a": [1]}]
    for field in model._meta.concrete_fields:
        for value in samples:
            try:
                expected = field.get_db_prep_save(value, connection=db)
            except (TypeError, ValueError, ValidationError):
                continue  # a value the field refuses is no case here
            (sent,) = _column(field, [value], db)
            # psycopg's Jsonb wrapper (a JSON field's value) compares by identity: its object.
            assert getattr(sent, "obj", sent) == getattr(expected, "obj", expected), (field, value)
            if type(sent) is not type(expected):
                # Django wraps an int in psycopg's Int2/4/8 on PostgreSQL; the cast types it.
                assert type(sent) is int, (field, value)
                assert isinstance(expected, int), (field, value)
