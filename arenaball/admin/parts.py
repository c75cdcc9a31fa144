"""A league's parts catalogue (A-T5): listed by kind with spaces, weight and cost, and the
figures each still misses; the commissioner adds his own parts and fills in the figures the
seed leaves blank, one by one through arenaball.parts (audited) or by importing a price list
(arenaball/admin/price_list.py). The list says which parts without figures hold designs back.
A shipped part keeps its key and kind; a part in use stays."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import URLPattern, path

from arenaball.admin.price_list import price_list_view
from arenaball.errors import ArenaballError
from arenaball.models import Part
from arenaball.parts import PART_FIELDS, part_create, part_delete, part_delete_refusal, part_update
from arenaball.unpriced import unpriced_in_use
from league.admin.base import LeagueModelAdmin, adopt, refuse
from league.admin.display import admin_url, changelist_url
from league.admin.scoping import LeagueListFilter, scope_for
from league.models import League
from rules.arenaball import ComponentKind


class MissingFiguresFilter(admin.SimpleListFilter):
    """A-T5: the parts whose kind needs a figure the catalogue does not have yet."""

    title = "figures"
    parameter_name = "figures"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("missing", "Missing a figure"), ("complete", "Complete")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() not in ("missing", "complete"):
            return queryset
        missing = Q()
        for kind in ComponentKind:
            for name in kind.figures:
                missing |= Q(kind=kind.value, **{f"{name}__isnull": True})
        return queryset.filter(missing) if self.value() == "missing" else queryset.exclude(missing)


@admin.register(Part)
class PartAdmin(LeagueModelAdmin[Part]):
    list_display = (
        "name",
        "kind",
        "key",
        "spaces",
        "weight",
        "cost",
        "figures_missing",
        "shipped",
        "fitted",
    )
    list_filter = (MissingFiguresFilter, "kind", "shipped", ("league", LeagueListFilter))
    search_fields = ("name", "key")
    list_select_related = ("league",)
    ordering = ("league__name", "kind", "name")
    fieldsets = (
        (None, {"fields": ("league", "key", "name", "kind")}),
        ("Figures · A-T4, A-T5", {"fields": ("spaces", "weight", "cost")}),
        ("Kind details", {"fields": ("weapon_class", "armour_material", "offensive", "burst")}),
    )

    @admin.display(description="Missing")
    def figures_missing(self, obj: Part) -> str:
        """The figures a design needs of the part that it has not (A-T5)."""
        needed = ComponentKind(obj.kind).figures
        return ", ".join(name for name in needed if getattr(obj, name) is None) or "—"

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view(lambda request: price_list_view(self, request))
        return [path("import/", view, name="arenaball_part_import"), *super().get_urls()]

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """Says which parts in use hold designs back (A-T5): the commissioner's to price."""
        if request.method == "GET":
            leagues = scope_for(League, League.objects.filter(ruleset="arenaball"), request)
            chosen = request.GET.get("league__id__exact", "")
            if chosen.isdigit():
                leagues = leagues.filter(pk=int(chosen))
            for league in leagues.order_by("name")[:5]:
                for part in unpriced_in_use(league=league):
                    self.message_user(
                        request,
                        f"{league}: {part.message} It holds back {len(part.designs)} "
                        f"design{'s' if len(part.designs) != 1 else ''}: "
                        f"{', '.join(part.designs)}.",
                        messages.WARNING,
                    )
        return super().changelist_view(request, extra_context)

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
