"""The league admin: created and changed through the league services."""

from __future__ import annotations

from functools import partial
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.text import slugify

from league.admin import exchange
from league.admin.base import LeagueModelAdmin, adopt
from league.admin.display import changelist_url, when
from league.models import AuditEntry, League, Season, Team
from league.services.leagues import LEAGUE_EDITABLE, league_create, league_update


class LeagueAdminForm(forms.ModelForm[League]):
    class Meta:
        model = League
        fields = ("name", "ruleset", "description", "is_public", "commissioners")
        help_texts = {
            "commissioners": "Staff accounts in the Commissioners group who run this league's "
            "seasons. Add a new one under Users first (with a set-password link).",
        }

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        if self.instance._state.adding:
            # league_create derives the slug from the name; refuse here what it would refuse.
            slug = slugify(name)
            if not slug:
                raise forms.ValidationError("Use at least one letter or digit in the name.")
            if League.objects.filter(slug=slug).exists():
                raise forms.ValidationError(
                    f"A league with a name like this already exists (its address is “{slug}”)."
                )
        return name


@admin.register(League)
class LeagueAdmin(LeagueModelAdmin[League]):
    form = LeagueAdminForm
    league_path = "pk"
    list_display = (
        "name",
        "ruleset",
        "is_public",
        "season_count",
        "team_count",
        "commissioner_names",
        "created",
    )
    list_filter = ("ruleset", "is_public")
    search_fields = ("name", "slug", "description")
    ordering = ("name",)
    autocomplete_fields = ("commissioners",)
    readonly_fields = ("slug", "created_at", "next_steps")
    delete_refusal = (
        "{name} is kept for the record: its seasons, the audit log and the dice ledger refer "
        "to it. Make it private to hide it."
    )

    def get_fields(self, request: HttpRequest, obj: League | None = None) -> Any:
        fields = ["name", "ruleset", "description", "is_public", "commissioners"]
        if obj is None:
            return fields
        return [*fields[:1], "slug", *fields[1:], "created_at", "next_steps"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[League]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                season_count=Count("seasons", distinct=True),
                team_count=Count("teams", distinct=True),
            )
            .prefetch_related("commissioners")
        )

    @admin.display(description="Seasons", ordering="season_count")
    def season_count(self, obj: Any) -> int:
        return int(obj.season_count)

    @admin.display(description="Teams", ordering="team_count")
    def team_count(self, obj: Any) -> int:
        return int(obj.team_count)

    @admin.display(description="Commissioners")
    def commissioner_names(self, obj: League) -> str:
        return ", ".join(user.get_username() for user in obj.commissioners.all()) or "—"

    @admin.display(description="Created", ordering="created_at")
    def created(self, obj: League) -> str:
        return when(obj.created_at)

    @admin.display(description="Next steps")
    def next_steps(self, obj: League) -> str:
        return format_html(
            '<a href="{}">Its seasons</a> · <a href="{}?league={}">Add a season</a> · '
            '<a href="{}">Its teams</a> · <a href="{}">Its audit log</a>',
            changelist_url(Season, league__id__exact=obj.pk),
            reverse("admin:league_season_add"),
            obj.pk,
            changelist_url(Team, league__id__exact=obj.pk),
            changelist_url(AuditEntry, league__id__exact=obj.pk),
        )

    # The league's JSON document (league/admin/exchange.py, docs/data.md).

    def get_urls(self) -> list[URLPattern]:
        wrap = self.admin_site.admin_view
        return [
            path(
                "import/",
                wrap(partial(exchange.import_view, self)),
                name="league_league_import",
            ),
            path(
                "<path:object_id>/export.json",
                wrap(partial(exchange.export_view, self)),
                name="league_league_export",
            ),
            *super().get_urls(),
        ]

    def change_page_context(self, request: HttpRequest, obj: Any) -> dict[str, Any]:
        context = super().change_page_context(request, obj)
        if exchange.may_export(request, obj):
            context["export_url"] = reverse("admin:league_league_export", args=[obj.pk])
        return context

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> Any:
        extra_context = dict(extra_context or {})
        if exchange.may_import(request):
            extra_context["import_url"] = reverse("admin:league_league_import")
        return super().changelist_view(request, extra_context)

    def save_model(self, request: HttpRequest, obj: League, form: Any, change: bool) -> None:
        data = form.cleaned_data
        if change:
            changes = {name: data[name] for name in form.changed_data if name in LEAGUE_EDITABLE}
            commissioners = data["commissioners"] if "commissioners" in form.changed_data else None
            # The form has checked the fields; the service saves them and writes the audit.
            league_update(
                league=obj, actor=request.user, changes=changes, commissioners=commissioners
            )
            return
        commissioners = list(data["commissioners"])
        if not request.user.is_superuser and request.user not in commissioners:
            # A commissioner who creates a league runs it (and so keeps seeing it).
            commissioners.append(request.user)
        league = league_create(
            name=data["name"],
            actor=request.user,
            ruleset=data["ruleset"],
            description=data["description"],
            is_public=data["is_public"],
            commissioners=commissioners,
        )
        adopt(obj, league)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # league_create and league_update set the commissioners.
        for formset in formsets:
            self.save_formset(request, form, formset, change=change)
