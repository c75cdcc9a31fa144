"""E-D5 in the playoffs: a level knockout match goes to its shootout's winner (shootouts are
on for knockout matches by default), not to the higher seed as a drawn MagnoBall overtime."""

from __future__ import annotations

import pytest

from league.models import Fixture, Round, StandingRow
from league.services.playoffs import playoffs_advance, playoffs_start
from league.services.rounds import round_open
from tests.mn11.world import goal as goal_event
from tests.mn11.world import kicks, mn11_world, play, raw_report

pytestmark = pytest.mark.django_db


def test_a_level_final_goes_to_the_shootout_winner_not_the_higher_seed():
    world = mn11_world(teams=2, rounds=2)
    season = world.season
    season.playoff_teams = 2
    season.save(update_fields=["playoff_teams"])
    for fixture in Fixture.objects.filter(round__season=season).order_by("round__number"):
        play(fixture, actor=world.commissioner)  # the home side wins 2-0 each time
    playoffs_start(season=season, actor=world.commissioner)
    final_round = Round.objects.get(season=season, stage=Round.Stage.PLAYOFF)
    round_open(round_=final_round, actor=world.commissioner)
    final = final_round.fixtures.select_related("home_team", "away_team").get()
    seeds = dict(StandingRow.objects.filter(season=season).values_list("team_id", "position"))
    lower_seed = max((final.home_team_id, final.away_team_id), key=lambda team: seeds[team] or 0)
    side = "home" if lower_seed == final.home_team_id else "away"
    other = "away" if side == "home" else "home"
    card = {"home": "home-9", "away": "away-base-7"}
    play(
        final,
        actor=world.commissioner,
        **raw_report(
            home_score=1,
            away_score=1,
            events=[goal_event("home", 1, card["home"]), goal_event("away", 2, card["away"])],
            shootout=kicks(
                (side, True),
                (other, False),
                (side, True),
                (other, False),
                (side, True),
                (other, False),
            ),
        ),
    )
    champion = playoffs_advance(season=season, actor=world.commissioner)
    assert champion.pk == lower_seed
