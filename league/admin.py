"""Admin for leagues, their people, season rules, standings and the audit log, and the pieces
every admin module of the four apps shares: scoping to the commissioner's leagues, steps with
a confirmation page, and refusals that say why.

Thin by design (docs/architecture.md): every change a commissioner makes in the admin goes
through one service (docs/seasons.md), so it is audited; values the services count or roll
are read-only; the logs are append-only. The admins of teams and players live in
rosters/admin.py, and those of seasons, rounds and fixtures in games/admin.py, beside the
services their steps call (the league app may not import the higher apps).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import flatten_fieldsets, quote, unquote
from django.contrib.auth.models import User
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Count, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import NoReverseMatch, URLPattern, path, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

from league import services as league_services
from league.errors import DomainError, LeagueError
from league.models import ApiToken, AuditEntry, League, Season, StandingRow, Team, TournamentGroup
from league.templatetags.league_tags import badge_html, signed
from rosters.models import SeasonRules
from rules.magnoball.settings import RuleSettings, TieBreaker

admin.site.site_header = "MagnoBall League administration"
admin.site.site_title = "MagnoBall League admin"
admin.site.index_title = "Run your leagues: set-up, match days, results and logs"
admin.site.site_url = "/"

#: The group a commissioner's staff account belongs to: it carries the model permissions of
#: the four apps; which leagues he runs comes from League.commissioners.


# --- Scoping: a commissioner sees and changes only his leagues ---------------------------------


def commissioned_league_ids(request: HttpRequest) -> QuerySet[League, int]:
    """The ids of the leagues the signed-in user commissions, as a subquery (no query of its
    own)."""
    return League.objects.filter(commissioners=request.user.pk).values_list("pk", flat=True)


def commissions_any_league(request: HttpRequest) -> bool:
    """Whether the signed-in user commissions a league; one query, remembered per request."""
    cached: bool | None = getattr(request, "_commissions_any_league", None)
    if cached is None:
        cached = bool(request.user.is_authenticated) and commissioned_league_ids(request).exists()
        request._commissions_any_league = cached  # type: ignore[attr-defined]
    return cached


def scope_to_leagues(queryset: QuerySet[Any], request: HttpRequest, league_path: str) -> Any:
    """`queryset` reduced to rows of the user's leagues; a superuser's is left whole."""
    if request.user.is_superuser:
        return queryset
    return queryset.filter(**{f"{league_path}__in": commissioned_league_ids(request)})


def scope_for(model: type[models.Model], queryset: QuerySet[Any], request: HttpRequest) -> Any:
    """`queryset` of `model` as the user may see it, by the scope of the model's admin."""
    model_admin = admin.site._registry.get(model)
    scope = getattr(model_admin, "scope", None)
    return scope(queryset, request) if scope is not None else queryset


