"""E-S2 on match day: after the season's draft a team fields only the Star Player cards it
signed; a card another team signed is refused in its line-up."""

from __future__ import annotations

import pytest

from league.models import Round, Season
from league.services.rounds import round_open
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from mn11.errors import Mn11Error
from mn11.models import DraftPick
from mn11.selectors import team_stars
from mn11.services import away_set_choose, draft_pick, draft_start, gk_pick_choose, lineup_submit
from rules.mn11 import AwaySet, GkCard, Side
from tests.mn11.draft_world import draft_world

pytestmark = pytest.mark.django_db


def test_a_team_fields_the_stars_it_signed_and_not_another_teams():
    world = draft_world(teams=2, stars_per_team=1)
    season = world.season
    draft_start(season=season, actor=world.commissioner)
    for card in ("base-01", "base-02"):
        draft_pick(season=season, actor=world.commissioner, card=card)
    signed = {pick.team_id: pick.card for pick in DraftPick.objects.filter(draft__season=season)}
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    round_open(round_=Round.objects.get(season=season, number=1), actor=world.commissioner)
    fixture = season.rounds.get(number=1).fixtures.select_related("home_team", "away_team").get()
    home = fixture.home_team
    coach = home.coach
    mine, theirs = signed[home.pk], signed[fixture.away_team_id]
    assert [card.key for card in team_stars(team=home, season=season)] == [mine]
    away_set_choose(fixture=fixture, actor=fixture.away_team.coach, away_set=AwaySet.BASE)
    gk_pick_choose(fixture=fixture, actor=coach, side=Side.HOME, card=GkCard.DEFENCE_COVER)
    outfield = [f"home-{n}" for n in range(1, 10)]
    with pytest.raises(Mn11Error):
        lineup_submit(
            fixture=fixture,
            actor=coach,
            side=Side.HOME,
            cards=["gk-defence-cover", *outfield, theirs],
        )
    lineup = lineup_submit(
        fixture=fixture, actor=coach, side=Side.HOME, cards=["gk-defence-cover", *outfield, mine]
    )
    assert mine in lineup.cards
