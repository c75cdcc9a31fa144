"""A game's parts of the core's admin pages are templates it names (league/capabilities/):
MagnoBall's team record, its team list's roster column and its fixture's line-ups render the
HTML they did when the hooks returned it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.admin.display import admin_url, fragment_html
from league.models import Fixture
from league.rulesets import ruleset_for
from rosters.models import Player
from tests.world import PlayedLeague

pytestmark = pytest.mark.django_db


def test_a_magnoball_teams_record_and_roster_column(
    superuser_client: Client, admin_world: PlayedLeague
) -> None:
    team = admin_world.teams[0]
    ledger = f"/admin/rosters/diceroll/?team={team.pk}"
    active = team.players.filter(roster_state=Player.RosterState.ACTIVE).count()

    listing = superuser_client.get(reverse("admin:league_team_changelist")).content.decode()
    assert f'<td class="field-roster">{active} / 18 · <a href="{ledger}">Dice ledger</a></td>' in (
        listing
    )
    page = superuser_client.get(admin_url(team)).content.decode()
    assert (
        f'(<a href="{ledger}">every roll of the team in the dice ledger</a>)<div class="help">'
        "Status (M-P4) and Superstar (M-P8) rolls of its 18 players, made when the team was "
        "created.</div></div>"
    ) in page


def test_a_magnoball_fixtures_line_ups_panel(
    superuser_client: Client, admin_world: PlayedLeague
) -> None:
    fixture = Fixture.objects.filter(round__season=admin_world.cup).first()
    assert fixture is not None
    ((title, template, context),) = ruleset_for(admin_world.league).fixture_admin_panels(
        fixture=fixture
    )
    html = fragment_html((template, context))
    assert html.startswith('<p class="help">Fixed at kick-off.</p><h3>')
    assert html.count(" of 11 starting</h3>") == 2
    assert "<li><strong>" in html
    assert "</ul><p>Bench: " in html

    page = superuser_client.get(admin_url(fixture)).content.decode()
    assert title == "Line-ups (M-P3)"
    assert title in page
    assert html in page