class ScopedRelatedFieldListFilter(admin.RelatedFieldListFilter):
    """A related-object filter that offers only the objects the user may see, in one query."""

    select_related: ClassVar[tuple[str, ...]] = ()

    def field_choices(
        self, field: Any, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> Any:
        related = field.related_model
        queryset = related._default_manager.select_related(*self.select_related)
        ordering = self.field_admin_ordering(field, request, model_admin)
        if ordering:
            queryset = queryset.order_by(*ordering)
        return [(str(obj.pk), str(obj)) for obj in scope_for(related, queryset, request)]


class SeasonListFilter(ScopedRelatedFieldListFilter):
    """Seasons named with their league ("North · 2025"), in one query however many there are."""

    select_related = ("league",)

    def field_admin_ordering(
        self, field: Any, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> Any:
        return ("league__name", "-created_at")


class LeagueListFilter(ScopedRelatedFieldListFilter):
    """The user's leagues only."""


class ObjectFilter(admin.SimpleListFilter):
    """Rows of one object given in the address (``?fixture=12``), e.g. from a link "its
    rolls in the dice ledger". Only the chosen object is offered, so the sidebar shows what
    the list is filtered by (and how to clear it) without listing every fixture or player."""

    field_name: ClassVar[str]
    related: ClassVar[type[models.Model]]

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        value = self.value()
        if not value or not value.isdigit():
            return []
        queryset = scope_for(self.related, self.related._default_manager.all(), request)
        obj = queryset.filter(pk=value).first()
        return [(value, str(obj))] if obj is not None else []

    def has_output(self) -> bool:
        return bool(self.value())

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        if value and value.isdigit():
            return queryset.filter(**{f"{self.field_name}_id": int(value)})
        return queryset


def object_filter(field_name: str, related: type[models.Model], title: str) -> type[ObjectFilter]:
    """An ObjectFilter for ``?<field_name>=<id>``."""
    return type(
        f"{field_name.title()}ObjectFilter",
        (ObjectFilter,),
        {
            "field_name": field_name,
            "related": related,
            "title": title,
            "parameter_name": field_name,
        },
    )


# --- Steps: one service call behind a confirmation page ---------------------------------------


@dataclass(frozen=True)
class StepDone:
    """What a step did, for the success message, and where to go next (default: the
    object's page)."""

    message: str
    next_url: str | None = None


@dataclass(frozen=True)
class Step:
    """A commissioner's step on one object (docs/seasons.md): a button on its page, a
    confirmation page saying exactly what will happen, and one service call.

    ``explain(obj)`` lists what will happen, one sentence each. ``run(request, obj, form)``
    calls one service and returns what it did; a refusal (a DomainError) is shown as it is.
    ``form(obj, data)``, when given, builds the form the confirmation page asks to fill.
    ``shown(obj)`` says whether the object's page offers the button now: the service still
    decides. A step without a form can also run on many selected rows (``as_action``).
    """

    name: str
    label: str | Callable[[Any], str]
    explain: Callable[[Any], Sequence[str]]
    run: Callable[[HttpRequest, Any, Any], StepDone]
    form: Callable[[Any, Any], forms.Form] | None = None
    shown: Callable[[Any], bool] = lambda obj: True
    destructive: bool = False
    template: str = "admin/confirm_step.html"

    def label_for(self, obj: Any) -> str:
        return self.label(obj) if callable(self.label) else self.label


def add_domain_error(form: forms.Form, error: DomainError) -> None:
    """Show a service's refusal beside the fields it names (a form may translate the
    service's keys with ``field_for_error``); the rest at the top of the form."""
    translate = getattr(form, "field_for_error", lambda key: key)
    placed = False
    for key, message in error.fields.items():
        name = translate(key)
        if name in form.fields:
            form.add_error(name, message)
            placed = True
        else:
            form.add_error(None, message)
            placed = True
    if not placed:
        form.add_error(None, error.message)


# --- Refusals ----------------------------------------------------------------------------------


class LeagueModelAdmin(admin.ModelAdmin):
    """The base of every model admin of the four apps.

    - Scoping: a superuser sees every row; anyone else (a commissioner: staff, in the
      Commissioners group for the model permissions, and in League.commissioners) only the
      rows of the leagues he commissions, through ``league_path``, the lookup from the model
      to its league. Foreign-key choices and related filters are scoped the same way.
    - Steps: ``steps`` are offered as buttons on the object's page and confirmed on a page
      of their own before their service runs.
    - Deleting: nothing of a league is deleted by hand (the audit log and the dice ledger
      refer to it); the delete page says why instead of a bare "403 Forbidden".
    """

    league_path: ClassVar[str] = "league"
    steps: ClassVar[tuple[Step, ...]] = ()
    delete_refusal: ClassVar[str] = (
        "{name} is kept for the record: the audit log and the dice ledger refer to it."
    )
    add_refusal: ClassVar[str] = "These are created by the league's services, not by hand."

    # Scoping.

    def scope(self, queryset: QuerySet[Any], request: HttpRequest) -> Any:
        return scope_to_leagues(queryset, request, self.league_path)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return self.scope(super().get_queryset(request), request)

    def _scoped_choices(self, db_field: Any, request: HttpRequest, kwargs: dict[str, Any]) -> None:
        related = db_field.remote_field.model
        if related not in self.admin_site._registry:
            return
        queryset = kwargs.get("queryset")
        if queryset is None:
            queryset = self.get_field_queryset(None, db_field, request)
        if queryset is None:
            queryset = related._default_manager.all()
        kwargs["queryset"] = scope_for(related, queryset, request)

    def formfield_for_foreignkey(
        self, db_field: Any, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField | None:
        self._scoped_choices(db_field, request, kwargs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(
        self, db_field: Any, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelMultipleChoiceField | None:
        self._scoped_choices(db_field, request, kwargs)
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    # Adding and deleting.

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if not self.has_add_permission(request):
            return refuse(request, self.add_refusal, changelist_url(self.model))
        return super().add_view(request, form_url, extra_context)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def delete_refusal_for(self, obj: Any) -> str:
        return self.delete_refusal.format(
            name=f"{str(self.opts.verbose_name).capitalize()} “{obj}”"
        )

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        obj = self.get_object(request, unquote(object_id))
        if obj is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)  # type: ignore[attr-defined]
        return refuse(request, self.delete_refusal_for(obj), admin_url(obj, "change"))

    # Steps.

    def get_urls(self) -> list[URLPattern]:
        opts = self.opts
        steps = path(
            "<path:object_id>/step/<slug:step_name>/",
            self.admin_site.admin_view(self.step_view),
            name=f"{opts.app_label}_{opts.model_name}_step",
        )
        return [steps, *super().get_urls()]

    def has_step_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Steps change the object through its service, which checks the commissioner; the
        admin asks for the model's change permission (the Commissioners group has it)."""
        opts = self.opts
        return bool(request.user.has_perm(f"{opts.app_label}.change_{opts.model_name}"))

    def step_url(self, obj: Any, step: Step) -> str:
        opts = self.opts
        return reverse(
            f"admin:{opts.app_label}_{opts.model_name}_step", args=[quote(obj.pk), step.name]
        )

    def step_buttons(self, request: HttpRequest, obj: Any) -> list[dict[str, Any]]:
        """The steps the object's page offers now."""
        if obj is None or not self.has_step_permission(request, obj):
            return []
        return [
            {
                "label": step.label_for(obj),
                "url": self.step_url(obj, step),
                "destructive": step.destructive,
            }
            for step in self.steps
            if step.shown(obj)
        ]

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        extra_context = dict(extra_context or {})
        obj = self.get_object(request, unquote(object_id))
        if obj is not None:
            extra_context.setdefault("step_buttons", self.step_buttons(request, obj))
            extra_context.setdefault("audit_log_url", audit_log_url(obj))
            extra_context.update(self.change_page_context(request, obj))
        return super().change_view(request, object_id, form_url, extra_context)

    def change_page_context(self, request: HttpRequest, obj: Any) -> dict[str, Any]:
        """Extra context of the object's page (panels); none by default."""
        return {}

    def step_view(self, request: HttpRequest, object_id: str, step_name: str) -> HttpResponse:
        step = next((s for s in self.steps if s.name == step_name), None)
        if step is None:
            raise Http404(f"No step “{step_name}”.")
        obj = self.get_object(request, unquote(object_id))
        if obj is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)  # type: ignore[attr-defined]
        if not self.has_step_permission(request, obj):
            raise PermissionDenied
        back = admin_url(obj, "change")
        form = (
            step.form(obj, request.POST if request.method == "POST" else None)
            if step.form
            else None
        )
        if request.method == "POST" and (form is None or form.is_valid()):
            try:
                done = step.run(request, obj, form)
            except DomainError as error:
                self.message_user(request, error.message, messages.ERROR)
                if form is None:
                    return HttpResponseRedirect(back)
                add_domain_error(form, error)
            else:
                self.message_user(request, done.message, messages.SUCCESS)
                return HttpResponseRedirect(done.next_url or back)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "object": obj,
            "title": f"{step.label_for(obj)}: {obj}",
            "step": step,
            "step_label": step.label_for(obj),
            "items": [(obj, step.explain(obj))],
            "form": form,
            "cancel_url": back,
            "destructive": step.destructive,
        }
        return TemplateResponse(request, step.template, context)


def as_action(step: Step, description: str) -> Callable[..., HttpResponseBase | None]:
    """The step as an admin action on the selected rows: a confirmation page listing each row
    and what will happen to it, then one service call per row, each refusal reported."""

    def action(
        model_admin: LeagueModelAdmin, request: HttpRequest, queryset: QuerySet[Any]
    ) -> HttpResponseBase | None:
        rows = list(queryset)
        if request.POST.get("confirmed") == "yes":
            for obj in rows:
                try:
                    done = step.run(request, obj, None)
                except DomainError as error:
                    model_admin.message_user(request, f"{obj}: {error.message}", messages.ERROR)
                else:
                    model_admin.message_user(request, f"{obj}: {done.message}", messages.SUCCESS)
            return None
        opts = model_admin.opts
        context = {
            **model_admin.admin_site.each_context(request),
            "opts": opts,
            "title": f"{description}?",
            "step": step,
            "step_label": description,
            "items": [(obj, step.explain(obj)) for obj in rows],
            "action": step.name,
            "selected": [str(obj.pk) for obj in rows],
            "cancel_url": reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"),
            "destructive": step.destructive,
        }
        return TemplateResponse(request, step.template, context)

    action.__name__ = step.name
    return admin.action(description=description)(action)


def refuse(request: HttpRequest, message: str, back: str) -> HttpResponse:
    """Refuse a change the rules refuse, saying why, and go back."""
    messages.error(request, message)
    return HttpResponseRedirect(back)


def admin_url(obj: models.Model, view: str = "change") -> str:
    opts = obj._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}", args=[quote(obj.pk)])


def changelist_url(model: type[models.Model], **params: Any) -> str:
    """A changelist address with filters, e.g. ``changelist_url(DiceRoll, team=3)``."""
    opts = model._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    if not params:
        return url
    from urllib.parse import urlencode

    return f"{url}?{urlencode(params)}"


def audit_log_url(obj: models.Model) -> str:
    """The audit log filtered to one object."""
    from django.contrib.contenttypes.models import ContentType

    content_type = ContentType.objects.get_for_model(obj)
    return changelist_url(
        AuditEntry, content_type__id__exact=content_type.pk, object_id=str(obj.pk)
    )


class ReadOnlyAdminMixin:
    """For rows only the services write (logs, counters, match records): list, search, view.

    Adding or changing one by hand is refused with ``read_only_reason`` rather than a bare
    "403 Forbidden"."""

    read_only_reason: ClassVar[str] = (
        "These rows are written by the league's services only, so they cannot be added or "
        "changed by hand."
    )

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        # Every shown field is read-only, so the form never asks for a non-editable field.
        declared = tuple(super().get_readonly_fields(request, obj))  # type: ignore[misc]
        if self.fieldsets:  # type: ignore[attr-defined]
            shown = flatten_fieldsets(self.fieldsets)  # type: ignore[attr-defined]
        elif self.fields:  # type: ignore[attr-defined]
            shown = list(self.fields)  # type: ignore[attr-defined]
        else:
            opts = self.model._meta  # type: ignore[attr-defined]
            shown = [
                field.name
                for field in (*opts.concrete_fields, *opts.many_to_many)
                if not (field.primary_key and field.auto_created)
            ]
        return tuple(dict.fromkeys((*shown, *declared)))

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnlyAdminMixin, LeagueModelAdmin):
    def delete_refusal_for(self, obj: Any) -> str:
        return self.read_only_reason

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return refuse(request, self.read_only_reason, changelist_url(self.model))

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        if request.method == "POST":
            return refuse(request, self.read_only_reason, request.path)
        extra_context = {"read_only_reason": self.read_only_reason, **(extra_context or {})}
        return super().change_view(request, object_id, form_url, extra_context)


