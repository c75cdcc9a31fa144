"""The base every model admin of the four apps builds on: scoping, steps, refusals that say
why, read-only admins for rows only the services write, and ``adopt``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import flatten_fieldsets, unquote
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext

from league.admin.display import admin_step_url, admin_url, audit_log_url, changelist_url
from league.admin.messages_once import SaysOnce
from league.admin.scoping import scope_for, scope_to_leagues
from league.admin.steps import Step
from league.errors import DomainError
from league.web import add_domain_error

# The model an admin shows; an inline's parent model.
_M = TypeVar("_M", bound=models.Model)
_P = TypeVar("_P", bound=models.Model)


class LeagueModelAdmin(SaysOnce, admin.ModelAdmin[_M]):
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

    def scope(self, queryset: QuerySet[_M], request: HttpRequest) -> QuerySet[_M]:
        scoped: QuerySet[_M] = scope_to_leagues(queryset, request, self.league_path)
        return scoped

    def get_queryset(self, request: HttpRequest) -> QuerySet[_M]:
        return self.scope(super().get_queryset(request), request)

    def _scoped_choices(self, db_field: Any, request: HttpRequest, kwargs: dict[str, Any]) -> None:
        related = db_field.remote_field.model
        if not self.admin_site.is_registered(related):
            return
        queryset = kwargs.get("queryset")
        if queryset is None:
            queryset = self.get_field_queryset(None, db_field, request)
        if queryset is None:
            queryset = related._default_manager.all()
        kwargs["queryset"] = scope_for(related, queryset, request)

    def formfield_for_foreignkey(
        self, db_field: Any, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField[Any] | None:
        self._scoped_choices(db_field, request, kwargs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(
        self, db_field: Any, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelMultipleChoiceField[Any] | None:
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
            return self.missing(request, object_id)
        return refuse(request, self.delete_refusal_for(obj), admin_url(obj, "change"))

    def missing(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Back to the admin's index, saying no such object exists, as Django's own pages do
        (with its own words, so they are translated the same)."""
        message = gettext("%(name)s with ID “%(key)s” doesn’t exist. Perhaps it was deleted?") % {
            "name": self.opts.verbose_name,
            "key": unquote(object_id),
        }
        self.message_user(request, message, messages.WARNING)
        return HttpResponseRedirect(reverse("admin:index", current_app=self.admin_site.name))

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
        return admin_step_url(self.model, obj.pk, step.name)

    def steps_for(self, obj: Any) -> Sequence[Step]:
        """The steps `obj`'s page may offer: ``steps``, unless the admin asks the object's
        game for more (the season, round and team admins)."""
        return self.steps

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
            for step in self.steps_for(obj)
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
        obj = self.get_object(request, unquote(object_id))
        if obj is None:
            return self.missing(request, object_id)
        step = next((s for s in self.steps_for(obj) if s.name == step_name), None)
        if step is None:
            raise Http404(f"No step “{step_name}”.")
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
                # Said once: at the top when the form has no place for it (or as the summary
                # of the reasons shown beside its fields), else on the form alone.
                if form is None or error.fields:
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


def refuse(request: HttpRequest, message: str, back: str) -> HttpResponse:
    """Refuse a change the rules refuse, saying why, and go back."""
    messages.error(request, message)
    return HttpResponseRedirect(back)


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


class ReadOnlyAdmin(ReadOnlyAdminMixin, LeagueModelAdmin[_M]):
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


class ReadOnlyTabularInline(ReadOnlyAdminMixin, admin.TabularInline[_M, _P]):
    extra = 0


def adopt(obj: models.Model, created: models.Model) -> None:
    """Make the admin's unsaved ``obj`` the row a service created, so the admin's log entry,
    related saves and redirect use the real row."""
    for field in obj._meta.concrete_fields:
        setattr(obj, field.attname, getattr(created, field.attname))
    obj._state.adding = False
    obj._state.db = created._state.db
