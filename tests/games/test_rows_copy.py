"""A simulated match's events and rolls, written by COPY on PostgreSQL (league/sql/copy.py),
read back exactly as ``bulk_create`` of model instances stored them: JSON columns included,
``created_at`` set, the dice ledger still append-only in the database."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models import ProtectedError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Appearance, MatchEvent, StatLine
from games.services import fixture_team_sheets, report_from_match, result_record_simulation
from league.sql import copy as rows_copy_module
from league.sql.copy import rows_copy
from rosters.models import DiceRoll
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.simulator import simulate_match

pytestmark = pytest.mark.django_db

#: Added to a copy's sequence so the rows bulk_create writes beside COPY's are told apart.
OFFSET = 100_000

_EVENT_COLUMNS = ("half", "kind", "team_id", "player_id", "text", "data")
_ROLL_COLUMNS = (
    "league_id",
    "season_id",
    "team_id",
    "player_id",
    "fixture_id",
    "rolled_by_id",
    "entered_by_id",
    "source",
    "purpose",
    "die",
    "faces",
    "modifier",
    "result",
    "detail",
)


def _recorded(match_day):
    home, away, settings = fixture_team_sheets(fixture=match_day)
    match = simulate_match(home=home, away=away, settings=settings, seed=21)
    began = timezone.now()
    result = result_record_simulation(
        fixture=match_day, match=match, dice=ScriptedDice([2, 5] * 30)
    )
    return result, match, began


def test_events_and_rolls_read_back_as_bulk_create_stored_them(world, match_day):
    result, match, began = _recorded(match_day)
    events = MatchEvent.objects.filter(result=result)
    rolls = DiceRoll.objects.filter(fixture=match_day, source="simulation")
    assert events.count() == len(match.events) > 100
    assert rolls.count() == len(match.rolls) > 100

    # The same rows again through model instances and bulk_create, beside the first.
    MatchEvent.objects.bulk_create(
        MatchEvent(
            result=result,
            sequence=event.sequence + OFFSET,
            **{name: getattr(event, name) for name in _EVENT_COLUMNS},
        )
        for event in events.order_by("sequence")
    )
    DiceRoll.objects.bulk_create(
        DiceRoll(sequence=roll.sequence + OFFSET, **{n: getattr(roll, n) for n in _ROLL_COLUMNS})
        for roll in rolls.order_by("sequence")
    )

    def stored(model, columns, **where):
        rows = model.objects.filter(**where).values_list("sequence", *columns)
        copied = sorted(row for row in rows if row[0] < OFFSET)
        bulk = sorted((row[0] - OFFSET, *row[1:]) for row in rows if row[0] >= OFFSET)
        return copied, bulk

    copied, bulk = stored(MatchEvent, _EVENT_COLUMNS, result=result)
    assert copied == bulk
    assert [row[0] for row in copied] == list(range(len(match.events)))
    # The JSON as the engine gave it, keys and nesting and all.
    assert [row[-1] for row in copied] == [event.as_dict() for event in match.events]
    copied, bulk = stored(DiceRoll, _ROLL_COLUMNS, fixture=match_day, source="simulation")
    assert copied == bulk
    assert [row[11] for row in copied] == [list(roll.faces) for roll in match.rolls]

    # auto_now_add: set while recording, and the batch reads in its order by time.
    copies = rolls.filter(sequence__lt=OFFSET)
    stamps = list(copies.order_by("created_at", "sequence").values_list("created_at", "sequence"))
    assert all(began <= stamp <= timezone.now() + timedelta(seconds=1) for stamp, _ in stamps)
    assert [sequence for _, sequence in stamps] == list(range(len(match.rolls)))


def test_copied_rolls_stay_append_only_in_the_database(world, match_day):
    _recorded(match_day)
    roll = DiceRoll.objects.filter(fixture=match_day).first()
    assert roll is not None
    table = DiceRoll._meta.db_table
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(f"UPDATE {table} SET result = 99 WHERE id = %s", [roll.pk])


def test_a_player_or_fixture_the_rolls_and_events_name_cannot_be_deleted(world, match_day):
    # Their keys carry no database constraint (rosters.models.DiceRoll): PROTECT guards them.
    _recorded(match_day)
    event = MatchEvent.objects.filter(player__isnull=False).select_related("player").first()
    roll = DiceRoll.objects.filter(fixture=match_day, player__isnull=False).first()
    assert event is not None
    assert roll is not None
    for protected, by in (
        (event.player, MatchEvent),
        (roll.player, DiceRoll),
        (match_day, DiceRoll),
    ):
        with pytest.raises(ProtectedError) as refused, transaction.atomic():
            protected.delete()
        assert by in {type(row) for row in refused.value.protected_objects}
    assert DiceRoll.objects.filter(pk=roll.pk, player=roll.player_id).exists()


def test_a_copy_is_one_statement_that_query_counters_see(world, match_day):
    _recorded(match_day)
    result = MatchEvent.objects.first().result
    with CaptureQueriesContext(connection) as queries:
        written = rows_copy(
            MatchEvent,
            ("result_id", "sequence", "half", "kind", "text", "data"),
            [(result.pk, OFFSET + n, 1, "note", f"{n}", {"n": n, "x": [None]}) for n in range(3)],
        )
    assert written == 3
    assert len(queries) == 1
    expected = "COPY" if connection.vendor == "postgresql" else "INSERT"
    assert queries[0]["sql"].startswith(expected)
    assert list(
        MatchEvent.objects.filter(sequence__gte=OFFSET).order_by("sequence").values_list("data")
    ) == [({"n": n, "x": [None]},) for n in range(3)]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="COPY is PostgreSQL's")
def test_a_copy_goes_in_binary_unless_a_column_type_is_unknown(world, match_day, monkeypatch):
    # Binary: the server parses no text. A column type psycopg does not know sends the
    # copy as text, which the server casts: the same rows either way.
    result, _, _ = _recorded(match_day)
    fields = ("result_id", "sequence", "half", "kind", "text", "data")
    rows = [(result.pk, OFFSET + n, 1, "note", "é", {"n": n}) for n in range(2)]
    with CaptureQueriesContext(connection) as queries:
        rows_copy(MatchEvent, fields, rows[:1])
    assert queries[0]["sql"].endswith("(FORMAT BINARY)")

    class Registry:
        def get_oid(self, name):
            raise KeyError(name)

    monkeypatch.setattr(rows_copy_module, "_adapters", Registry)
    with CaptureQueriesContext(connection) as queries:
        rows_copy(MatchEvent, fields, rows[1:])
    assert queries[0]["sql"].endswith("FROM STDIN")
    assert list(
        MatchEvent.objects.filter(sequence__gte=OFFSET)
        .order_by("sequence")
        .values_list("half", "kind", "text", "data")
    ) == [(1, "note", "é", {"n": 0}), (1, "note", "é", {"n": 1})]


@pytest.mark.parametrize(
    "data",
    [{"n": 1, "x": [None, True, 2.5, "é"]}, [3, 4], "a bare string", 7, 2**70, {}, []],
)
def test_any_json_value_is_read_back_as_it_was_written(world, match_day, data):
    # A JSON column's value, whatever its type, as bulk_create would have stored it.
    result, _, _ = _recorded(match_day)
    fields = ("result_id", "sequence", "half", "kind", "text", "data")
    rows_copy(MatchEvent, fields, [(result.pk, OFFSET, 1, "note", "json", data)])
    stored = MatchEvent.objects.filter(sequence=OFFSET)
    assert stored.values_list("data", flat=True).get() == data


def test_a_row_of_the_wrong_length_is_refused(world, match_day):
    result, _, _ = _recorded(match_day)
    with pytest.raises(ValueError, match="A row of 1 values for 2 fields"), transaction.atomic():
        rows_copy(MatchEvent, ("result_id", "sequence"), [(result.pk,)])


def test_a_results_events_go_with_it_though_their_key_has_no_constraint(world, match_day):
    # MatchEvent.result carries no database constraint (games migration 0012): Django's
    # CASCADE deletes the events, as the database's did not.
    result, match, _ = _recorded(match_day)
    assert MatchEvent.objects.filter(result=result).count() == len(match.events)
    with transaction.atomic():
        result.appearances.all().delete()
        result.delete()
    assert not MatchEvent.objects.filter(result_id=result.pk).exists()


def test_a_results_lines_go_with_it_though_their_keys_have_no_constraint(world, match_day):
    # Appearance.result and StatLine.appearance carry no database constraint (games
    # migration 0013): Django's CASCADE deletes them.
    result, _, _ = _recorded(match_day)
    appearances = list(Appearance.objects.filter(result=result).values_list("pk", flat=True))
    assert StatLine.objects.filter(appearance_id__in=appearances).count() > 10
    with transaction.atomic():
        result.delete()
    assert not Appearance.objects.filter(pk__in=appearances).exists()
    assert not StatLine.objects.filter(appearance_id__in=appearances).exists()


def test_a_simulations_stat_lines_are_written_as_its_report_gave_them(world, match_day):
    # A simulation's stat lines go without instances (games.services.results._store_lines).
    result, match, _ = _recorded(match_day)
    stored = {
        (line.appearance.player_id, line.category): (line.attempts, line.successes)
        for line in StatLine.objects.filter(appearance__result=result).select_related("appearance")
    }
    reported = {
        (line.player_id, category): tuple(counts)
        for line in report_from_match(match).lines
        for category, counts in line.stats.items()
    }
    assert stored == reported
    assert len(stored) > 10