class ReadOnlyTabularInline(ReadOnlyAdminMixin, admin.TabularInline):
    extra = 0


# --- Presentation helpers ----------------------------------------------------------------------


def when(value: Any) -> str:
    """A timestamp as "3 minutes ago", the exact date and time in its tooltip."""
    if value is None:
        return "—"
    exact = date_format(timezone.localtime(value), "DATETIME_FORMAT")
    return format_html(
        '<time datetime="{}" title="{}">{}</time>', value.isoformat(), exact, naturaltime(value)
    )


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 fixture", "3 fixtures"."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def adopt(obj: models.Model, created: models.Model) -> None:
    """Make the admin's unsaved ``obj`` the row a service created, so the admin's log entry,
    related saves and redirect use the real row."""
    for field in obj._meta.concrete_fields:
        setattr(obj, field.attname, getattr(created, field.attname))
    obj._state.adding = False
    obj._state.db = created._state.db


# --- Leagues -----------------------------------------------------------------------------------


class LeagueAdminForm(forms.ModelForm):
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
class LeagueAdmin(LeagueModelAdmin):
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

    def save_model(self, request: HttpRequest, obj: League, form: Any, change: bool) -> None:
        data = form.cleaned_data
        if change:
            changes = {
                name: data[name]
                for name in form.changed_data
                if name in league_services.LEAGUE_EDITABLE
            }
            commissioners = data["commissioners"] if "commissioners" in form.changed_data else None
            # The form has checked the fields; the service saves them and writes the audit.
            league_services.league_update(
                league=obj, actor=request.user, changes=changes, commissioners=commissioners
            )
            return
        commissioners = list(data["commissioners"])
        if not request.user.is_superuser and request.user not in commissioners:
            # A commissioner who creates a league runs it (and so keeps seeing it).
            commissioners.append(request.user)
        league = league_services.league_create(
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


# --- Season rules ------------------------------------------------------------------------------

#: Field name → "M-xx · meaning", from the engine's RuleSettings metadata (the single source).
RULE_HELP_TEXTS: dict[str, str] = {
    field.name: f"{field.metadata['rule']} · {field.metadata['help']}"
    for field in dataclasses.fields(RuleSettings)
}
RULE_HELP_TEXTS["tie_breakers"] += " Comma-separated, from: " + ", ".join(
    f"{tie_breaker.value} ({tie_breaker.label})" for tie_breaker in TieBreaker
)
RULE_HELP_TEXTS["tie_breaker_order"] = RULE_HELP_TEXTS["tie_breakers"]

RULE_LABELS: dict[str, str] = {
    "lowering_die_type": "Lowering die type (Maulers)",
    "status_roll": "Status roll at creation",
    "superstars": "Superstar roll at creation",
    "rookie_to_pro_games": "Rookie → Pro after (games)",
    "pro_to_veteran_games": "Pro → Veteran after (games)",
    "stat_level_1": "Level 1 at (successes)",
    "stat_level_2": "Level 2 at (successes)",
    "board_columns": "Board columns",
    "board_rows": "Board rows",
    "activation_limit": "Activations before a simulated half ends",
    "activations_per_turn": "Activations per turn",
    "evading_rushing": "Evading and Rushing",
    "pass_blocking": "Blocking passes",
    "ricochet": "Ricochet shots",
    "substitute_goalie_at_once": "Substitute Goalie takes the box at once",
    "points_win": "Points for a win",
    "points_overtime_win": "Points for an overtime win",
    "points_draw": "Points for a draw",
    "points_overtime_loss": "Points for an overtime loss",
    "points_loss": "Points for a loss",
    "tie_breakers": "Tie-breakers, in order",
    "tie_breaker_order": "Tie-breakers, in order",
}

#: (title, fields): every SeasonRules setting exactly once (tests check it).
RULE_FIELDSETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Rolls & status · M-P4, M-P8", ("status_roll", "superstars")),
    (
        "Progression · M-P5, M-P7",
        (
            "progression_mode",
            "rookie_to_pro_games",
            "pro_to_veteran_games",
            "stat_level_1",
            "stat_level_2",
        ),
    ),
    (
        "Board & turns · M-G1–M-G3, M-P3",
        (
            "board_columns",
            "board_rows",
            "activations_per_turn",
            "activation_limit",
            "mid_game_replacements",
        ),
    ),
    (
        "Optional contact rules · M-G5, M-T5, M-T6, M-T9, M-D7",
        ("evading_rushing", "assault", "striking", "pass_blocking", "lowering_die_type"),
    ),
    ("Scoring · M-S3–M-S5", ("goal_zones", "ricochet", "substitute_goalie_at_once")),
    ("Injuries · M-I2, M-I3", ("permanent_injuries", "force_healing")),
    ("Enhancements · M-E1", ("enhancements",)),
    (
        "Standings · M-L1, M-L2",
        (
            "points_win",
            "points_overtime_win",
            "points_draw",
            "points_overtime_loss",
            "points_loss",
            "tie_breakers",
        ),
    ),
    (
        "Table dice · M-E2, M-I1–M-I3, M-P4, M-P8",
        (
            "coaches_roll_inspections",
            "coaches_roll_force_healing",
            "coaches_roll_creation",
            "coaches_roll_injuries",
        ),
    ),
)
RULE_FIELD_NAMES: tuple[str, ...] = tuple(name for _, names in RULE_FIELDSETS for name in names)


