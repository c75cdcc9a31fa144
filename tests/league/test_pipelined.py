"""Writes sent without waiting for their answers (league/sql/pipeline.py). Inside a pipeline a
write under ``unanswered`` is not waited for, yet every read sees it; the ORM still reads
its row counts (a ``save()`` of a saved row stays an UPDATE); a COPY becomes an INSERT; and
a write that fails unanswered fails its transaction whole. On SQLite nothing changes."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from league.sql.copy import rows_copy
from league.sql.pipeline import in_pipeline, pipelined, unanswered
from league.sql.writes import rows_append, rows_update
from rosters.models import DiceRoll, Player, PlayerSeason

pytestmark = pytest.mark.django_db

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="pipeline mode is PostgreSQL's (psycopg)"
)


def _players(world, count=3):
    return list(world.home.players.order_by("pk")[:count])


@on_postgresql
def test_an_unanswered_write_is_not_waited_for_and_the_next_read_sees_it(world):
    players = _players(world)
    for player in players:
        player.games_played = 4
    with transaction.atomic(), pipelined():
        assert in_pipeline()
        # Sent, not waited for: its row count is not known yet (DB-API's -1).
        assert rows_update(Player, players, ["games_played"]) == -1
        stored = set(
            Player.objects.filter(pk__in=[p.pk for p in players]).values_list(
                "games_played", flat=True
            )
        )
        assert stored == {4}
    assert not in_pipeline()


@on_postgresql
def test_the_orm_reads_its_row_counts_inside_a_pipeline(world):
    player, other = _players(world, 2)
    rows_before = Player.objects.count()
    with transaction.atomic(), pipelined():
        # A save() of a saved row counts its UPDATE's rows: were the count not waited
        # for, it would read 0 and INSERT the row a second time.
        player.name = "Renamed In A Pipeline"
        player.save(update_fields=["name"])
        player.games_played = 2
        player.save()
        changed = Player.objects.filter(pk__in=[player.pk, other.pk]).update(games_played=9)
        assert changed == 2
    assert Player.objects.count() == rows_before
    player.refresh_from_db()
    assert (player.name, player.games_played) == ("Renamed In A Pipeline", 9)


def test_a_copy_inside_a_pipeline_goes_as_one_insert(world, django_assert_num_queries):
    rows = [
        (world.league.pk, "server", sequence, "pipeline test", "d6", [sequence, 6], 1, 7, "")
        for sequence in range(5)
    ]
    fields = (
        "league_id",
        "source",
        "sequence",
        "purpose",
        "die",
        "faces",
        "modifier",
        "result",
        "detail",
    )
    with transaction.atomic(), pipelined(), django_assert_num_queries(1) as queries:
        assert rows_copy(DiceRoll, fields, rows) == len(rows)
    if connection.vendor == "postgresql":
        assert queries.captured_queries[0]["sql"].startswith("INSERT INTO")
    stored = DiceRoll.objects.filter(purpose="pipeline test").order_by("sequence")
    assert [(roll.sequence, roll.faces) for roll in stored] == [(s, [s, 6]) for s in range(5)]
    assert all(roll.created_at is not None for roll in stored)


@on_postgresql
def test_a_write_that_fails_unanswered_fails_its_whole_transaction(world):
    player, other = _players(world, 2)
    season = world.season
    PlayerSeason.objects.create(player=player, season=season)
    fields = ("player_id", "season_id", "games_played", "points")

    def write() -> None:
        with transaction.atomic(), pipelined():
            Player.objects.filter(pk=other.pk).update(games_played=5)
            # Its player and season already have their line: refused, and reported later.
            rows_append(PlayerSeason, fields, [(player.pk, season.pk, 1, 1)])
            Player.objects.filter(pk=other.pk).update(games_played=6)

    with pytest.raises(IntegrityError):
        write()
    # Nothing of the transaction is kept, and the connection is usable again.
    assert not in_pipeline()
    other.refresh_from_db()
    assert other.games_played == 0
    assert PlayerSeason.objects.filter(player=player).count() == 1


def test_without_postgresql_a_pipeline_changes_nothing(world):
    players = _players(world)
    for player in players:
        player.games_played = 3
    with transaction.atomic(), pipelined(), unanswered():
        written = rows_update(Player, players, ["games_played"])
    if connection.vendor == "postgresql":
        assert written == -1
    else:
        assert not in_pipeline()
        assert written == len(players)
    assert set(
        world.home.players.filter(pk__in=[p.pk for p in players]).values_list(
            "games_played", flat=True
        )
    ) == {3}


@on_postgresql
def test_a_savepoint_rolled_back_inside_a_pipeline_leaves_the_rest(world):
    # The ORM's own recovery (get_or_create's, a nested atomic) works as outside: the
    # refused write is waited for, its savepoint rolled back, and the transaction goes on.
    player, other = _players(world, 2)
    season = world.season
    PlayerSeason.objects.create(player=player, season=season, games_played=1)
    with transaction.atomic(), pipelined():
        with unanswered():
            rows_update(Player, [other], ["games_played"])
        with pytest.raises(IntegrityError), transaction.atomic():
            PlayerSeason.objects.create(player=player, season=season)
        line, created = PlayerSeason.objects.get_or_create(player=player, season=season)
        assert (created, line.games_played) == (False, 1)
        Player.objects.filter(pk=other.pk).update(games_played=8)
    other.refresh_from_db()
    assert other.games_played == 8
