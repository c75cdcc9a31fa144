"""A team's designs (with their fittings and the validator's verdict), characters (career,
state, games to miss; the graveyard a filter away) and cars. Read-only here: coaches change
them through the services on their pages, which check every rule and audit the change."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from arenaball.models import Car, Character, Design, Fitting
from arenaball.selectors import stored_design_check
from league.admin.base import ReadOnlyAdmin, ReadOnlyTabularInline
from league.admin.scoping import LeagueListFilter

READ_ONLY = (
    "Designs, rosters and cars change through the coach's pages (or the API), which check "
    "every rule (A-T1 … A-T5) and audit the change."
)


class FittingInline(ReadOnlyTabularInline[Fitting, Design]):
    model = Fitting
    fields = ("ref", "part", "mounting", "quantity", "links", "ammo", "protects")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Fitting]:
        return super().get_queryset(request).select_related("part")


@admin.register(Design)
class DesignAdmin(ReadOnlyAdmin[Design]):
    read_only_reason = READ_ONLY
    league_path = "team__league"
    list_display = ("name", "team", "role", "totals", "gunners", "verdict")
    list_filter = ("role", ("team__league", LeagueListFilter))
    search_fields = ("name", "team__name")
    list_select_related = ("team__league",)
    inlines = (FittingInline,)
    fieldsets = (
        (None, {"fields": ("team", "name", "role", "gunners")}),
        (
            "Sheet · A-T4",
            {"fields": ("body", "chassis", "power_plant", "suspension", "tyres", "performance")},
        ),
        (
            "Armour · A-T4",
            {
                "fields": (
                    ("armour_front", "material_front"),
                    ("armour_back", "material_back"),
                    ("armour_left", "material_left"),
                    ("armour_right", "material_right"),
                    ("armour_top", "material_top"),
                    ("armour_under", "material_under"),
                )
            },
        ),
    )

    @staticmethod
    def _check(obj: Design) -> Any:
        """The design's check now, once per row (the list shows two columns of it)."""
        if not hasattr(obj, "_arenaball_check"):
            obj._arenaball_check = stored_design_check(obj)  # type: ignore[attr-defined]
        return obj._arenaball_check  # type: ignore[attr-defined]

    @admin.display(description="Cost and weight")
    def totals(self, obj: Design) -> str:
        """A-T3, A-T5: computed from the league's catalogue."""
        totals = self._check(obj).totals
        least = "" if totals.priced else "at least "
        return f"{least}${totals.cost:,} · {totals.weight:,} lbs"

    @admin.display(description="Verdict")
    def verdict(self, obj: Design) -> str:
        return "legal" if self._check(obj).ok else "breaks a limit"

    def change_page_context(self, request: HttpRequest, obj: Design) -> dict[str, Any]:
        check = self._check(obj)
        limits = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (f"{limit.rule} · {limit.label}", limit.figures, "ok" if limit.ok else "broken", "")
                for limit in check.limits
            ),
        )
        problems = format_html_join(
            "", "<li>{} · {}</li>", ((p.rule, p.message) for p in check.problems)
        )
        body = format_html(
            "<p>{}</p><table><thead><tr><th>Limit</th><th>Figures</th><th>State</th><th></th>"
            "</tr></thead><tbody>{}</tbody></table>{}",
            "Legal: every limit holds." if check.ok else "This design breaks a limit:",
            limits,
            format_html("<ul>{}</ul>", problems) if check.problems else "",
        )
        return {"panels": [("The validator's verdict (A-T2 … A-T4)", body)]}


@admin.register(Character)
class CharacterAdmin(ReadOnlyAdmin[Character]):
    read_only_reason = READ_ONLY + " Careers are added up from the games' reports."
    league_path = "team__league"
    list_display = (
        "name",
        "team",
        "state",
        "driver_points",
        "gunner_points",
        "prestige",
        "kills",
        "goals",
        "games",
        "games_to_miss",
    )
    list_filter = ("state", ("team__league", LeagueListFilter), "team")
    search_fields = ("name", "team__name")
    list_select_related = ("team",)
    fields = (
        "team",
        "name",
        "state",
        ("driver_points", "gunner_points", "prestige"),
        ("kills", "goals", "games"),
        "games_to_miss",
        "died_in",
        "joined_at",
        "left_at",
    )


@admin.register(Car)
class CarAdmin(ReadOnlyAdmin[Car]):
    read_only_reason = READ_ONLY
    league_path = "team__league"
    list_display = ("__str__", "team", "slot", "design", "driver", "gunner")
    list_filter = (("team__league", LeagueListFilter), "team")
    search_fields = ("team__name",)
    list_select_related = ("team", "design", "driver", "gunner")
    fields = ("team", "slot", "design", "driver", "gunner")