class TieBreakersField(forms.CharField):
    """M-L2's order as comma-separated keys, e.g. ``points, head_to_head, name``."""

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return ", ".join(str(item) for item in value)
        return value

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        if isinstance(value, list | tuple):
            return [str(item) for item in value]
        text = super().to_python(value) or ""
        return [part.strip() for part in text.split(",") if part.strip()]

    def validate(self, value: Any) -> None:
        super().validate(value)
        known = {tie_breaker.value for tie_breaker in TieBreaker}
        unknown = [key for key in value if key not in known]
        if unknown:
            raise forms.ValidationError(
                "Unknown tie-breaker: %(keys)s. Choose from: %(choices)s.",
                params={"keys": ", ".join(unknown), "choices": ", ".join(sorted(known))},
            )


class SeasonRulesForm(forms.ModelForm):
    """The engine validates the values (SeasonRules.clean); this form only presents them."""

    tie_breakers = TieBreakersField(
        label=RULE_LABELS["tie_breakers"],
        help_text=RULE_HELP_TEXTS["tie_breakers"],
        widget=forms.TextInput(attrs={"size": 70}),
    )

    class Meta:
        model = SeasonRules
        fields = RULE_FIELD_NAMES
        help_texts = RULE_HELP_TEXTS
        labels = RULE_LABELS


