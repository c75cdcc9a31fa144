"""Issue #17, one vocabulary: the same two-letter abbreviations on the roster, the match
centre and the player's game log, each table with a visible legend, human words for every
stored code (the dice ledger's purposes), and the match centre's key moments first."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games.services import (
    PlayerLine,
    ResultReport,
    result_record,
    simulation_request,
    simulation_run,
)
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import StatCategory

pytestmark = pytest.mark.django_db

LEGEND = '<dl class="legend stat-legend">'


@pytest.fixture
def reported(world, match_day):
    """Round 1 reported: home forward 2 points, away forward 1, the away goalie's saves and
    face-offs on the lines, the away forward Incapacitated (a d20 of 7, then 5: no
    permanent injury)."""
    lines = []
    for team, points in ((world.home, 2), (world.away, 1)):
        forward = team.players.get(shirt_number=1)
        lines.append(PlayerLine(forward.pk, points, {"scoring": (3, points), "face_offs": (2, 0)}))
        lines.append(PlayerLine(team.players.get(shirt_number=11).pk, 0, {"saves": (3, 2)}))
    report = ResultReport(
        home_score=2,
        away_score=1,
        lines=lines,
        incapacitated=[world.away.players.get(shirt_number=1).pk],
    )
    result_record(fixture=match_day, report=report, actor=None, dice=ScriptedDice([7, 5]))
    return match_day


def test_the_player_game_log_shows_abbreviations_with_a_legend_not_codes(client, world, reported):
    forward = world.home.players.get(shirt_number=1)

    page = client.get(reverse("player", args=[forward.pk])).content.decode()

    assert "face_offs" not in page
    assert '<abbr title="Face-offs">FO</abbr> 0/2' in page
    assert LEGEND in page


def test_the_match_centre_uses_the_rosters_abbreviations_with_a_legend(client, world, reported):
    centre = client.get(reverse("fixture", args=[reported.pk])).content.decode()
    roster = client.get(reverse("team", args=[world.home.pk])).content.decode()

    for category in StatCategory:
        assert f">{category.abbreviation}</abbr></th>" in centre
        assert f'<dt><abbr title="{category.label}">{category.abbreviation}</abbr></dt>' in roster
    for old in ("Scor", "Face", "Pass", "Bloc", "Tack", "Stea", "Save"):
        assert f">{old}</abbr>" not in centre
    assert LEGEND in centre
    assert LEGEND in roster


def test_the_dice_ledger_names_each_purpose_in_words(superuser, reported):
    client = Client()
    client.force_login(superuser)

    page = client.get(reverse("admin:rosters_diceroll_changelist")).content.decode()

    assert "Injury: career over?" in page
    assert "Injury: games out" in page
    assert "permanent_injury" not in page.replace("purpose=permanent_injury", "")
    assert ">injury_duration<" not in page


@pytest.fixture
def simulated(world, match_day):
    with mock.patch("games.services.job_queue.app.send_task"):
        job = simulation_request(fixture=match_day, actor=None)
        simulation_run(job_id=job.pk, worker="test")
    return match_day


def test_the_match_centre_shows_key_moments_first_and_the_rest_behind_a_toggle(client, simulated):
    page = client.get(reverse("fixture", args=[simulated.pk])).content.decode()

    key, full, stats = (page.index(s) for s in ("Key moments", "Full play-by-play", "Stat lines"))
    assert key < full < stats
    assert '<details class="pbp"><summary>Full play-by-play' in page
    assert "Goals and injuries" not in page
    assert "half 1: half 1" not in page.lower()
    assert "⏮" not in page
    assert "⏭" not in page
    assert 'aria-label="Back to the start">|◀ Start</button>' in page


def _visible_codes(html: str) -> set[str]:
    """snake_case words a reader would see: the text outside tags, scripts and styles."""
    import re

    text = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    text = re.sub(r"<[^>]+>", " ", text)
    return set(re.findall(r"\b[a-z]+_[a-z_]+\b", text))


def test_no_page_of_a_played_match_shows_a_stored_code(client, world, reported):
    forward = world.away.players.get(shirt_number=1)
    usernames = {world.home_coach.username, world.away_coach.username}  # names, not codes
    for url in (
        reverse("fixture", args=[reported.pk]),
        reverse("player", args=[forward.pk]),
        reverse("team", args=[world.away.pk]),
    ):
        codes = _visible_codes(client.get(url).content.decode())
        assert codes - usernames == set(), url
