"""A commissioner sees and changes only his leagues: every model admin's rows, its objects'
pages and steps, its foreign-key choices and its filters. Superusers see everything."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.models import League, Season, Team
from league.services.people import user_invite
from league.services.seasons import season_create
from tests.admin.test_admin_pages import MODELS, _id, admin_url
from tests.world import PlayedLeague, make_commissioner

Leagues = tuple[PlayedLeague, PlayedLeague]


def _leagues_of(model, rows) -> set[int]:
    path = admin.site._registry[model].league_path
    return set(
        model._default_manager.filter(pk__in=[row.pk for row in rows]).values_list(path, flat=True)
    )


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_a_commissioner_lists_only_his_leagues_rows(
    commissioner_client: Client, two_leagues: Leagues, model
):
    north, _ = two_leagues

    response = commissioner_client.get(admin_url(model, "changelist"))

    assert response.status_code == 200
    rows = list(response.context["cl"].queryset)
    assert rows
    assert _leagues_of(model, rows) == {north.league.pk}


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_a_superuser_lists_every_leagues_rows(
    superuser_client: Client, two_leagues: Leagues, model
):
    north, south = two_leagues

    rows = list(superuser_client.get(admin_url(model, "changelist")).context["cl"].queryset)

    assert _leagues_of(model, rows) == {north.league.pk, south.league.pk}


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_another_leagues_row_is_not_found_for_a_commissioner(
    commissioner_client: Client, two_leagues: Leagues, model
):
    _, south = two_leagues
    path = admin.site._registry[model].league_path
    theirs = model._default_manager.filter(**{path: south.league.pk}).order_by("pk").first()

    for view in ("change", "delete", "history"):
        response = commissioner_client.get(admin_url(model, view, theirs.pk), follow=True)
        assert response.redirect_chain[-1][0] == reverse("admin:index"), view
        assert "doesn’t exist" in str(next(iter(response.context["messages"])))


STEPPED = [model for model in MODELS if admin.site._registry[model].steps]


@pytest.mark.parametrize("model", STEPPED, ids=_id)
def test_another_leagues_row_has_no_steps_for_a_commissioner(
    commissioner_client: Client, two_leagues: Leagues, model
):
    _, south = two_leagues
    model_admin = admin.site._registry[model]
    theirs = model._default_manager.filter(**{model_admin.league_path: south.league.pk}).first()
    if theirs is None:
        pytest.skip(f"no {_id(model)} in the world")

    for step in model_admin.steps:
        url = reverse(
            f"admin:{model._meta.app_label}_{model._meta.model_name}_step",
            args=[theirs.pk, step.name],
        )
        assert commissioner_client.post(url).url == reverse("admin:index")


def test_a_commissioners_steps_on_another_league_change_nothing(
    commissioner_client: Client, two_leagues: Leagues
):
    _, south = two_leagues
    rounds = list(south.season.rounds.values_list("pk", flat=True))

    url = reverse("admin:league_season_step", args=[south.season.pk, "schedule"])
    commissioner_client.post(url, {"shuffle": "on"})

    assert list(south.season.rounds.values_list("pk", flat=True)) == rounds


def test_foreign_key_choices_are_his_leagues_seasons_teams_and_people(
    commissioner_client: Client, north_commissioner, two_leagues: Leagues
):
    north, south = two_leagues
    draft = season_create(league=north.league, name="Next", actor=None)
    season_create(league=south.league, name="Next", actor=None)
    # Invited to North, in no team yet: a coach to be; one invited to South is not offered.
    newcomer = user_invite(
        username="newcomer", email="", league=north.league, actor=north_commissioner
    ).user
    stranger = user_invite(username="stranger", email="", league=south.league, actor=None).user

    season_form = (
        commissioner_client.get(reverse("admin:league_season_add")).context["adminform"].form
    )
    team_form = commissioner_client.get(reverse("admin:league_team_add")).context["adminform"].form
    league_form = (
        commissioner_client.get(admin_url(League, "change", north.league.pk))
        .context["adminform"]
        .form
    )

    assert list(season_form.fields["league"].queryset) == [north.league]
    assert list(team_form.fields["season"].queryset) == [draft]
    coaches = set(team_form.fields["coach"].queryset)
    assert north_commissioner in coaches
    assert newcomer in coaches
    assert stranger not in coaches
    assert not coaches & set(south.league.commissioners.all())
    assert not set(league_form.fields["commissioners"].queryset) & set(
        south.league.commissioners.all()
    )


def test_a_commissioner_cannot_add_a_season_to_another_league(
    commissioner_client: Client, two_leagues: Leagues
):
    _, south = two_leagues

    response = commissioner_client.post(
        reverse("admin:league_season_add"),
        {"league": south.league.pk, "name": "Sneaky", "double_round_robin": "on"},
    )

    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Season.objects.filter(name="Sneaky").exists()


def test_autocomplete_offers_only_his_people(
    commissioner_client: Client, north_commissioner, two_leagues: Leagues
):
    response = commissioner_client.get(
        reverse("admin:autocomplete"),
        {
            "app_label": "league",
            "model_name": "team",
            "field_name": "coach",
            "term": "commissioner",
        },
    )

    names = {item["text"] for item in response.json()["results"]}
    assert names == {"north_commissioner"}


def test_related_filters_offer_only_his_leagues_and_seasons(
    commissioner_client: Client, two_leagues: Leagues
):
    north, _ = two_leagues

    response = commissioner_client.get(reverse("admin:rosters_diceroll_changelist"))

    choices = {
        spec.title: [choice["display"] for choice in spec.choices(response.context["cl"])]
        for spec in response.context["cl"].filter_specs
    }
    cup = north.league.seasons.get(format=Season.Format.TOURNAMENT)  # conftest's tournament
    offered = [name for name in choices["season"] if name != "-"]
    assert offered == ["All", str(cup), str(north.season)]
    assert "league" not in choices  # One league of his own: nothing to choose between.


def test_a_staff_member_without_a_league_sees_no_rows(two_leagues: Leagues):
    idle = make_commissioner("idle")
    client = Client()
    client.force_login(idle)

    for model in (League, Season, Team):
        response = client.get(admin_url(model, "changelist"))
        assert response.context["cl"].result_count == 0


def test_a_commissioner_creating_a_league_runs_it(
    commissioner_client: Client, north_commissioner, two_leagues: Leagues
):
    commissioner_client.post(
        reverse("admin:league_league_add"), {"name": "East", "ruleset": "magnoball"}
    )

    east = League.objects.get(name="East")
    assert list(east.commissioners.all()) == [north_commissioner]


def test_a_commissioner_lists_the_people_of_his_leagues_but_not_others(
    commissioner_client: Client, north_commissioner, two_leagues: Leagues
):
    north, south = two_leagues
    invited = user_invite(username="invited", email="", league=north.league, actor=None).user
    # Neither an account in no league nor one invited to another league is his to see.
    loner = User.objects.create_user("loner")
    stranger = user_invite(username="stranger", email="", league=south.league, actor=None).user

    users = set(
        commissioner_client.get(reverse("admin:auth_user_changelist")).context["cl"].queryset
    )

    assert north_commissioner in users
    assert invited in users
    assert not users & {loner, stranger}
    assert not users & set(south.league.commissioners.all())
    other = south.league.commissioners.get()
    assert (
        commissioner_client.get(reverse("admin:auth_user_change", args=[other.pk])).status_code
        == 302
    )
