"""In a real browser on a 375 px phone: a coach goes from My teams to Webhooks, adds one for
his team pointing at a local receiver, copies its secret, sends a test event and sees it
delivered (200) in the log; the receiver checks the signature with the documented snippet.
Neither page scrolls sideways, breaks the Content-Security-Policy or has a serious axe-core
violation."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.db import connections
from playwright.sync_api import expect

from league.webhooks.services.sending import delivery_send
from tests.browser.conftest import screenshot
from tests.browser.test_coach_and_league_pages import sign_in
from tests.browser.test_phone_crawl import LISTEN, PHONE, axe_problems, page_problems
from tests.webhooks.conftest import receiver  # noqa: F401  (the fixture)
from tests.webhooks.test_delivery import doc_verify

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_coach_adds_a_webhook_and_sees_his_test_event_delivered(
    browser,
    live_server,
    world,
    receiver,  # noqa: F811  (the fixture imported above)
    settings,
    monkeypatch,
):
    settings.WEBHOOKS_ALLOW_PRIVATE = True

    def send(delivery_id):
        try:
            delivery_send(delivery_id=delivery_id)
        finally:
            connections.close_all()  # the thread's own database connection, as a worker's

    def worker(name, args, countdown=None):
        # The broker's stand-in: a worker thread sends it at once, as Celery would.
        threading.Thread(target=send, args=(args[0],)).start()

    monkeypatch.setattr("league.webhooks.services.events.app.send_task", worker)
    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.add_init_script(LISTEN)
    axe, broken = Axe(), Counter[str]()
    sign_in(page, world.home_coach)
    page.goto("/my/")
    page.get_by_role("link", name="Webhooks").click()
    # The click only starts the navigation: measuring before the new page has loaded
    # would read a document that does not exist yet.
    page.wait_for_url("**/account/webhooks/")
    assert page_problems(page, "/account/webhooks/") == []
    assert axe_problems(page, "/account/webhooks/", axe, broken) == []
    page.get_by_label("Events of").select_option(label=f"{world.home.name} ({world.league.name})")
    page.get_by_label("URL").fill(receiver.url)
    page.get_by_label("A result is recorded (reported or simulated)").check()
    page.get_by_role("button", name="Add webhook").click()
    secret = page.locator("#webhook-secret").inner_text()
    assert secret.startswith("whsec_")
    page.get_by_role("button", name="Send test event").click()
    expect(page.get_by_text("Test event queued")).to_be_visible()
    for _ in range(50):  # the worker thread answers within a second or two
        if receiver.received:
            break
        page.wait_for_timeout(100)
    (request,) = receiver.received
    assert doc_verify()(secret, request.headers["MagnoBall-Signature"], request.body)
    page.wait_for_timeout(300)
    page.reload()
    row = page.locator("tbody tr").first
    expect(row).to_contain_text("Delivered")
    expect(row).to_contain_text("200")
    assert page_problems(page, page.url) == []
    assert axe_problems(page, page.url, axe, broken) == []
    screenshot(page, "webhook-detail")
    context.close()
