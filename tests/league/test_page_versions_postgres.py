"""On PostgreSQL a league's page version is bumped at commit, not at the first write
(league/sql/page_version_triggers.py): two transactions writing rows of one league (results of one
season, issue #16) do not wait for each other's commit at the version row, and each
committed transaction bumps each league it wrote exactly once."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections, transaction
from django.utils import timezone

from league.models import Fixture, Season, StandingRow, Team
from league.page_versions import page_version
from league.standings_page import standings_body

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite serialises every writer and bumps at the write",
    ),
]


def _stored(world) -> int:
    """The league's version row as this transaction sees it (page_version says None while
    the transaction has uncommitted writes of the league)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT coalesce(max(version), 0) FROM league_pageversion WHERE league_id = %s",
            [world.league.pk],
        )
        (version,) = cursor.fetchone()
    return int(version)


def _pending() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM league_pageversionpending")
        (count,) = cursor.fetchone()
    return int(count)


def test_two_transactions_writing_one_league_do_not_wait_for_each_other(world, match_day):
    before = _stored(world)
    kickoff = timezone.now()
    a_wrote, b_done, errors = threading.Event(), threading.Event(), []

    def a() -> None:
        # Writes a fixture of the league and holds its transaction open until B is done.
        try:
            with transaction.atomic():
                Fixture.objects.filter(pk=match_day.pk).update(kickoff=kickoff)
                a_wrote.set()
                if not b_done.wait(timeout=5):
                    errors.append("B did not commit while A's transaction was open")
        except Exception as error:  # reported below: a thread's failure fails the test
            errors.append(repr(error))
        finally:
            a_wrote.set()
            connections.close_all()

    def b() -> None:
        try:
            a_wrote.wait(timeout=5)
            with connection.cursor() as cursor:
                cursor.execute("SET lock_timeout = '1s'")
            with transaction.atomic():
                Team.objects.filter(pk=world.away.pk).update(name="Written by B")
            b_done.set()
        except Exception as error:
            errors.append(repr(error))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=a), threading.Thread(target=b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=15)

    assert errors == []
    assert Team.objects.get(pk=world.away.pk).name == "Written by B"
    assert Fixture.objects.get(pk=match_day.pk).kickoff == kickoff
    assert page_version(league_id=world.league.pk) == before + 2, "one bump per transaction"
    assert _pending() == 0


def test_the_version_moves_once_at_commit_however_many_statements(world):
    before = _stored(world)
    with transaction.atomic():
        StandingRow.objects.filter(season=world.season).update(points=4)
        Team.objects.filter(pk=world.home.pk).update(name="Harbour Hawks")
        assert _stored(world) == before, "not before commit"
        assert page_version(league_id=world.league.pk) is None, "and no page cached meanwhile"
        assert _pending() == 1
    assert page_version(league_id=world.league.pk) == before + 1
    assert _pending() == 0


def test_one_statement_over_two_leagues_rows_bumps_each_league_once(world, make_league):
    # The trigger looks each distinct key up once (a season here, a result for a match's
    # events): the rows of two seasons of two leagues still bump both leagues, once.
    other, other_season = make_league("Second League", teams=4)
    before, other_before = _stored(world), page_version(league_id=other.pk) or 0
    seasons = [world.season.pk, other_season.pk]
    with transaction.atomic():
        written = StandingRow.objects.filter(season__in=seasons).update(points=2)
        assert written == 2 + 4
        assert _pending() == 2
    assert page_version(league_id=world.league.pk) == before + 1
    assert page_version(league_id=other.pk) == other_before + 1
    assert _pending() == 0


def test_a_transaction_rolled_back_leaves_no_bump_and_no_pending_row(world):
    before = _stored(world)

    def write_then_fail() -> None:
        with transaction.atomic():
            StandingRow.objects.filter(season=world.season).update(points=9)
            raise RuntimeError("undo")

    with pytest.raises(RuntimeError):
        write_then_fail()
    assert page_version(league_id=world.league.pk) == before
    assert _pending() == 0


def test_constraints_set_immediate_bump_at_once_and_still_once_more_after(world):
    """SET CONSTRAINTS ALL IMMEDIATE fires the bump at the statement: still correct, and a
    later write of the same transaction is bumped again at commit."""
    before = _stored(world)
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        Team.objects.filter(pk=world.home.pk).update(name="Harbour Hawks")
        assert _stored(world) == before + 1
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        Team.objects.filter(pk=world.home.pk).update(name="Harbour Herons")
        assert _stored(world) == before + 1
    assert page_version(league_id=world.league.pk) == before + 2
    assert _pending() == 0


@pytest.mark.parametrize("first", ["savepoint", "outside"])
def test_a_savepoint_rolled_back_takes_only_its_own_writes(world, first):
    """Whether the league was first recorded inside the savepoint rolled back or before it,
    the transaction's own write outside it is bumped at commit, once."""
    before = _stored(world)

    def write_then_fail() -> None:
        with transaction.atomic():
            Team.objects.filter(pk=world.away.pk).update(name="Undone")
            raise RuntimeError("undo the savepoint")

    def undone() -> None:
        with pytest.raises(RuntimeError):
            write_then_fail()

    with transaction.atomic():
        if first == "savepoint":
            undone()
        Team.objects.filter(pk=world.home.pk).update(name="Harbour Hawks")
        if first == "outside":
            undone()
    assert page_version(league_id=world.league.pk) == before + 1
    assert Team.objects.get(pk=world.away.pk).name == "Away Arrows"
    assert _pending() == 0


def test_a_page_rendered_by_the_writing_transaction_is_not_cached(world):
    """Its rows may still be rolled back: the standings it renders are neither stored nor
    served from the cache, so a rollback leaves no copy of what never happened."""
    season = Season.objects.get(pk=world.season.pk)
    standings_body(season=season)

    def write_render_fail() -> None:
        with transaction.atomic():
            StandingRow.objects.filter(season=world.season, team=world.home).update(
                explanation="Never committed"
            )
            assert "Never committed" in standings_body(season=season).html
            raise RuntimeError("undo")

    with pytest.raises(RuntimeError):
        write_render_fail()
    assert "Never committed" not in standings_body(season=season).html
