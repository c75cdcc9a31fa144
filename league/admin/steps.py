"""Steps: one service call behind a confirmation page, as a button on an object's page or
as an action on the selected rows."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponseBase
from django.template.response import TemplateResponse
from django.urls import reverse

from league.errors import DomainError

if TYPE_CHECKING:  # The base admin offers the steps: it imports this module.
    from league.admin.base import LeagueModelAdmin


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
    ``simulation`` marks a step that has a worker play fixtures: offered only for a game
    that simulates (``Simulation.simulates``).
    """

    name: str
    label: str | Callable[[Any], str]
    explain: Callable[[Any], Sequence[str]]
    run: Callable[[HttpRequest, Any, Any], StepDone]
    form: Callable[[Any, Any], forms.Form] | None = None
    shown: Callable[[Any], bool] = lambda obj: True
    destructive: bool = False
    simulation: bool = False
    template: str = "admin/confirm_step.html"

    def label_for(self, obj: Any) -> str:
        return self.label(obj) if callable(self.label) else self.label


def offered(refusal: DomainError | None, *despite: str) -> bool:
    """Whether a step's button shows, given why its service would refuse it now (None: it
    would not): hidden when refused, unless for one of the codes ``despite``, reasons that
    pass in time (fixtures still to play), which the confirmation page then gives."""
    return refusal is None or refusal.code in despite


def refused_now(refusal: DomainError | None) -> list[str]:
    """The confirmation page's line saying why the step would be refused now, if it would."""
    return [] if refusal is None else [f"Refused now: {refusal.message}"]


def as_action(step: Step, description: str) -> Callable[..., HttpResponseBase | None]:
    """The step as an admin action on the selected rows: a confirmation page listing each row
    and what will happen to it, then one service call per row, each refusal reported."""

    def action(
        model_admin: LeagueModelAdmin[Any], request: HttpRequest, queryset: QuerySet[Any]
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
