"""The form guide and streaks (league/honours/form.py): the last five results and the
current run, overtime as OTW/OTL (M-L1), a shootout as the table counts it (E-L1), a team
with fewer than five games; on the standings page and in the API."""

from __future__ import annotations

import pytest

from league.honours.form import season_form, streak_of, team_results
from tests.api.client import Api
from tests.honours.helpers import played, season_of

pytestmark = pytest.mark.django_db


def test_last_five_oldest_first_and_the_streak(world):
    home, away = world.home, world.away
    season = season_of(world.league, "Form", [home, away], status="active")
    for number, score in enumerate([(1, 0), (0, 2), (3, 3), (2, 1), (4, 0), (1, 0)], start=1):
        played(season, number, home, away, score)
    form = season_form(season=season)

    assert [r.outcome for r in form[home.pk].last] == ["L", "D", "W", "W", "W"]
    assert form[home.pk].streak == "W3"
    assert form[home.pk].streak_words == "3 wins in a row"
    assert [r.outcome for r in form[away.pk].last] == ["W", "D", "L", "L", "L"]
    assert form[away.pk].streak == "L3"
    assert form[away.pk].streak_words == "3 losses in a row"
    latest = form[home.pk].last[-1]
    assert (latest.round_number, latest.score_for, latest.score_against) == (6, 1, 0)
    assert latest.title == f"Won 1–0 at home to {away.name} (round 6)"


def test_overtime_results_and_a_team_with_fewer_than_five_games(world):
    home, away = world.home, world.away
    season = season_of(world.league, "Overtime", [home, away], status="active")
    played(season, 1, home, away, (2, 1), overtime=True)
    played(season, 2, away, home, (3, 2), overtime=True)
    form = season_form(season=season)

    assert [r.outcome for r in form[home.pk].last] == ["OTW", "OTL"]
    assert form[home.pk].streak == "L1"
    assert [r.outcome for r in form[away.pk].last] == ["OTL", "OTW"]
    assert form[away.pk].streak == "W1"  # an overtime win is a win
    assert form[home.pk].last[0].title.endswith("after overtime at home to Away Arrows (round 1)")


def test_a_level_game_won_by_a_tie_break_is_an_overtime_win_and_loss(world):
    home, away = world.home, world.away
    season = season_of(world.league, "Shootout", [home, away], status="active")
    fixture = played(season, 1, home, away, (1, 1))
    results = team_results(season=season, level_winners={fixture.pk: away.pk})

    assert [r.outcome for r in results[away.pk]] == ["OTW"]
    assert [r.outcome for r in results[home.pk]] == ["OTL"]
    assert results[away.pk][0].title == "Won the shootout after 1–1 away to Home Hammers (round 1)"


def test_no_games_no_form():
    assert streak_of([]) == ""


def test_the_standings_page_and_the_api_show_form_and_streak(world, client):
    home, away = world.home, world.away
    season = season_of(world.league, "Shown", [home, away], status="active")
    first = played(season, 1, home, away, (2, 0))
    played(season, 2, away, home, (1, 1))

    page = client.get(f"/leagues/{world.league.slug}/{season.slug}/standings/")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'class="form-pill form-w"' in html
    assert 'class="form-pill form-d"' in html
    assert f'href="/fixtures/{first.pk}/"' in html
    assert "Streak: 1 draw in a row" in html

    rows = {
        row["team"]["id"]: row
        for row in Api().get(f"/api/v1/seasons/{season.pk}/standings/").json()
    }
    assert rows[home.pk]["streak"] == "D1"
    assert [r["outcome"] for r in rows[home.pk]["form"]] == ["W", "D"]
    assert rows[home.pk]["form"][0] == {
        "outcome": "W",
        "fixture": first.pk,
        "round": 1,
        "opponent": away.pk,
        "home": True,
        "score_for": 2,
        "score_against": 0,
        "title": f"Won 2–0 at home to {away.name} (round 1)",
    }


def test_a_table_before_any_game_has_no_form_column(world, client):
    season = season_of(world.league, "Empty", [world.home, world.away], status="active")
    html = client.get(f"/leagues/{world.league.slug}/{season.slug}/standings/").content.decode()
    assert "col-form" not in html
    rows = Api().get(f"/api/v1/seasons/{season.pk}/standings/").json()
    assert all(row["form"] == [] and row["streak"] == "" for row in rows)
