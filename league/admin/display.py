"""Presentation helpers shared by the admins: links to admin pages, times, plurals, lists of
names, a round's date and fixtures, a score, a fixture's badge, and a game's parts of a page
(league/capabilities/admin_*.py) rendered."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.admin.utils import quote
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.db import models
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from league.capabilities import Fragment, Panel
from league.models import AuditEntry, Fixture, Result, Round
from league.templatetags.league_tags import badge_html


def admin_url(obj: models.Model, view: str = "change") -> str:
    opts = obj._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}", args=[quote(obj.pk)])


def admin_step_url(model: type[models.Model], pk: Any, step: str) -> str:
    """The address of a step (league/admin/steps.py) of the object `pk` of `model`."""
    opts = model._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_step", args=[quote(pk), step])


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


def when(value: Any) -> str:
    """A timestamp as "3 minutes ago", the exact date and time in its tooltip."""
    if value is None:
        return "—"
    exact = date_format(timezone.localtime(value), "DATETIME_FORMAT")
    return format_html(
        '<time datetime="{}" title="{}">{}</time>', value.isoformat(), exact, naturaltime(value)
    )


def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 fixture", "3 fixtures"."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def name_list(items: Iterable[object]) -> str:
    return ", ".join(str(item) for item in items) or "none"


def score_text(result: Result | None) -> str:
    if result is None:
        return "no result"
    overtime = " after overtime" if result.overtime else ""
    return f"{result.home_score}–{result.away_score}{overtime}"


def round_date(round_: Round) -> str:
    return f" ({date_format(round_.starts_on)})" if round_.starts_on else ""


def fixtures_of(round_: Round) -> list[Fixture]:
    return list(round_.fixtures.select_related("home_team", "away_team").order_by("id"))


def fixture_badge(fixture: Fixture) -> str:
    state = {
        Fixture.Status.SCHEDULED: "draft",
        Fixture.Status.INSPECTIONS: "picks_due",
        Fixture.Status.READY: "active",
        Fixture.Status.SIMULATING: "playoffs",
        Fixture.Status.PLAYED: "finished",
    }[Fixture.Status(fixture.status)]
    return badge_html(state, fixture.get_status_display())


def fragment_html(fragment: Fragment | None) -> str:
    """A game's part of a page, rendered; "" for none. Trimmed, so a template's last line
    break adds nothing to the page."""
    if fragment is None:
        return ""
    template, context = fragment
    # The template escaped what it shows; trimming keeps that safe.
    return mark_safe(render_to_string(template, context).strip())


def panels_html(panels: Iterable[Panel]) -> list[tuple[str, str]]:
    """A game's panels as the change page shows them: (title, HTML)."""
    return [(title, fragment_html((template, context))) for title, template, context in panels]
