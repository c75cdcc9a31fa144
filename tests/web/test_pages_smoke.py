"""Every page renders for a visitor, a coach and a commissioner (a smoke test of templates)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.world import sign_in

pytestmark = pytest.mark.django_db


def test_every_page_renders(client, match_day, world):
    fixture = match_day
    player = world.home.players.first()
    season = world.season
    urls = [
        reverse("home"),
        reverse("league", args=[world.league.slug]),
        reverse("season", args=[world.league.slug, season.slug]),
        reverse("standings", args=[world.league.slug, season.slug]),
        reverse("fixtures", args=[world.league.slug, season.slug]),
        reverse("fixtures-ical", args=[world.league.slug, season.slug]),
        reverse("leaders", args=[world.league.slug, season.slug]),
        reverse("team", args=[world.home.pk]),
        reverse("player", args=[player.pk]),
        reverse("fixture", args=[fixture.pk]),
    ]
    for user in (None, world.home_coach, world.commissioner):
        if user:
            sign_in(client, user)
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
    sign_in(client, world.home_coach)
    for name, arg in (
        ("my-teams", None),
        ("fixture-report", fixture.pk),
        ("player-rename", player.pk),
        ("player-swap", player.pk),
        ("player-picks", player.pk),
        ("player-fit", player.pk),
        ("player-release", player.pk),
        ("team-call-up", world.home.pk),
    ):
        url = reverse(name, args=[arg] if arg else [])
        assert client.get(url).status_code == 200, url
