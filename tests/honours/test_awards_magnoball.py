"""MagnoBall's season awards (games/honours.py) on a hand-built season: exact winners and
figures, a shared award, most improved against the previous season, Rookie of the year
(M-P4); and the season close naming them once, however often it is computed."""

from __future__ import annotations

import pytest
from django.utils import timezone

from league.errors import LeagueError, PermissionRefused
from league.honours.models import SeasonAward
from league.honours.services import season_awards_compute
from league.models import AuditEntry, Season
from league.services.season_end import season_close
from rosters.models import Player, PlayerSeason, PlayerSeasonStat
from tests.honours.helpers import season_of

pytestmark = pytest.mark.django_db


def line(player: Player, season: Season, *, games=5, points=0, **successes: int) -> None:
    PlayerSeason.objects.create(player=player, season=season, games_played=games, points=points)
    for category, count in successes.items():
        PlayerSeasonStat.objects.create(
            player=player, season=season, category=category, attempts=count + 3, successes=count
        )


def _players(world):
    home = list(world.home.players.order_by("pk"))
    away = list(world.away.players.order_by("pk"))
    return home, away


def _won(season: Season) -> dict[str, list[tuple[str, int, bool]]]:
    by_award: dict[str, list[tuple[str, int, bool]]] = {}
    for award in SeasonAward.objects.filter(season=season).order_by("name"):
        by_award.setdefault(award.award, []).append((award.name, award.figure, award.shared))
    return by_award


def test_each_award_goes_to_the_best_figure_and_a_tie_is_shared(world):
    home, away = _players(world)
    previous = season_of(world.league, "2025", [world.home, world.away])
    Season.objects.filter(pk=previous.pk).update(
        created_at=timezone.now() - timezone.timedelta(days=400)
    )
    season = season_of(world.league, "2026 Closed", [world.home, world.away])
    a, b, c, d = home[0], home[1], away[0], away[1]
    line(a, previous, scoring=4, tackles=2)  # 6 successful actions in 2025
    line(a, season, points=7, scoring=7, tackles=5)  # 12: +6
    line(b, previous, saves=9)  # 9
    line(b, season, points=0, saves=11)  # 11: +2
    line(c, season, points=7, tackles=5, scoring=1)  # level top scorer and tackler
    Player.objects.filter(pk=d.pk).update(start_status="rookie")
    line(d, season, points=1, scoring=1, passing=3)  # a Rookie in his first season: 4
    Player.objects.filter(pk=c.pk).update(start_status="rookie")  # first season too: 6

    season_awards_compute(season=season, actor=world.commissioner)
    won = _won(season)

    assert won["top_scorer"] == sorted([(a.name, 7, True), (c.name, 7, True)])
    assert won["best_goalie"] == [(b.name, 11, False)]
    assert won["most_tackles"] == sorted([(a.name, 5, True), (c.name, 5, True)])
    assert won["most_improved"] == [(a.name, 6, False)]
    assert won["rookie_of_the_year"] == [(c.name, 6, False)]
    improved = SeasonAward.objects.get(season=season, award="most_improved")
    assert improved.text == "+6 successful actions (12, up from 6 in 2025)"
    assert improved.holder == f"player:{a.pk}"
    assert improved.team == world.home
    assert SeasonAward.objects.get(season=season, award="best_goalie").text == "11 saves"


def test_nobody_wins_an_award_with_nothing_to_show(world):
    home, _ = _players(world)
    season = season_of(world.league, "Quiet", [world.home, world.away])
    line(home[0], season, points=0)
    assert season_awards_compute(season=season, actor=None) == []


def test_the_close_names_the_awards_and_naming_again_never_doubles(world):
    home, away = _players(world)
    season = season_of(world.league, "To close", [world.home, world.away], status="active")
    line(home[0], season, points=3, scoring=3)
    line(away[0], season, points=1, saves=4)

    closed = season_close(season=season, actor=world.commissioner)
    assert closed.champion == world.home  # the table's leader
    first = _won(season)
    assert first["top_scorer"] == [(home[0].name, 3, False)]
    assert first["best_goalie"] == [(away[0].name, 4, False)]

    again = season_awards_compute(season=season, actor=world.commissioner)
    assert len(again) == SeasonAward.objects.filter(season=season).count() == 2
    assert _won(season) == first
    # Named once in the audit log: the recompute changed nothing.
    assert AuditEntry.objects.filter(action="season.awards").count() == 1


def test_only_a_commissioner_recomputes_and_only_a_finished_season(world):
    running = season_of(world.league, "Running", [world.home, world.away], status="active")
    with pytest.raises(LeagueError) as refused:
        season_awards_compute(season=running, actor=world.commissioner)
    assert refused.value.code == "season_running"
    finished = season_of(world.league, "Done", [world.home, world.away])
    for user in (world.home_coach, world.away_coach, world.outsider):
        with pytest.raises(PermissionRefused):
            season_awards_compute(season=finished, actor=user)
