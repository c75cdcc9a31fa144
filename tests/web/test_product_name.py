"""The product's name is one setting, PRODUCT_NAME (docs/operations.md), read when a page is
shown: every page's title, the site's heading, the admin's header, the API schema's title,
the error pages and the mails name the product it sets."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import RequestFactory
from django.urls import reverse

from league.outage import server_error
from league.signup.emails import email_send
from tests.world import World

pytestmark = pytest.mark.django_db

NAME = "Club Nights"


@pytest.fixture
def product_name(settings) -> str:
    settings.PRODUCT_NAME = NAME
    return NAME


def _title(html: str) -> str:
    match = re.search(r"<title>(.*?)</title>", html, re.S)
    assert match, "the page has no title"
    return match.group(1)


def test_the_pages_titles_and_heading_name_the_product(client, world: World, product_name):
    season = world.season
    for url in (
        reverse("home"),
        reverse("league", args=[world.league.slug]),
        reverse("standings", args=[world.league.slug, season.slug]),
    ):
        html = client.get(url).content.decode()
        assert _title(html).endswith(f"· {product_name}"), url
        assert "MagnoBall League" not in html, url
        footer = html[html.index('<footer class="site-footer">') :]
        assert f"{product_name} · leagues, seasons and standings" in footer


def test_the_admin_header_names_the_product(client, superuser, product_name):
    client.force_login(superuser)
    html = client.get(reverse("admin:index")).content.decode()
    assert f"{product_name} administration" in html
    assert _title(html).endswith(f"{product_name} admin")


def test_the_api_schema_title_names_the_product(client, product_name):
    response = client.get(reverse("api:schema"), {"format": "json"})
    assert response.status_code == 200
    assert response.json()["info"]["title"] == f"{product_name} API"


def test_the_error_page_names_the_product(product_name):
    request = RequestFactory().get("/somewhere/")
    html = server_error(request).content.decode()
    assert _title(html) == f"Something went wrong · {product_name}"


def test_the_sign_up_mail_names_the_product(world: World, product_name):
    assert email_send(
        to=["new@example.com"],
        template="verify",
        context={"user": world.home_coach, "link": "http://testserver/x", "hours": 48},
    )
    (sent,) = mail.outbox
    assert sent.subject == f"Verify your email for {product_name}"