def rule_changes(form: forms.ModelForm) -> dict[str, Any]:
    """The rule settings a submitted form changed, ready for season_update_rules."""
    return {name: form.cleaned_data[name] for name in form.changed_data if name in RULE_FIELD_NAMES}


class SeasonRulesPresentation:
    """Fieldsets and the read-only view shared by the rules inline and the rules admin."""

    @staticmethod
    def _season(obj: Any) -> Season | None:
        """The season whose rules are shown: an inline is given the season itself, the rules
        admin the rules row."""
        if isinstance(obj, SeasonRules):
            return obj.season
        return obj if isinstance(obj, Season) else None

    def _frozen(self, obj: Any) -> bool:
        season = self._season(obj)
        return season is not None and season.rules_frozen

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        frozen = self._frozen(obj)
        fieldsets = []
        for index, (title, names) in enumerate(RULE_FIELDSETS):
            options: dict[str, Any] = {"fields": names}
            if frozen:
                options["fields"] = tuple(
                    "tie_breaker_order" if name == "tie_breakers" else name for name in names
                )
                if index == 0:
                    season = self._season(obj)
                    assert season is not None
                    options["description"] = (
                        f"These rules are frozen: the season is "
                        f"{season.get_status_display().lower()}. "
                        "Rules can change only while a season is a draft."
                    )
            fieldsets.append((title, options))
        return fieldsets

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("tie_breaker_order",) if self._frozen(obj) else ()

    @admin.display(description="Tie-breakers, in order")
    def tie_breaker_order(self, obj: SeasonRules) -> str:
        labels = []
        for key in obj.tie_breakers or []:
            try:
                labels.append(TieBreaker(key).label)
            except ValueError:
                labels.append(str(key))
        return " → ".join(labels)


