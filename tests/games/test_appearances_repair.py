"""Games migration 0014 (issue #47): results stored while a report's unnamed starters got no
appearance are given them, and the players concerned their games and status (M-P3, M-P5);
a second run changes nothing."""

from __future__ import annotations

import importlib
from io import StringIO

import pytest
from django.apps import apps
from django.db import transaction

from games.models import Appearance, LineupEntry
from games.services import (
    PlayerLine,
    ResultReport,
    game_aftermath,
    result_record,
    starters_appearances_give,
)
from league.models import Fixture
from rosters.models import Player, PlayerSeason
from rules.magnoball.vocabulary import Status

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.migrations.0014_starters_appearances")


def _stored_the_old_way(world, fixture: Fixture) -> None:
    """A result as it was stored before issue #47: only the scorer and the goalies named,
    so the other 19 starters have no appearance and no game."""
    lines = [PlayerLine(world.home.players.get(shirt_number=1).pk, 1, {"scoring": (2, 1)})]
    lines += [PlayerLine(team.players.get(shirt_number=11).pk) for team in (world.home, world.away)]
    result = result_record(
        fixture=fixture, report=ResultReport(1, 0, lines=tuple(lines)), actor=None
    )
    named = {line.player_id for line in lines}
    with transaction.atomic():
        Appearance.objects.filter(result=result).exclude(player_id__in=named).delete()
        game_aftermath(fixture=Fixture.objects.get(pk=fixture.pk), result=None)


def _state() -> tuple[
    list[tuple[int, int]], list[tuple[int, int, int]], list[tuple[int, int, str]]
]:
    return (
        sorted(Appearance.objects.values_list("result_id", "player_id")),
        sorted(PlayerSeason.objects.values_list("player_id", "season_id", "games_played")),
        sorted(Player.objects.values_list("pk", "games_played", "status")),
    )


def test_the_migration_gives_the_missing_starters_their_appearances_and_games(world, match_day):
    # Rookies become Pros after one game here, so the rerun progression shows (M-P5).
    world.season.rules.rookie_to_pro_games = 1
    world.season.rules.save(update_fields=["rookie_to_pro_games"])
    rookie = world.away.players.get(shirt_number=4)
    Player.objects.filter(pk=rookie.pk).update(status=Status.ROOKIE, start_status=Status.ROOKIE)
    _stored_the_old_way(world, match_day)
    starters = set(LineupEntry.objects.filter(starter=True).values_list("player_id", flat=True))
    assert len(starters) == 22
    assert Appearance.objects.count() == 3
    assert not PlayerSeason.objects.filter(player=rookie).exists()

    printed = StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdout", printed)
        MIGRATION._give(apps, None)

    assert "19 starters' appearances given in 1 results" in printed.getvalue()
    assert set(Appearance.objects.values_list("player_id", flat=True)) == starters
    lines = PlayerSeason.objects.filter(player_id__in=starters, season=world.season)
    assert sorted(lines.values_list("games_played", flat=True)) == [1] * 22
    rookie.refresh_from_db()
    assert (rookie.games_played, rookie.status) == (1, Status.PRO)
    scorer = PlayerSeason.objects.get(player__team=world.home, player__shirt_number=1)
    assert (scorer.games_played, scorer.points) == (1, 1)


def test_a_second_run_changes_nothing(world, match_day):
    _stored_the_old_way(world, match_day)
    first = starters_appearances_give(apps)
    before = _state()

    second = starters_appearances_give(apps)

    assert (first.appearances, first.results) == (19, 1)
    assert (second.appearances, second.results, second.players) == (0, 0, 0)
    assert _state() == before
