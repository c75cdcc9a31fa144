"""A league's JSON document that does not hold is refused with every problem named (its
JSON path and key), and nothing changes (docs/data.md, "Importing")."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import override_settings

from bench.exchange import _result_body
from games.api.views.fixtures import report_from_input
from games.services import result_record
from league.errors import PermissionRefused
from league.exchange.document_export import league_document_export
from league.exchange.document_import import document_parse, league_document_import
from league.exchange.problems import ImportRefused, Problem
from league.models import Fixture
from tests.league.exchange_helpers import as_copy, export
from tests.world import World, make_commissioner

pytestmark = pytest.mark.django_db


@pytest.fixture
def document(match_day: Fixture, world: World) -> dict[str, Any]:
    """The world's league with one result reported (stat lines and all), as a copy to
    import beside it."""
    body = _result_body(match_day, random.Random(3))
    report = report_from_input({"overtime": False, "table_rolls": {}, **body})
    result_record(fixture=match_day, report=report, actor=world.commissioner)
    return as_copy(export(world.league.pk))


def _rows() -> dict[str, int]:
    """How many rows each of the league's apps' tables (and the people) has."""
    labels = ("league", "rosters", "injuries", "games", "auth")
    return {
        model._meta.label: model._base_manager.count()
        for model in apps.get_models()
        if model._meta.app_label in labels
    }


def _refused(document: dict[str, Any], **kwargs: Any) -> list[Problem]:
    before = _rows()
    with pytest.raises(ImportRefused) as refused:
        league_document_import(document=document, actor=None, dry_run=False, **kwargs)
    assert _rows() == before, "a refused import changed something"
    return refused.value.problems


def _places(problems: list[Problem]) -> set[tuple[str, str]]:
    return {(p.where, p.field) for p in problems}


def test_the_document_imports_as_a_new_league(document: dict[str, Any]) -> None:
    outcome = league_document_import(document=document, actor=None, dry_run=False)

    assert outcome.league_id is not None
    assert outcome.slug == "imported-copy"
    assert outcome.counts["results"] == 1
    assert outcome.counts["appearances"] > 0


def test_a_dry_run_finds_no_problem_and_writes_nothing(document: dict[str, Any]) -> None:
    before = _rows()

    outcome = league_document_import(document=document, actor=None, dry_run=True)

    assert outcome.league_id is None
    assert outcome.dry_run
    assert outcome.counts["teams"] == 2
    assert _rows() == before


def test_a_dry_run_lists_the_same_problems_as_the_import(document: dict[str, Any]) -> None:
    document["fixtures"][0]["home_team"] = 99
    before = _rows()

    with pytest.raises(ImportRefused) as refused:
        league_document_import(document=document, actor=None, dry_run=True)

    assert _places(refused.value.problems) == _places(_refused(document))
    assert _rows() == before


def test_another_format_is_refused(document: dict[str, Any]) -> None:
    document["format"] = "someone-elses-export"

    assert ("format", "format") in _places(_refused(document))


def test_a_later_version_is_refused(document: dict[str, Any]) -> None:
    document["version"] = 2

    problems = _refused(document)

    assert _places(problems) == {("version", "version")}
    assert "version 1" in problems[0].message


def test_an_unknown_game_is_refused(document: dict[str, Any]) -> None:
    document["league"]["ruleset"] = "chess"

    assert _places(_refused(document)) == {("league", "ruleset")}


def test_an_unknown_team_is_named_where_it_is_referred_to(document: dict[str, Any]) -> None:
    document["fixtures"][0]["away_team"] = 99

    problems = _refused(document)

    assert ("fixtures[0]", "away_team") in _places(problems)
    assert "99" in next(p.message for p in problems if p.field == "away_team")


def test_an_unknown_player_is_named(document: dict[str, Any]) -> None:
    document["game"]["magnoball"]["appearances"][0]["player"] = 9999

    assert ("game.magnoball.appearances[0]", "player") in _places(_refused(document))


def test_a_player_listed_twice_in_his_team_is_refused(document: dict[str, Any]) -> None:
    players = document["game"]["magnoball"]["players"]
    players[1]["name"] = players[0]["name"]
    players[1]["team"] = players[0]["team"]

    problems = _refused(document)

    assert ("game.magnoball.players[1]", "name") in _places(problems)


def test_two_rows_with_one_id_are_refused(document: dict[str, Any]) -> None:
    document["teams"][1]["id"] = document["teams"][0]["id"]

    assert ("teams[1]", "id") in _places(_refused(document))


def test_two_rule_sets_for_one_season_are_refused(document: dict[str, Any]) -> None:
    rules = document["game"]["magnoball"]["season_rules"]
    rules.append(dict(rules[0]))

    assert ("game.magnoball.season_rules[1]", "season") in _places(_refused(document))


def test_the_export_reports_its_progress(world: World) -> None:
    seen: list[tuple[int, int]] = []

    league_document_export(
        league_id=world.league.pk, progress=lambda done, total: seen.append((done, total))
    )

    assert seen[-1][0] == seen[-1][1]
    assert [done for done, _ in seen] == list(range(1, len(seen) + 1))


def test_a_score_the_stat_lines_do_not_add_up_to_is_refused(document: dict[str, Any]) -> None:
    document["results"][0]["home_score"] += 1

    problems = _refused(document)

    assert ("results[0]", "home_score") in _places(problems)


def test_a_score_that_is_no_score_is_refused(document: dict[str, Any]) -> None:
    document["results"][0]["away_score"] = -2

    assert ("results[0]", "away_score") in _places(_refused(document))


def test_a_wrong_value_is_named_with_its_key(document: dict[str, Any]) -> None:
    document["seasons"][0]["status"] = "paused"
    document["teams"][0]["created_at"] = "yesterday"
    document["rounds"][0]["number"] = "one"

    places = _places(_refused(document))

    assert {("seasons[0]", "status"), ("teams[0]", "created_at"), ("rounds[0]", "number")} <= (
        places
    )


def test_an_unknown_field_is_refused(document: dict[str, Any]) -> None:
    document["teams"][0]["mascot"] = "a gull"

    assert ("teams[0]", "mascot") in _places(_refused(document))


def test_a_taken_slug_is_refused(world: World, document: dict[str, Any]) -> None:
    document["league"]["slug"] = world.league.slug

    problems = _refused(document)

    assert ("league", "slug") in _places(problems)


def test_a_slug_that_is_no_address_is_refused(document: dict[str, Any]) -> None:
    document["league"]["slug"] = "neon coast/2"

    assert ("league", "slug") in _places(_refused(document))


def test_every_problem_is_listed_at_once(document: dict[str, Any]) -> None:
    document["fixtures"][0]["away_team"] = 99
    document["game"]["magnoball"]["players"][0]["status"] = "legend"
    document["audit_log"][0]["actor"] = "nobody-listed"

    places = _places(_refused(document))

    assert {
        ("fixtures[0]", "away_team"),
        ("game.magnoball.players[0]", "status"),
        ("audit_log[0]", "actor"),
    } <= places


def test_a_problem_in_the_last_table_leaves_nothing_behind(document: dict[str, Any]) -> None:
    document["audit_log"][-1]["action"] = None  # after every other table was written

    assert _places(_refused(document)) == {
        (f"audit_log[{len(document['audit_log']) - 1}]", "action")
    }


def test_people_missing_here_are_made_inactive_with_no_password(
    world: World, document: dict[str, Any]
) -> None:
    username = world.home_coach.username
    world.home_coach.username = "coach-elsewhere"
    world.home_coach.save(update_fields=["username"])

    league_document_import(document=document, actor=None, dry_run=False)

    made = User.objects.get(username=username)
    assert not made.is_active
    assert not made.has_usable_password()
    assert User.objects.get(username="commissioner").is_active  # matched, untouched


def test_only_someone_who_may_create_leagues_may_import(
    world: World, document: dict[str, Any]
) -> None:
    for user in (world.commissioner, world.home_coach, world.outsider):
        with pytest.raises(PermissionRefused):
            league_document_import(document=document, actor=user, dry_run=True)

    allowed = make_commissioner("group-commissioner")
    outcome = league_document_import(document=document, actor=allowed, dry_run=False)
    assert outcome.league_id is not None


# --- The file ------------------------------------------------------------------------------


@override_settings(LEAGUE_IMPORT_MAX_BYTES=1000)
def test_a_file_over_the_size_limit_is_refused_unread() -> None:
    with pytest.raises(ImportRefused) as refused:
        document_parse(data=b" " * 1001)

    assert _places(refused.value.problems) == {("file", "")}
    assert "at most" in refused.value.problems[0].message


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (b"\xff\xfe{}", "file"),
        (b'{"format": ', "line 1, column 12"),
        (b"[1, 2]", "file"),
    ],
)
def test_a_file_that_is_not_a_json_object_is_refused(data: bytes, where: str) -> None:
    with pytest.raises(ImportRefused) as refused:
        document_parse(data=data)

    assert [p.where for p in refused.value.problems] == [where]


def test_a_file_parses_to_its_document(document: dict[str, Any]) -> None:
    data = json.dumps(document).encode()

    assert document_parse(data=data) == copy.deepcopy(document)
