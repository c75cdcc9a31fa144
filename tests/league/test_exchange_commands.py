"""``manage.py league_export`` and ``league_import`` (docs/data.md, "Commands")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from league.exchange.document_schema import document_schema_text
from league.models import League
from tests.league.exchange_helpers import COPY_SLUG, as_copy
from tests.world import World

pytestmark = pytest.mark.django_db


def _export(world: World, tmp_path: Path) -> Path:
    out = tmp_path / "league.json"
    call_command("league_export", world.league.slug, "-o", str(out))
    return out


def test_export_writes_the_leagues_document(world: World, tmp_path: Path) -> None:
    document = json.loads(_export(world, tmp_path).read_text(encoding="utf-8"))

    assert document["format"] == "magnoball-league-export"
    assert [team["name"] for team in document["teams"]] == [world.home.name, world.away.name]


def test_export_of_an_unknown_league_says_so(db: None) -> None:
    with pytest.raises(CommandError, match="No league with the slug 'nowhere'"):
        call_command("league_export", "nowhere")


def test_export_writes_the_schema(tmp_path: Path) -> None:
    out = tmp_path / "schema.json"

    call_command("league_export", "--schema", "-o", str(out))

    assert out.read_text(encoding="utf-8") == document_schema_text()


def _as_copy_file(path: Path) -> Path:
    path.write_text(json.dumps(as_copy(json.loads(path.read_text()))), encoding="utf-8")
    return path


def test_import_dry_run_writes_nothing(
    world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _as_copy_file(_export(world, tmp_path))

    call_command("league_import", str(path), "--dry-run")

    assert "No problems: imported-copy can be imported" in capsys.readouterr().out
    assert not League.objects.filter(slug=COPY_SLUG).exists()


def test_import_makes_the_league(
    world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _as_copy_file(_export(world, tmp_path))

    call_command("league_import", str(path))

    assert "Imported imported-copy" in capsys.readouterr().out
    assert League.objects.get(slug=COPY_SLUG).teams.count() == 2


def test_a_refused_import_prints_each_problem_and_exits_1(
    world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _export(world, tmp_path)  # its slug and name are taken: the league is here

    with pytest.raises(SystemExit) as exited:
        call_command("league_import", str(path))

    assert exited.value.code == 1
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("league, slug: The address") for line in lines)
    assert any(line.startswith("league, name: ") for line in lines)


def test_a_file_that_is_not_json_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "league.json"
    path.write_text("not json", encoding="utf-8")

    with pytest.raises(SystemExit) as exited:
        call_command("league_import", str(path), "--dry-run")

    assert exited.value.code == 1
    assert capsys.readouterr().out.startswith("line 1, column 1: Not JSON")