class SeasonRulesInline(SeasonRulesPresentation, admin.StackedInline):
    """The season's rules, editable while it is a draft and read-only once it has started."""

    model = SeasonRules
    form = SeasonRulesForm
    can_delete = False
    verbose_name = "rules"
    verbose_name_plural = "rules"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(SeasonRules)
class SeasonRulesAdmin(SeasonRulesPresentation, LeagueModelAdmin):
    """The same rules on their own page: created with their season, changed only as a draft."""

    league_path = "season__league"
    add_refusal = "A season's rules are created with the season: add a season instead."
    form = SeasonRulesForm
    list_display = (
        "season",
        "league",
        "season_status",
        "progression_mode",
        "lowering_die_type",
        "goal_zones",
        "ricochet",
        "enhancements",
        "points",
    )
    list_filter = (
        "season__status",
        ("season__league", LeagueListFilter),
        "progression_mode",
        "goal_zones",
        "ricochet",
        "enhancements",
    )
    search_fields = ("season__name", "season__league__name")
    list_select_related = ("season__league",)
    ordering = ("season__league__name", "-season__created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # Created with the season (season_create).

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_change_permission(request, obj)

    @admin.display(description="League", ordering="season__league__name")
    def league(self, obj: SeasonRules) -> League:
        return obj.season.league

    @admin.display(description="Season status", ordering="season__status")
    def season_status(self, obj: SeasonRules) -> str:
        return badge_html(obj.season.status, obj.season.get_status_display())

    @admin.display(description="Points W / OTW / D / OTL / L")
    def points(self, obj: SeasonRules) -> str:
        values = (
            obj.points_win,
            obj.points_overtime_win,
            obj.points_draw,
            obj.points_overtime_loss,
            obj.points_loss,
        )
        return " / ".join(str(value) for value in values)

    def save_model(self, request: HttpRequest, obj: SeasonRules, form: Any, change: bool) -> None:
        changes = rule_changes(form)
        if changes:
            _update_rules(request, obj.season, changes)


def _update_rules(request: HttpRequest, season: Season, changes: Mapping[str, Any]) -> bool:
    try:
        league_services.season_update_rules(season=season, changes=changes, actor=request.user)
    except LeagueError as error:
        messages.error(request, f"The rules were not changed: {error.message}")
        return False
    return True


# --- Seasons: the forms the season admin (games/admin.py) uses ----------------------------------


class SeasonAdminForm(forms.ModelForm):
    """A season's own settings. Its rules are the inline below it; its status, schedule seed
    and champion move only through the steps."""

    class Meta:
        model = Season
        fields: tuple[str, ...] = (
            "league",
            "name",
            "starts_on",
            "double_round_robin",
            "days_between_rounds",
            "playoff_teams",
        )
        help_texts = {
            "starts_on": "The date of round 1; later rounds follow every “days between "
            "rounds”. Leave empty for undated rounds.",
            "days_between_rounds": "Days from one round to the next when the schedule is "
            "generated.",
        }

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        league, name = cleaned.get("league"), cleaned.get("name")
        if self.instance._state.adding and league and name:
            # season_create derives the slug from the name; refuse here what it would refuse.
            slug = slugify(name)
            if not slug:
                self.add_error("name", "Use at least one letter or digit in the name.")
            elif Season.objects.filter(league=league, slug=slug).exists():
                self.add_error("name", f"{league} already has a season named like this.")
        return cleaned


# --- Standings ---------------------------------------------------------------------------------


@admin.register(StandingRow)
class StandingRowAdmin(ReadOnlyAdmin):
    """The stored table: the standings service computes it from the results."""

    read_only_reason = (
        "The table is computed from the results (M-L1, M-L2): correct or void a result "
        "instead, and the standings follow."
    )
    league_path = "season__league"
    list_display = (
        "season",
        "position",
        "team_name",
        "played",
        "won",
        "won_overtime",
        "drawn",
        "lost_overtime",
        "lost",
        "score_for",
        "score_against",
        "difference",
        "points",
    )
    list_display_links = ("team_name",)
    list_filter = (("season__league", LeagueListFilter), ("season", SeasonListFilter))
    search_fields = ("team__name", "team__short_name", "season__name")
    list_select_related = ("season__league", "team")
    ordering = ("season__league__name", "-season__created_at", "position", "team__name")

    @admin.display(description="Team", ordering="team__name")
    def team_name(self, obj: StandingRow) -> str:
        return format_html(
            '<span class="swatch" style="--swatch: {}" aria-hidden="true"></span> {}',
            obj.team.colour,
            obj.team.name,
        )

    @admin.display(description="Score difference")
    def difference(self, obj: StandingRow) -> str:
        return signed(obj.score_difference)


@admin.register(TournamentGroup)
class TournamentGroupAdmin(ReadOnlyAdmin):
    """A tournament's groups: made by its draw (games/tournaments.py), read here."""

    read_only_reason = (
        "Groups are made by the tournament's draw: redraw them from the tournament's page "
        "until its group schedule is generated."
    )
    league_path = "season__league"
    list_display = ("name", "season", "team_count")
    list_filter = (("season__league", LeagueListFilter), ("season", SeasonListFilter))
    search_fields = ("name", "season__name", "rows__team__name")
    list_select_related = ("season__league",)
    ordering = ("season__league__name", "-season__created_at", "number")

    def get_queryset(self, request: HttpRequest) -> QuerySet[TournamentGroup]:
        return super().get_queryset(request).annotate(team_count=Count("rows"))

    @admin.display(description="Teams", ordering="team_count")
    def team_count(self, obj: Any) -> int:
        return int(obj.team_count)


# --- The audit log -----------------------------------------------------------------------------

#: Action (or its prefix before the dot, e.g. "result") → a function showing an entry's
#: before and after more readably than the generic field table. Higher apps register theirs
#: (games/admin.py: results, with player names).
AUDIT_RENDERERS: dict[str, Callable[[AuditEntry], str]] = {}


def audit_changes_html(entry: AuditEntry) -> str:
    """An entry's before and after: by its action's renderer, or field by field."""
    renderer = AUDIT_RENDERERS.get(entry.action) or AUDIT_RENDERERS.get(entry.action.split(".")[0])
    if renderer is not None:
        return renderer(entry)
    before, after = entry.before or {}, entry.after or {}
    keys = sorted(set(before) | set(after))
    if not keys:
        return "—"
    rows: Iterable[tuple[str, str, str]] = (
        (
            key,
            _json(before[key]) if key in before else "—",
            _json(after[key]) if key in after else "—",
        )
        for key in keys
        if before.get(key) != after.get(key) or key not in before
    )
    body = format_html_join("", '<tr><th scope="row">{}</th><td>{}</td><td>{}</td></tr>', rows)
    if not body:
        return "No field changed."
    return format_html(
        '<table class="audit-changes"><thead><tr><th scope="col">Field</th>'
        '<th scope="col">Before</th><th scope="col">After</th></tr></thead>'
        "<tbody>{}</tbody></table>",
        body,
    )


class AuditObjectFilter(admin.SimpleListFilter):
    """The entries of one object (``?object_id=12`` with its content type), as linked from
    each object's page ("Audit log")."""

    title = "object"
    parameter_name = "object_id"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        value = self.value()
        if not value:
            return []
        entry = model_admin.get_queryset(request).filter(object_id=value).order_by("-id").first()
        return [(value, entry.object_repr if entry else value)]

    def has_output(self) -> bool:
        return bool(self.value())

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(object_id=self.value()) if self.value() else queryset


class ActorFilter(admin.RelatedOnlyFieldListFilter):
    """Who acted, among the users who appear in the entries the user may see."""

    def field_choices(
        self, field: Any, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> Any:
        ids = model_admin.get_queryset(request).exclude(actor=None).values("actor_id")
        users = User.objects.filter(pk__in=ids).order_by("username")
        return [(str(user.pk), user.get_username()) for user in users]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    """Append-only: nobody adds, changes or deletes an entry here."""

    read_only_reason = (
        "The audit log is append-only: an entry is never added, changed or deleted by hand. "
        "Every change a commissioner or coach makes through the league's services adds one."
    )
    list_display = ("created", "actor", "through", "league", "action", "object_link", "message")
    list_filter = (
        "action",
        ("league", LeagueListFilter),
        ("actor", ActorFilter),
        ("content_type", admin.RelatedOnlyFieldListFilter),
        AuditObjectFilter,
    )
    search_fields = (
        "action",
        "object_repr",
        "message",
        "actor__username",
        "league__name",
        "=object_id",
    )
    list_select_related = (
        "actor",
        "league",
        "content_type",
        "api_token__user",
        "api_token__created_by",
    )
    date_hierarchy = "created_at"
    ordering = ("-created_at", "-id")
    fields = (
        "created_at",
        "actor",
        "through",
        "league",
        "action",
        "object_link",
        "message",
        "changes",
    )
    readonly_fields = fields

    @admin.display(description="Through")
    def through(self, obj: AuditEntry) -> str:
        return token_label(obj.api_token) if obj.api_token else "—"

    @admin.display(description="When", ordering="created_at")
    def created(self, obj: AuditEntry) -> str:
        return when(obj.created_at)

    @admin.display(description="Object", ordering="object_repr")
    def object_link(self, obj: AuditEntry) -> str:
        kind = obj.content_type.name if obj.content_type else ""
        label = f"{kind.capitalize()}: {obj.object_repr}" if kind else obj.object_repr
        if obj.content_type is None or not obj.object_id:
            return label
        try:
            url = reverse(
                f"admin:{obj.content_type.app_label}_{obj.content_type.model}_change",
                args=[obj.object_id],
            )
        except NoReverseMatch:
            return label
        return format_html('<a href="{}">{}</a>', url, label)

    @admin.display(description="Before and after")
    def changes(self, obj: AuditEntry) -> str:
        return audit_changes_html(obj)


def token_label(token: ApiToken) -> str:
    """How the audit log names a token: its name, key prefix, owner and who made it."""
    creator = token.created_by.get_username() if token.created_by else "the server"
    return f"API token “{token.name}” ({token.prefix}…) of {token.user}, made by {creator}"


def audit_entries_panel(entries: Iterable[AuditEntry], *, empty: str = "Nothing yet.") -> str:
    """Audit entries as a story: when, who, what, and their before and after."""
    rows = [
        format_html(
            '<li class="audit-story__entry"><p><strong>{}</strong> · {}{} · {} · '
            '<a href="{}">entry</a></p><p>{}</p>{}</li>',
            entry.action,
            entry.actor.get_username() if entry.actor else "the server",
            f" through {token_label(entry.api_token)}" if entry.api_token else "",
            when(entry.created_at),
            admin_url(entry),
            entry.message,
            audit_changes_html(entry) if (entry.before or entry.after) else "",
        )
        for entry in entries
    ]
    if not rows:
        return format_html('<p class="help">{}</p>', empty)
    return format_html(
        '<ol class="audit-story">{}</ol>', format_html_join("", "{}", ((r,) for r in rows))
    )


from league import people_admin  # noqa: E402, F401  (people, league/people_admin.py)
