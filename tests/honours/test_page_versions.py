"""The team and player pages are cached under the league's page version: naming a season's
awards bumps it, so a cached team page shows its new award at once."""

from __future__ import annotations

import pytest

from league.honours.services import season_awards_compute
from league.page_versions import page_version
from rosters.models import PlayerSeason
from tests.honours.helpers import season_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_naming_the_awards_refreshes_the_cached_team_page(world, client):
    season = season_of(world.league, "Cached", [world.home, world.away])
    scorer = world.home.players.order_by("pk").first()
    PlayerSeason.objects.create(player=scorer, season=season, games_played=1, points=2)
    assert "Top scorer" not in client.get(f"/teams/{world.home.pk}/").content.decode()
    before = page_version(league_id=world.league.pk)
    assert before is not None

    season_awards_compute(season=season, actor=None)

    assert (page_version(league_id=world.league.pk) or 0) > before
    assert "Top scorer</strong>, Cached" in client.get(f"/teams/{world.home.pk}/").content.decode()
