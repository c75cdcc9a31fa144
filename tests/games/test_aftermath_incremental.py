"""A new result's players' side added (games.services.aftermath for a new result: season lines,
stat totals, career games and status, M-P5, and the injured-list countdown, M-I1) is exactly
what the recount from all the season's lines and fixtures (the same aftermath for a
correction or a void) leaves, match after match."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.services import fixture_team_sheets, game_aftermath, result_record_simulation, round_open
from injuries.models import Injury
from league.models import Fixture, Round
from rosters.models import Player, PlayerSeason, PlayerSeasonStat
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.simulator import simulate_match


def _players_side(world: Any) -> tuple[list[Any], list[Any], list[Any], list[Any]]:
    teams = [world.home.pk, world.away.pk]
    return (
        list(
            PlayerSeason.objects.filter(player__team_id__in=teams)
            .order_by("player_id", "season_id")
            .values_list("player_id", "season_id", "games_played", "points")
        ),
        list(
            PlayerSeasonStat.objects.filter(player__team_id__in=teams)
            .order_by("player_id", "season_id", "category")
            .values_list("player_id", "season_id", "category", "attempts", "successes")
        ),
        list(
            Player.objects.filter(team_id__in=teams)
            .order_by("pk")
            .values_list("pk", "games_played", "status")
        ),
        list(
            Injury.objects.filter(player__team_id__in=teams)
            .order_by("pk")
            .values_list("pk", "games_out", "games_missed", "state")
        ),
    )


def test_each_new_result_adds_what_the_recount_gives(world: Any, match_day: Fixture) -> None:
    fixtures = list(
        Fixture.objects.filter(round__season=world.season).order_by("round__number", "id")
    )
    assert len(fixtures) >= 2
    for number, fixture in enumerate(fixtures, start=1):
        if fixture.status != Fixture.Status.READY:
            round_open(round_=Round.objects.get(pk=fixture.round_id), actor=None)
            fixture.refresh_from_db()
        home, away, settings = fixture_team_sheets(fixture=fixture)
        match = simulate_match(home=home, away=away, settings=settings, seed=number)
        # Injuries of one game and of two (M-I1: half the die), so some are served by the next.
        dice = ScriptedDice([2, 6, 4, 6] * 20)
        result_record_simulation(fixture=fixture, match=match, dice=dice)
        added = _players_side(world)
        with transaction.atomic():
            game_aftermath(
                fixture=Fixture.objects.select_related("round__season").get(pk=fixture.pk)
            )
            assert _players_side(world) == added, f"after round {number}"

    season_lines, _, players, injuries = _players_side(world)
    assert max(games for _, _, games, _ in season_lines) == len(fixtures)
    assert len(fixtures) in {games for _, games, _ in players}
    # The dice gave injuries, some served and some still out: both counts were compared.
    assert {state for *_, state in injuries} >= {Injury.State.OUT, Injury.State.SERVED}
