"""Magic Number Eleven's pages: the fixture page as each viewer may see it, match-day posts,
the report form (errors beside their fields, the E-L2 odds aid rendered server-side, then
saved), the team page and the season's discipline page linked from the season nav."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Result
from mn11.models import Lineup, MatchDay
from tests.mn11.world import mn11_world, play, red_card_level_shootout

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _post_report(raw: dict) -> dict:
    post = {
        "home_score": raw["home_score"],
        "away_score": raw["away_score"],
        "away_set": raw["away_set"],
        "gk_home": raw["gk_home"],
        "gk_away": raw["gk_away"],
        "events-rows": len(raw["events"]),
        "kicks-rows": len(raw.get("shootout", [])),
    }
    for row, event in enumerate(raw["events"]):
        post |= {f"events-{row}-type": event["type"], f"events-{row}-side": event["side"]}
        post[f"events-{row}-half"] = event["half"]
        if event["type"] == "var":
            post[f"events-{row}-strength"] = event["strength"]
            post[f"events-{row}-var_card"] = event["card"]
            if event.get("warning"):
                post[f"events-{row}-warning"] = "on"
            if event.get("magic_number"):
                post[f"events-{row}-magic_number"] = "on"
        else:
            post[f"events-{row}-card"] = event["card"]
            post[f"events-{row}-kind"] = event.get("kind", "")
    for row, kick in enumerate(raw.get("shootout", [])):
        post[f"kicks-{row}-side"] = kick["side"]
        if kick["scored"]:
            post[f"kicks-{row}-scored"] = "on"
    return post


def test_a_coach_reports_with_an_error_beside_its_field_then_saves():
    """E-R1, E-D3, E-D5, E-L2 through the web form."""
    world = mn11_world(shootout_league=True)
    fixture = world.fixture()
    client = _client(world.coach_of(fixture.home_team))
    url = reverse("mn11-fixture-report", args=[fixture.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert "mn11_report.js" in page.content.decode()
    raw = red_card_level_shootout()
    bad = _post_report({**raw, "events": [e for e in raw["events"] if e["type"] != "send_off"]})
    answer = client.post(url, bad)
    assert answer.status_code == 400
    html = answer.content.decode()
    assert 'id="events-2-warning-error"' in html
    assert "Odds (E-L2): Penalty Kick 1 · Free Kick 0 · No Foul 0" in html
    assert not Result.objects.exists()
    assert client.post(url, _post_report(raw)).status_code == 302
    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score, result.overtime) == (1, 1, True)
    shown = client.get(reverse("fixture", args=[fixture.pk])).content.decode()
    assert "won the shootout" in shown
    assert "Sent off: Away Player Card 4 (base set) (away-base-4)" in shown
    # The VAR lines name the side warned: Home attacked, Away's defenders were warned.
    assert f"Warning to {fixture.away_team.name} (Away)" in shown


def test_the_odds_aid_gives_a_weak_tackle_half_and_a_clash_a_third():
    """E-L2: rendered server-side for a posted VAR decision."""
    world = mn11_world()
    fixture = world.fixture()
    client = _client(world.commissioner)
    url = reverse("mn11-fixture-report", args=[fixture.pk])
    post = {"home_score": "0", "away_score": "0", "events-rows": "2"}
    post |= {"events-0-type": "var", "events-0-side": "home", "events-0-half": "1"}
    post |= {"events-0-strength": "2", "events-0-var_card": "free_kick"}
    post |= {"events-1-type": "var", "events-1-side": "home", "events-1-half": "1"}
    post |= {"events-1-strength": "0", "events-1-var_card": "no_foul"}
    html = client.post(url, post).content.decode()
    assert "Penalty Kick 1/2 · Free Kick 1/2 · No Foul 0" in html
    assert "Penalty Kick 1/3 · Free Kick 1/3 · No Foul 1/3" in html


def test_only_the_fixtures_coaches_or_a_commissioner_open_the_report_form():
    world = mn11_world(teams=3)
    fixture = world.fixture()
    url = reverse("mn11-fixture-report", args=[fixture.pk])
    assert _client(world.outsider).get(url).status_code == 403
    assert _client(world.commissioner).get(url).status_code == 200
    play(fixture, world.commissioner)
    assert _client(world.coach_of(fixture.home_team)).get(url).status_code == 403
    assert "Correct" in _client(world.commissioner).get(url).content.decode()


def test_match_day_posts_and_the_fixture_page():
    world = mn11_world()
    fixture = world.fixture()
    away = _client(world.coach_of(fixture.away_team))
    home = _client(world.coach_of(fixture.home_team))
    set_url = reverse("mn11-fixture-away-set", args=[fixture.pk])
    assert home.post(set_url, {"away_set": "expansion"}).status_code == 403
    assert away.post(set_url, {"away_set": "expansion"}).status_code == 302
    gk_url = reverse("mn11-fixture-gk", args=[fixture.pk])
    home.post(gk_url, {"side": "home", "card": "counterattack"})
    away.post(gk_url, {"side": "away", "card": "counterattack"})  # taken: refused
    day = MatchDay.objects.get(fixture=fixture)
    assert (day.away_set, day.gk_home, day.gk_away) == ("expansion", "counterattack", "")
    page = away.get(reverse("fixture", args=[fixture.pk])).content.decode()
    assert "Pick the GK card" in page
    assert "Away team (Expansion)" in page
    lineup_url = reverse("mn11-fixture-lineup", args=[fixture.pk])
    page = home.get(reverse("fixture", args=[fixture.pk])).content.decode()
    assert "None" not in page  # no pre-filled "None": the line-up is ticked, not typed
    assert 'name="cards" value="gk-counterattack" id="lineup-home-gk-counterattack" checked' in page
    assert "<code>home-9</code>" in page
    assert "Home Player Card 9" in page
    cards = ["gk-counterattack", *[f"home-{n}" for n in range(1, 10)], "base-07"]
    assert away.post(lineup_url, {"side": "home", "cards": cards}).status_code == 403
    assert home.post(lineup_url, {"side": "home", "cards": cards}).status_code == 302
    assert "in, sealed" in away.get(reverse("fixture", args=[fixture.pk])).content.decode()
    assert Lineup.objects.get(fixture=fixture, side="home").cards == cards


def test_team_and_discipline_pages_and_the_season_nav():
    world = mn11_world(shootout_league=True)
    fixture = world.fixture()
    from mn11.services import report_record
    from tests.mn11.world import report

    report_record(fixture=fixture, data=report(**red_card_level_shootout()), actor=None)
    client = Client()
    team_page = client.get(reverse("team", args=[fixture.away_team.pk])).content.decode()
    assert "red cards 1" in team_page
    url = reverse("mn11-season-discipline", args=[world.season.pk])
    page = client.get(url).content.decode()
    assert "away-base-4" in page
    standings = client.get(
        reverse("standings", args=[world.league.slug, world.season.slug])
    ).content.decode()
    assert url in standings


def test_the_report_form_takes_numbers_as_typed_and_rows_without_script():
    """Issue #46: " 1" is refused beside the score (not read as 1); "²" rows are no rows
    (not a server error); "Add an event" without the page's script asks for more rows and
    saves nothing; a posted row shows only its kind's fields."""
    world = mn11_world()
    fixture = world.fixture()
    client = _client(world.coach_of(fixture.home_team))
    url = reverse("mn11-fixture-report", args=[fixture.pk])
    post = {"home_score": " 1", "away_score": "0", "away_set": "base"}
    post |= {"gk_home": "defence_cover", "gk_away": "build_up", "events-rows": "1"}
    post |= {"events-0-type": "goal", "events-0-side": "home", "events-0-half": "1"}
    post |= {"events-0-card": "home-9", "events-0-kind": "open_play"}
    answer = client.post(url, post)
    assert answer.status_code == 400
    html = answer.content.decode()
    assert "Give a whole number from 0 to 99 (not “ 1”)." in html
    # The goal row shows its scorer and kind, not a tackle or a corner's powers.
    row = html[html.index('id="events-0-type"') : html.index('id="events-template"')]
    assert re.search(r'data-kinds="var" hidden', row)
    assert re.search(r'data-kinds="corner" hidden', row)
    assert not re.search(r'data-kinds="goal send_off" hidden', row)
    assert client.post(url, {**post, "events-rows": "²"}).status_code == 400
    more = client.post(url, {**post, "more": "events"})
    assert more.status_code == 200
    assert 'id="events-3-type"' in more.content.decode()  # 1 + 3 more rows
    assert not Result.objects.exists()
