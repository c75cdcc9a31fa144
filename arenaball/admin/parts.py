"""A league's parts catalogue (A-T5): listed by kind with spaces, weight and cost; the
commissioner adds his own parts and fills in the figures the seed leaves blank, through
arenaball.parts (audited). A shipped part keeps its key and kind; a part in use stays."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from arenaball.errors import ArenaballError
from arenaball.models import Part
from arenaball.parts import PART_FIELDS, part_create, part_delete, part_delete_refusal, part_update
from league.admin.base import LeagueModelAdmin, adopt, refuse
from league.admin.display import admin_url, changelist_url
from league.admin.scoping import LeagueListFilter
from league.models import League


@admin.register(Part)
class PartAdmin(LeagueModelAdmin[Part]):
    list_display = ("name", "kind", "key", "spaces", "weight", "cost", "shipped", "fitted")
    list_filter = ("kind", "shipped", ("league", LeagueListFilter))
    search_fields = ("name", "key")
    list_select_related = ("league",)
    ordering = ("league__name", "kind", "name")
    fieldsets = (
        (None, {"fields": ("league", "key", "name", "kind")}),
        ("Figures · A-T4, A-T5", {"fields": ("spaces", "weight", "cost")}),
        ("Kind details", {"fields": ("weapon_class", "armour_material", "offensive")}),
    )

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # one part at a time, through the service
        return actions

    def get_queryset(self, request: HttpRequest) -> QuerySet[Part]:
        return super().get_queryset(request).annotate(fitted_count=Count("fittings"))

    @admin.display(description="Fitted to designs", ordering="fitted_count")
    def fitted(self, obj: Any) -> int:
        return int(getattr(obj, "fitted_count", 0))

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        if obj is None:
            return ()
        return ("league", "key", "kind") if obj.shipped else ("league", "key")

    def formfield_for_foreignkey(
        self, db_field: Any, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField[Any] | None:
        if db_field.name == "league":
            kwargs["queryset"] = League.objects.filter(ruleset="arenaball")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request: HttpRequest, obj: Part, form: Any, change: bool) -> None:
        if change:
            changes = {name: form.cleaned_data[name] for name in form.changed_data}
            part_update(part=Part.objects.get(pk=obj.pk), actor=request.user, changes=changes)
            return
        values = {
            name: form.cleaned_data[name] for name in PART_FIELDS if name in form.cleaned_data
        }
        created = part_create(league=form.cleaned_data["league"], actor=request.user, values=values)
        adopt(obj, created)

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except ArenaballError as error:  # the form checked the fields; the rules refused
            return refuse(request, error.message, request.path)

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        part = self.get_object(request, object_id)
        if part is None:
            return self.missing(request, object_id)
        refusal = part_delete_refusal(part)
        if refusal is not None:
            return refuse(request, refusal.message, admin_url(part))
        if request.method == "POST":
            try:
                part_delete(part=part, actor=request.user)
            except ArenaballError as error:
                return refuse(request, error.message, admin_url(part))
            self.message_user(request, f"Part “{part}” was removed from the catalogue.")
            return HttpResponseRedirect(changelist_url(Part))
        return super(LeagueModelAdmin, self).delete_view(request, object_id, extra_context)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # The model's own permission (the core's base admin deletes nothing).
        delete = f"{self.opts.app_label}.delete_{self.opts.model_name}"
        return bool(request.user.has_perm(delete)) and (
            obj is None or part_delete_refusal(obj) is None
        )
