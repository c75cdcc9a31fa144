"""The commissioners' side of sign-ups: each league's sign-up settings, and the requests to
join with what each coach chose, approved (the team made by its game's rules) or refused with
a reason as steps, scoped to the commissioner's own leagues."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from league.admin.base import LeagueModelAdmin, ReadOnlyAdmin, adopt
from league.admin.display import admin_url, when
from league.admin.scoping import LeagueListFilter
from league.admin.steps import Step, StepDone, offered, refused_now
from league.capabilities import capability
from league.capabilities.admin_teams import TeamAdminParts
from league.rulesets import ruleset_for
from league.signup import services
from league.signup.errors import SignupError
from league.signup.forms import RefuseForm
from league.signup.models import JoinRequest, LeagueSignupSettings


def _site_url(request: HttpRequest) -> str:
    return request.build_absolute_uri("/")


def _approval_refusal(obj: JoinRequest) -> Any:
    if not obj.pending:
        return SignupError("Already decided.", code="already_decided")
    limit = LeagueSignupSettings.objects.filter(league=obj.league_id).values_list(
        "team_limit", flat=True
    )
    return services.entries_refusal(season=obj.season, user=obj.user, limit=limit.first())


def _approve_explain(obj: JoinRequest) -> list[str]:
    ruleset = ruleset_for(obj.league)
    lines = [
        f"{obj.name} ({obj.short_name}) enters {obj.season}, coached by {obj.user} "
        f"<{obj.user.email}>.",
        *(f"{line}." for line in capability(ruleset, TeamAdminParts).team_creation_lines()),
        f"{obj.user} is told by email and finds the team on his My teams page.",
    ]
    return [*refused_now(_approval_refusal(obj)), *lines]


def _approve(request: HttpRequest, obj: JoinRequest, form: Any) -> StepDone:
    team = services.join_request_approve(
        join_request=obj, actor=request.user, site_url=_site_url(request)
    )
    return StepDone(f"{team} is created and entered into {obj.season}, coached by {obj.user}.")


def _refuse(request: HttpRequest, obj: JoinRequest, form: Any) -> StepDone:
    services.join_request_refuse(
        join_request=obj,
        actor=request.user,
        reason=form.cleaned_data["reason"],
        site_url=_site_url(request),
    )
    return StepDone(f"The request for {obj.name} is refused; {obj.user} is told why.")


APPROVE = Step(
    name="approve",
    label="Approve and create the team",
    explain=_approve_explain,
    run=_approve,
    shown=lambda obj: offered(_approval_refusal(obj)),
)
REFUSE = Step(
    name="refuse",
    label="Refuse",
    explain=lambda obj: [
        f"{obj.user} is told by email, with your reason; no team is made.",
    ],
    run=_refuse,
    form=lambda obj, data: RefuseForm(data),
    shown=lambda obj: obj.pending,
    destructive=True,
)


@admin.register(JoinRequest)
class JoinRequestAdmin(ReadOnlyAdmin[JoinRequest]):
    read_only_reason = (
        "A request is kept as the coach made it; approve or refuse it with the buttons above."
    )
    steps = (APPROVE, REFUSE)
    list_display = ("name", "short_name", "coach", "league", "season", "status", "asked")
    list_filter = ("status", ("league", LeagueListFilter))
    search_fields = ("name", "short_name", "user__username", "user__email")
    list_select_related = ("league", "season", "user")
    fields = (
        "league",
        "season",
        "coach",
        "name",
        "short_name",
        "colour_shown",
        "game_choices",
        "status",
        "reason",
        "team_link",
        "asked",
        "decided",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[JoinRequest]:
        return super().get_queryset(request).select_related("team", "decided_by")

    @admin.display(description="Coach", ordering="user__username")
    def coach(self, obj: JoinRequest) -> str:
        return format_html("{} &lt;{}&gt;", obj.user.get_username(), obj.user.email)

    @admin.display(description="Colour")
    def colour_shown(self, obj: JoinRequest) -> str:
        return format_html(
            '<span class="swatch" style="--swatch: {}" aria-hidden="true"></span> {}',
            obj.colour,
            obj.colour,
        )

    @admin.display(description="Game choices")
    def game_choices(self, obj: JoinRequest) -> str:
        chosen = [(key, value) for key, value in obj.choices.items() if value]
        if not chosen:
            return "None: the game's defaults"
        return format_html_join(
            "",
            "<div><strong>{}</strong>: {}</div>",
            (
                (key.replace("_", " ").capitalize(), ", ".join(map(str, value)))
                if isinstance(value, list)
                else (key.replace("_", " ").capitalize(), value)
                for key, value in chosen
            ),
        )

    @admin.display(description="Team")
    def team_link(self, obj: JoinRequest) -> str:
        if obj.team is None:
            return "—"
        return format_html('<a href="{}">{}</a>', admin_url(obj.team), obj.team)

    @admin.display(description="Asked", ordering="created_at")
    def asked(self, obj: JoinRequest) -> str:
        return when(obj.created_at)

    @admin.display(description="Decided")
    def decided(self, obj: JoinRequest) -> str:
        if obj.decided_at is None:
            return "—"
        who = f" by {obj.decided_by}" if obj.decided_by else ""
        return f"{when(obj.decided_at)}{who}"


class SignupSettingsForm(forms.ModelForm[LeagueSignupSettings]):
    class Meta:
        model = LeagueSignupSettings
        fields = ("league", "open", "team_limit")


@admin.register(LeagueSignupSettings)
class LeagueSignupSettingsAdmin(LeagueModelAdmin[LeagueSignupSettings]):
    form = SignupSettingsForm
    list_display = ("league", "open", "team_limit")
    list_filter = ("open",)
    list_select_related = ("league",)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return ("league",) if obj is not None else ()

    def save_model(
        self, request: HttpRequest, obj: LeagueSignupSettings, form: Any, change: bool
    ) -> None:
        saved = services.league_signup_settings_update(
            league=obj.league,
            actor=request.user,
            open=form.cleaned_data["open"],
            team_limit=form.cleaned_data["team_limit"],
        )
        adopt(obj, saved)
