"""The page frame (header, skip link, sign in and out) and the sign-in page."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from league.roles import commissioners_group

pytestmark = pytest.mark.django_db


def test_visitors_get_a_skip_link_main_landmark_and_a_sign_in_link(client: Client):
    page = client.get(reverse("home")).content.decode()

    assert '<a class="skip-link" href="#main">Skip to main content</a>' in page
    assert '<main id="main"' in page
    assert f'href="{reverse("login")}"' in page
    assert "Sign out" not in page
    assert reverse("admin:index") not in page


def test_signed_in_staff_get_an_admin_link_and_a_post_sign_out_form(
    client: Client, django_user_model
):
    client.force_login(django_user_model.objects.create_user("sam", password="x", is_staff=True))

    page = client.get(reverse("home")).content.decode()

    assert f'href="{reverse("admin:index")}"' in page
    assert f'<form class="inline-form" method="post" action="{reverse("logout")}">' in page
    assert "csrfmiddlewaretoken" in page


def test_signed_in_coaches_get_no_admin_link(client: Client, django_user_model):
    client.force_login(django_user_model.objects.create_user("cole", password="x"))

    page = client.get(reverse("home")).content.decode()

    assert "Sign out" in page
    assert reverse("admin:index") not in page


def test_signing_out_is_a_post_that_returns_home(client: Client, django_user_model):
    client.force_login(django_user_model.objects.create_user("sam", password="x"))

    response = client.post(reverse("logout"))

    assert response.status_code == 302
    assert response.url == reverse("home")
    assert "Sign in" in client.get(reverse("home")).content.decode()


def test_sign_in_page_labels_every_field(client: Client):
    response = client.get(reverse("login"))

    page = response.content.decode()
    assert response.status_code == 200
    for field in response.context["form"]:
        assert f'<label for="{field.id_for_label}">' in page
    assert 'autocomplete="current-password"' in page


def test_signing_in_with_a_wrong_password_explains_why(client: Client, django_user_model):
    django_user_model.objects.create_user("sam", password="right password")

    page = client.post(reverse("login"), {"username": "sam", "password": "wrong"}).content.decode()

    assert 'role="alert"' in page
    assert "correct username and password" in page


def _sign_in(client: Client, username: str, next_: str = "") -> str:
    data = {"username": username, "password": "right password"}
    if next_:
        data["next"] = next_
    response = client.post(reverse("login"), data, follow=False)
    assert response.status_code == 302
    if response.url == reverse("signed-in"):
        landing = client.get(response.url)
        assert landing.status_code == 302
        return str(landing.url)
    return str(response.url)


def test_signing_in_lands_a_coach_on_my_teams(client: Client, world):
    world.home_coach.set_password("right password")
    world.home_coach.save()

    assert _sign_in(client, world.home_coach.username) == reverse("my-teams")


def test_signing_in_lands_a_commissioner_on_his_running_seasons_control_room(client: Client, world):
    world.commissioner.set_password("right password")
    world.commissioner.is_staff = True
    world.commissioner.save()
    world.commissioner.groups.add(commissioners_group())

    landing = _sign_in(client, world.commissioner.username)

    assert landing == reverse("admin:league_season_change", args=[world.season.pk])
    assert client.get(landing).status_code == 200


def test_signing_in_with_a_next_still_goes_there(client: Client, world):
    world.commissioner.set_password("right password")
    world.commissioner.save()
    wanted = reverse("team", args=[world.home.pk])

    assert _sign_in(client, world.commissioner.username, next_=wanted) == wanted


def test_the_stylesheets_are_served_from_our_own_static_files():
    assert finders.find("css/league.css")
    assert finders.find("css/admin.css")
    assert finders.find("img/magnoball.svg")
