"""What the admin lets a commissioner do, and what it refuses."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from django import forms
from django.contrib import admin
from django.test import Client, RequestFactory
from django.urls import reverse

from league.models import AuditEntry, League, Season, StandingRow, Team
from league.services.leagues import league_create
from league.services.seasons import season_create, season_transition
from rosters.admin.season_rules import RULE_FIELD_NAMES, RULE_FIELDSETS, SeasonRulesForm
from rosters.models import DiceRoll, Player, SeasonRules
from rules.magnoball.settings import RuleSettings
from rules.magnoball.vocabulary import Status, roll_purpose_label
from tests.world import PlayedLeague


def form_data(response: Any) -> dict[str, Any]:
    """The POST body that submits an admin change page as it was shown."""
    data: dict[str, Any] = {}
    page_forms = [response.context["adminform"].form]
    for inline in response.context["inline_admin_formsets"]:
        management = inline.formset.management_form
        for name in management.fields:
            data[management.add_prefix(name)] = management[name].value()
        page_forms.extend(inline.formset.forms)
    for form in page_forms:
        for bound in form:
            value = bound.value()
            if isinstance(bound.field, forms.ModelMultipleChoiceField):
                data[bound.html_name] = [str(item) for item in value or []]
            elif isinstance(bound.field, forms.BooleanField):
                if value:
                    data[bound.html_name] = "on"
            elif value is not None:
                data[bound.html_name] = str(bound.field.prepare_value(value))
    return data


def season_change_url(season: Season) -> str:
    return reverse("admin:league_season_change", args=[season.pk])


# --- The append-only logs ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("model", "reason"),
    [(DiceRoll, "The dice ledger is append-only"), (AuditEntry, "The audit log is append-only")],
    ids=["dice ledger", "audit log"],
)
def test_append_only_logs_refuse_add_change_and_delete_saying_why(
    superuser_client: Client, superuser, admin_world: PlayedLeague, model, reason
):
    entry = model.objects.first()
    before = {field.attname: getattr(entry, field.attname) for field in model._meta.fields}
    opts = model._meta
    request = RequestFactory().get("/")
    request.user = superuser
    model_admin = admin.site._registry[model]

    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request, entry)
    assert not model_admin.has_delete_permission(request, entry)
    assert "delete_selected" not in model_admin.get_actions(request)
    add = reverse(f"admin:{opts.app_label}_{opts.model_name}_add")
    change = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[entry.pk])
    delete = reverse(f"admin:{opts.app_label}_{opts.model_name}_delete", args=[entry.pk])
    for url, data in (
        (add, {}),
        (change, {"purpose": "forged", "action": "forged"}),
        (delete, {"post": "yes"}),
    ):
        response = superuser_client.post(url, data, follow=True)
        assert response.status_code == 200
        shown = [str(message) for message in response.context["messages"]]
        assert len(shown) == 1
        assert shown[0].startswith(reason)
    entry.refresh_from_db()
    assert {field.attname: getattr(entry, field.attname) for field in model._meta.fields} == before
    # The page of an entry says so too, above its read-only fields.
    assert reason in superuser_client.get(change).content.decode()


def test_dice_ledger_reads_faces_result_player_and_fixture(
    superuser_client: Client, admin_world: PlayedLeague
):
    roll = DiceRoll.objects.filter(player__isnull=False).first()

    response = superuser_client.get(reverse("admin:rosters_diceroll_changelist"))

    content = response.content.decode()
    assert roll.player.name in content
    assert roll.detail in content
    for column in ("Faces", "Result", "Detail", "Player", "Fixture", "Purpose"):
        assert column in content


def test_dice_ledger_filters_by_purpose_source_league_and_season(
    superuser_client: Client, admin_world: PlayedLeague
):
    url = reverse("admin:rosters_diceroll_changelist")

    response = superuser_client.get(
        url,
        {
            "purpose__exact": "superstar",
            "source__exact": DiceRoll.Source.SERVER,
            "league__id__exact": admin_world.league.pk,
            "season__id__exact": admin_world.season.pk,
        },
    )

    assert response.status_code == 200
    assert response.context["cl"].result_count == 36  # One Superstar d12 per player.


def test_audit_log_shows_who_did_what_with_before_and_after(
    superuser_client: Client, superuser, admin_world: PlayedLeague
):
    season_transition(season=admin_world.season, to=Season.Status.ACTIVE, actor=superuser)
    entry = AuditEntry.objects.get(action="season.status", object_id=str(admin_world.season.pk))

    changelist = superuser_client.get(
        reverse("admin:league_auditentry_changelist"),
        {"action": "season.status", "actor__id__exact": superuser.pk},
    )
    change = superuser_client.get(reverse("admin:league_auditentry_change", args=[entry.pk]))

    assert changelist.context["cl"].result_count == 1
    content = change.content.decode()
    assert "audit-changes" in content
    assert "&quot;draft&quot;" in content
    assert "&quot;active&quot;" in content


# --- Season rules ------------------------------------------------------------------------------


def test_rule_fieldsets_show_every_rule_setting_exactly_once():
    settings = {field.name for field in SeasonRules._meta.concrete_fields} - {"season"}

    assert sorted(RULE_FIELD_NAMES) == sorted(settings)
    assert len(RULE_FIELD_NAMES) == len(set(RULE_FIELD_NAMES))
    assert [title.split(" · ")[0] for title, _ in RULE_FIELDSETS] == [
        "Rolls & status",
        "Progression",
        "Board & turns",
        "Optional contact rules",
        "Scoring",
        "Injuries",
        "Enhancements",
        "Standings",
        "Table dice",
    ]


def test_every_rule_field_help_text_cites_its_rule_and_meaning():
    form = SeasonRulesForm()

    for field in dataclasses.fields(RuleSettings):
        help_text = str(form.fields[field.name].help_text)
        assert help_text.startswith(f"{field.metadata['rule']} · {field.metadata['help']}")


def test_rules_inline_is_editable_for_a_draft_season(
    superuser_client: Client, admin_world: PlayedLeague
):
    response = superuser_client.get(season_change_url(admin_world.season))

    content = response.content.decode()
    assert 'name="rules-0-points_win"' in content
    assert "M-L1 · Standings points for a win." in content
    assert "These rules are frozen" not in content


def test_rules_change_in_a_draft_season_goes_through_the_service_and_is_audited(
    superuser_client: Client, superuser, admin_world: PlayedLeague
):
    url = season_change_url(admin_world.season)
    data = form_data(superuser_client.get(url))
    data["rules-0-points_win"] = "4"
    data["rules-0-tie_breakers"] = "points, wins, name"

    response = superuser_client.post(url, data)

    assert response.status_code == 302
    rules = SeasonRules.objects.get(season=admin_world.season)
    assert rules.points_win == 4
    assert rules.tie_breakers == ["points", "wins", "name"]
    entry = AuditEntry.objects.get(action="season.rules")
    assert entry.actor == superuser
    assert entry.before["points_win"] == 3
    assert entry.after["points_win"] == 4


def test_rules_form_shows_the_engines_message_for_an_invalid_value(
    superuser_client: Client, admin_world: PlayedLeague
):
    url = season_change_url(admin_world.season)
    data = form_data(superuser_client.get(url))
    data["rules-0-board_columns"] = "7"

    response = superuser_client.post(url, data)

    assert response.status_code == 200
    assert "Must be even" in response.content.decode()
    assert SeasonRules.objects.get(season=admin_world.season).board_columns == 10


def test_rules_inline_is_read_only_once_the_season_is_active(
    superuser_client: Client, superuser, admin_world: PlayedLeague
):
    season = season_transition(season=admin_world.season, to=Season.Status.ACTIVE, actor=superuser)
    url = season_change_url(season)

    response = superuser_client.get(url)

    content = response.content.decode()
    assert "These rules are frozen: the season is active." in content
    assert 'name="rules-0-points_win"' not in content
    assert "M-L1 · Standings points for a win." in content  # Help still explains each rule.
    assert "Points → Head-to-head points" in content
    # Submitting the page anyway changes no rule.
    data = form_data(response)
    data["rules-0-points_win"] = "9"
    assert superuser_client.post(url, data).status_code == 302
    assert SeasonRules.objects.get(season=season).points_win == 3
    assert not AuditEntry.objects.filter(action="season.rules").exists()


def test_rules_admin_page_is_read_only_once_the_season_is_active(
    superuser_client: Client, superuser, admin_world: PlayedLeague
):
    season_transition(season=admin_world.season, to=Season.Status.ACTIVE, actor=superuser)
    url = reverse("admin:rosters_seasonrules_change", args=[admin_world.season.pk])

    response = superuser_client.get(url)

    assert 'name="points_win"' not in response.content.decode()
    assert superuser_client.post(url, {"points_win": "9"}).status_code == 403


# --- Adding through the services ---------------------------------------------------------------


def test_adding_a_league_goes_through_the_service(superuser_client: Client, superuser):
    response = superuser_client.post(
        reverse("admin:league_league_add"),
        {"name": "Western League", "ruleset": "magnoball", "description": "", "is_public": "on"},
    )

    assert response.status_code == 302
    league = League.objects.get(name="Western League")
    assert league.slug == "western-league"
    entry = AuditEntry.objects.get(action="league.create")
    assert entry.actor == superuser
    assert entry.object_id == str(league.pk)


def test_adding_a_league_refuses_a_name_whose_address_is_taken(superuser_client: Client, superuser):
    league_create(name="Western League", actor=superuser)

    response = superuser_client.post(
        reverse("admin:league_league_add"), {"name": "Western League!", "ruleset": "magnoball"}
    )

    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert League.objects.count() == 1


def test_adding_a_season_creates_its_rules_and_opens_them_for_review(
    superuser_client: Client, superuser, admin_world: PlayedLeague
):
    response = superuser_client.post(
        reverse("admin:league_season_add"),
        {
            "league": admin_world.league.pk,
            "name": "Autumn",
            "starts_on": "2026-09-03",
            "double_round_robin": "on",
        },
    )

    season = Season.objects.get(league=admin_world.league, name="Autumn")
    assert response.status_code == 302
    assert response.url == season_change_url(season)
    assert season.status == Season.Status.DRAFT
    assert SeasonRules.objects.filter(season=season).exists()
    assert AuditEntry.objects.filter(action="season.create", object_id=str(season.pk)).exists()


def test_adding_a_team_rolls_its_roster_into_the_season(superuser_client: Client, superuser):
    league = league_create(name="Eastern League", actor=superuser)
    season = season_create(league=league, name="One", actor=superuser)

    response = superuser_client.post(
        reverse("admin:league_team_add"),
        {"season": season.pk, "name": "Dynamos", "short_name": "dyn", "colour": "#aa3300"},
    )

    assert response.status_code == 302
    team = Team.objects.get(league=league, name="Dynamos")
    assert team.short_name == "DYN"
    assert team.players.count() == 18
    assert StandingRow.objects.filter(season=season, team=team).exists()
    assert DiceRoll.objects.filter(team=team, rolled_by=superuser).count() == 36


def test_adding_a_team_refuses_a_short_name_taken_in_the_league(
    superuser_client: Client, admin_world: PlayedLeague
):
    season = season_create(league=admin_world.league, name="Next", actor=None)

    response = superuser_client.post(
        reverse("admin:league_team_add"),
        {"season": season.pk, "name": "New Team", "short_name": "t1", "colour": "#aa3300"},
    )

    assert response.status_code == 200
    assert "already has a team called T1" in response.content.decode()


def test_a_season_with_a_schedule_takes_no_new_teams_in_the_admin(
    superuser_client: Client, admin_world: PlayedLeague
):
    response = superuser_client.get(reverse("admin:league_team_add"))

    assert admin_world.season not in response.context["adminform"].form.fields["season"].queryset


# --- Teams and players -------------------------------------------------------------------------


def test_team_page_lists_players_with_rolled_and_counted_fields_read_only(
    superuser_client: Client, admin_world: PlayedLeague
):
    team = admin_world.teams[0]
    url = reverse("admin:league_team_change", args=[team.pk])

    response = superuser_client.get(url)

    content = response.content.decode()
    assert content.count('name="players-') > 0
    assert 'name="players-0-name"' in content
    assert 'name="players-0-position"' in content
    for read_only in ("status", "superstar", "roster_state", "games_played", "called_up"):
        assert f'name="players-0-{read_only}"' not in content


def test_team_page_saves_a_renamed_player(superuser_client: Client, admin_world: PlayedLeague):
    team = admin_world.teams[0]
    url = reverse("admin:league_team_change", args=[team.pk])
    data = form_data(superuser_client.get(url))
    player_id = data["players-0-id"]
    data["players-0-name"] = "Renamed Rosie"

    response = superuser_client.post(url, data)

    assert response.status_code == 302
    assert Player.objects.get(pk=player_id).name == "Renamed Rosie"


def test_player_list_marks_a_veteran_whose_picks_are_due(
    superuser_client: Client, admin_world: PlayedLeague
):
    player = admin_world.teams[0].players.first()
    Player.objects.filter(pk=player.pk).update(status=Status.VETERAN, veteran_actions=[])

    response = superuser_client.get(reverse("admin:rosters_player_changelist"), {"q": player.name})

    content = response.content.decode()
    assert "badge--veteran" in content
    assert "Veteran picks due" in content


def test_player_list_asks_for_superstar_picks_only_where_the_season_plays_with_superstars(
    superuser_client: Client, admin_world: PlayedLeague
):
    """M-P8: without Superstars a Superstar's actions count for nothing, so no picks are due
    (rules/magnoball/picks.py): the badge and the "picks due" list say what the coach's
    pages say."""
    player = admin_world.teams[0].players.first()
    Player.objects.filter(pk=player.pk).update(
        status=Status.PRO, superstar=True, superstar_actions=[]
    )
    url = reverse("admin:rosters_player_changelist")

    def shown() -> tuple[bool, bool]:
        badge = (
            "Superstar picks due" in superuser_client.get(url, {"q": player.name}).content.decode()
        )
        listed = (
            player in superuser_client.get(url, {"list": "picks_due"}).context["cl"].result_list
        )
        return badge, listed

    assert shown() == (True, True)
    SeasonRules.objects.filter(season=admin_world.season).update(superstars=False)
    assert shown() == (False, False)


# --- Season actions ----------------------------------------------------------------------------


def test_start_action_moves_a_draft_season_to_active_through_the_service(
    superuser_client: Client, superuser, admin_world: PlayedLeague
):
    url = reverse("admin:league_season_changelist")
    chosen = {"action": "start", "_selected_action": [admin_world.season.pk]}

    confirm = superuser_client.post(url, chosen)
    admin_world.season.refresh_from_db()
    assert admin_world.season.status == Season.Status.DRAFT  # Nothing before the "yes".
    assert "Its rules are frozen" in confirm.content.decode()
    response = superuser_client.post(url, {**chosen, "confirmed": "yes"}, follow=True)

    admin_world.season.refresh_from_db()
    assert admin_world.season.status == Season.Status.ACTIVE
    assert admin_world.season.started_at is not None
    assert AuditEntry.objects.filter(action="season.status", actor=superuser).exists()
    assert "now active" in response.content.decode()


def test_schedule_action_reports_what_the_service_refuses(
    superuser_client: Client, superuser, admin_world: PlayedLeague
):
    empty = season_create(league=admin_world.league, name="Empty", actor=superuser)

    response = superuser_client.post(
        reverse("admin:league_season_changelist"),
        {"action": "schedule", "_selected_action": [empty.pk], "confirmed": "yes"},
        follow=True,
    )

    assert "A schedule needs at least two teams" in response.content.decode()
    assert not empty.rounds.exists()


def test_team_page_shows_the_rolls_each_player_was_created_with(
    superuser_client: Client, admin_world: PlayedLeague
):
    team = admin_world.teams[0]
    url = reverse("admin:league_team_change", args=[team.pk])

    content = superuser_client.get(url).content.decode()

    for roll in DiceRoll.objects.filter(team=team, fixture__isnull=True):
        assert f"{roll_purpose_label(roll.purpose)} {roll.die} → {roll.result}" in content
    ledger = reverse("admin:rosters_diceroll_changelist")
    assert f"{ledger}?team={team.pk}" in content
    assert "36 dice rolls" in superuser_client.get(ledger, {"team": team.pk}).content.decode()
