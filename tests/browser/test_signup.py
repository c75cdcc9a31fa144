"""In a real browser (issue #19, 6): a stranger signs up, reads the verification link from the
outbox (Django's locmem mail, in the live server's process), verifies, asks to join a league
open to sign-ups with a team of his making; the commissioner approves in the admin; the
stranger finds his team on My teams and acts as its coach. Each sign-up page is checked at
375 px (no sideways scroll, no serious axe-core violation) and saved as a screenshot."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from django.core import mail
from playwright.sync_api import expect

from league.models import Team
from league.roles import commissioners_group
from league.signup.services import league_signup_settings_update
from tests.browser.conftest import screenshot
from tests.browser.test_phone_crawl import FAILING_IMPACTS, PHONE, WIDEST
from tests.signup.helpers import LINK

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long and quiet harbour"


def phone_check(page, axe: Axe, name: str) -> None:
    """The page at 375 px: nothing scrolls sideways, axe-core finds nothing serious."""
    size = page.viewport_size
    page.set_viewport_size(PHONE)
    assert page.evaluate(WIDEST) is None, f"{name} scrolls sideways"
    serious = [
        f"{violation['id']}: {violation['help']}"
        for violation in axe.run(page).response["violations"]
        if violation["impact"] in FAILING_IMPACTS
    ]
    assert serious == [], f"{name}: {serious}"
    page.set_viewport_size(size)
    screenshot(page, f"signup-{name}")


def test_a_stranger_signs_up_joins_and_coaches_his_team(page, world):
    axe = Axe()
    league_signup_settings_update(league=world.league, actor=None, open=True, team_limit=None)
    commissioner = User.objects.get(pk=world.commissioner.pk)
    commissioner.is_staff = True
    commissioner.set_password(PASSWORD)
    commissioner.save(update_fields=["is_staff", "password"])
    commissioner.groups.add(commissioners_group())

    # A visitor finds sign-up from the home page and makes an account.
    page.goto("/")
    page.get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    phone_check(page, axe, "sign-up")
    page.get_by_label("Username").fill("stranger")
    page.get_by_label("Email").fill("stranger@example.com")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    phone_check(page, axe, "sent")

    # Not verified yet: sign-in says so and offers a new link.
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("stranger")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("Verify your email first")
    expect(page.get_by_role("link", name="Send a new link").first).to_be_visible()

    # The link from the email verifies the account.
    (link,) = LINK.findall(mail.outbox[-1].body)
    page.goto(link)
    expect(page.get_by_role("heading", name="Your email is verified")).to_be_visible()
    phone_check(page, axe, "verified")
    page.get_by_role("link", name="Sign in", exact=True).last.click()
    page.get_by_label("Username").fill("stranger")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()

    # Signed in, he lands on the leagues open to sign-ups and asks to join with his team.
    expect(page.get_by_role("heading", name="Leagues open to sign-ups")).to_be_visible()
    phone_check(page, axe, "open-leagues")
    page.get_by_role("link", name=re.compile("Join this league")).click()
    expect(page.get_by_role("heading", name=re.compile("Join Test League"))).to_be_visible()
    phone_check(page, axe, "join")
    page.get_by_label("Team name").fill("Stranger Things")
    page.get_by_label("Short name").fill("str")
    page.get_by_role("button", name="Ask to join").click()
    expect(page.get_by_role("heading", name="Your requests to join")).to_be_visible()
    expect(page.get_by_text("waiting for a commissioner")).to_be_visible()
    phone_check(page, axe, "my-teams-pending")
    assert not Team.objects.filter(name="Stranger Things").exists()

    # The commissioner approves it in the admin.
    coach_context = page.context.storage_state()
    page.context.clear_cookies()
    page.goto("/admin/login/")
    page.get_by_label("Username").fill(commissioner.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto("/admin/signup/joinrequest/")
    page.get_by_role("link", name="Stranger Things").click()
    page.get_by_role("link", name="Approve and create the team").click()
    expect(page.get_by_text("18 players rolled")).to_be_visible()
    screenshot(page, "signup-admin-approve")
    page.get_by_role("button", name=re.compile(r"^Yes, ")).click()
    expect(page.locator(".messagelist")).to_contain_text("is created and entered")
    assert any(m.to == ["stranger@example.com"] and "is in" in m.subject for m in mail.outbox)

    # Back as the stranger: his team is on My teams, and he coaches it.
    page.context.clear_cookies()
    page.context.add_cookies(coach_context["cookies"])
    page.goto("/my/")
    team = Team.objects.get(name="Stranger Things")
    expect(page.get_by_role("heading", name="Stranger Things")).to_be_visible()
    expect(page.get_by_text("approved")).to_be_visible()
    phone_check(page, axe, "my-teams-approved")
    page.get_by_role("heading", name="Stranger Things").get_by_role("link").click()
    player = team.players.order_by("id").first()
    row = page.locator(f"#player-{player.pk}")
    row.locator("summary").click()
    row.get_by_role("link", name="Rename").click()
    page.get_by_label("New name").fill("Zed Newcomer")
    page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("status")).to_contain_text("Zed Newcomer")
    player.refresh_from_db()
    assert player.name == "Zed Newcomer"


def test_the_ways_forward_read_well_on_a_phone(page, world):
    """The pages off the main path: a new link, a link that does not work, a closed league's
    join page and the open leagues as a visitor sees them."""
    axe = Axe()
    page.goto("/accounts/verify/resend/")
    expect(page.get_by_role("heading", name="A new verification link")).to_be_visible()
    phone_check(page, axe, "resend")
    page.goto("/accounts/verify/not-a-token/")
    expect(page.get_by_role("heading", name="This link does not work")).to_be_visible()
    phone_check(page, axe, "link-failed")
    page.goto(f"/leagues/{world.league.slug}/join/")
    expect(page.get_by_text("takes no requests to join")).to_be_visible()
    phone_check(page, axe, "join-closed")
    league_signup_settings_update(league=world.league, actor=None, open=True, team_limit=None)
    page.goto("/join/")
    expect(page.get_by_role("link", name=re.compile("Join this league"))).to_be_visible()
    phone_check(page, axe, "open-leagues-visitor")
