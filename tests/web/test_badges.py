"""One state → colour table for every badge, and the number formats of the tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from league.models import Season
from league.templatetags.league_tags import BADGE_STYLES, badge_html, signed
from rosters.models import Player
from rules.magnoball.vocabulary import Status

STYLESHEETS = [Path(settings.BASE_DIR) / "static" / "css" / "badges.css"]


def test_badge_table_covers_every_player_roster_and_season_state():
    states = {
        *(status.value for status in Status),
        *Player.RosterState.values,
        *Season.Status.values,
        "superstar",
        "injured",
        "picks_due",
    }

    assert states <= set(BADGE_STYLES)


@pytest.mark.parametrize("stylesheet", STYLESHEETS, ids=lambda path: path.name)
def test_every_badge_colour_is_defined_in_the_stylesheet(stylesheet: Path):
    defined = set(re.findall(r"\.badge--([a-z-]+)\s*\{", stylesheet.read_text()))

    assert set(BADGE_STYLES.values()) <= defined


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/admin/login/"])
def test_the_league_pages_and_the_admin_both_load_the_badges(client, url):
    assert "css/badges.css" in client.get(url).content.decode()


def test_a_badge_names_its_state_in_text():
    assert badge_html("veteran", "Veteran") == '<span class="badge badge--veteran">Veteran</span>'


def test_badge_text_is_escaped():
    assert "&lt;b&gt;" in badge_html("pro", "<b>")


@pytest.mark.parametrize(
    ("value", "shown"), [(3, "+3"), (0, "0"), (-2, "\N{MINUS SIGN}2"), (None, "")]
)
def test_score_difference_carries_its_sign(value, shown):
    assert signed(value) == shown
