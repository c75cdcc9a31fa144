"""The audit log: append-only, each entry's before and after."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib import admin
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html, format_html_join

from league.admin.base import ReadOnlyAdmin
from league.admin.display import admin_url, when
from league.admin.scoping import LeagueListFilter
from league.models import ApiToken, AuditEntry

#: Action (or its prefix before the dot, e.g. "result") → a function showing an entry's
#: before and after more readably than the generic field table. Higher apps register theirs
#: (a game's results, with player names).
AUDIT_RENDERERS: dict[str, Callable[[AuditEntry], str]] = {}


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


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
class AuditEntryAdmin(ReadOnlyAdmin[AuditEntry]):
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
