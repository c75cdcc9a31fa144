"""In a real browser: the home page's league card leads to its standings; a commissioner signs in
and reads a team with its 18 players in the admin."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.browser.conftest import screenshot, width_at_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_visitor_goes_from_the_league_card_on_the_home_page_to_its_standings(page, world):
    page.goto("/")
    card = page.locator("article.home-card", has=page.get_by_role("heading", name="Test League"))
    expect(card).to_be_visible()
    expect(card.get_by_text("MagnoBall")).to_be_visible()
    screenshot(page, "home")
    assert width_at_phone(page) <= 375
    page.set_viewport_size({"width": 1280, "height": 800})
    card.get_by_role("link", name="Standings").click()
    table = page.get_by_role("table").first
    expect(table.get_by_role("link", name="Home Hammers")).to_be_visible()
    expect(table.get_by_role("link", name="Away Arrows")).to_be_visible()


def test_staff_signs_in_and_sees_the_team_roster_in_the_admin(page, world):
    User.objects.create_superuser("chief", "chief@example.com", "correct horse battery")
    page.goto("/admin/")
    page.get_by_label("Username").fill("chief")
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"/admin/league/team/{world.home.pk}/change/")
    names = sorted(world.home.players.values_list("name", flat=True))
    inline_names = page.locator("input[name^='players-'][name$='-name']").evaluate_all(
        "inputs => inputs.map(input => input.value)"
    )
    assert sorted(name for name in inline_names if name) == names
    screenshot(page, "admin-team")
