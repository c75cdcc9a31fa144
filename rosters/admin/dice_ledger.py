"""The dice ledger: append-only, every roll the server or a coach made."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from league.admin.base import ReadOnlyAdmin
from league.admin.display import when
from league.admin.scoping import LeagueListFilter, SeasonListFilter, object_filter
from league.models import Fixture, Team
from league.templatetags.league_tags import signed
from rosters.models import DiceRoll, Player
from rules.magnoball.vocabulary import roll_purpose_label


class PurposeFilter(admin.SimpleListFilter):
    """The ledger's purposes in words, not their stored codes (issue #17)."""

    title = "purpose"
    parameter_name = "purpose"

    def lookups(self, request: HttpRequest, model_admin: object) -> list[tuple[str, str]]:
        stored = DiceRoll.objects.values_list("purpose", flat=True).distinct().order_by()
        return sorted(((code, roll_purpose_label(code)) for code in stored), key=lambda p: p[1])

    def queryset(self, request: HttpRequest, queryset: QuerySet[DiceRoll]) -> QuerySet[DiceRoll]:
        return queryset.filter(purpose=self.value()) if self.value() else queryset


# --- The dice ledger ---------------------------------------------------------------------------


@admin.register(DiceRoll)
class DiceRollAdmin(ReadOnlyAdmin[DiceRoll]):
    """The dice ledger (M-D8) is append-only: nobody adds, changes or deletes a roll here.
    Filter it by fixture, player or team from their pages (``?fixture=``, ``?player=``,
    ``?team=``), or by purpose, source, league and season in the sidebar."""

    read_only_reason = (
        "The dice ledger is append-only (M-D8): a roll is never added, changed or deleted by "
        "hand, so every outcome can be checked against the dice that made it."
    )
    list_display = (
        "rolled",
        "purpose_shown",
        "die",
        "faces_shown",
        "modifier_shown",
        "result",
        "detail",
        "player",
        "team",
        "fixture",
        "source",
        "rolled_by",
    )
    list_display_links = ("rolled", "purpose_shown")
    list_filter = (
        PurposeFilter,
        "source",
        ("league", LeagueListFilter),
        ("season", SeasonListFilter),
        "die",
        object_filter("fixture", Fixture, "fixture"),
        object_filter("player", Player, "player"),
        object_filter("team", Team, "team"),
    )
    search_fields = ("purpose", "detail", "player__name", "team__name", "rolled_by__username")
    list_select_related = (
        "player",
        "team",
        "fixture__home_team",
        "fixture__away_team",
        "rolled_by",
    )
    date_hierarchy = "created_at"
    ordering = ("-created_at", "sequence", "id")
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "created_at",
                    "purpose_shown",
                    "die",
                    "faces_shown",
                    "modifier_shown",
                    "result",
                    "detail",
                )
            },
        ),
        (
            "Who and where",
            {
                "fields": (
                    "league",
                    "season",
                    "team",
                    "player",
                    "fixture",
                    "source",
                    "rolled_by",
                    "sequence",
                )
            },
        ),
    )
    readonly_fields = ("purpose_shown", "faces_shown", "modifier_shown")

    @admin.display(description="Purpose", ordering="purpose")
    def purpose_shown(self, obj: DiceRoll) -> str:
        return roll_purpose_label(obj.purpose)

    @admin.display(description="When", ordering="created_at")
    def rolled(self, obj: DiceRoll) -> str:
        return when(obj.created_at)

    @admin.display(description="Faces")
    def faces_shown(self, obj: DiceRoll) -> str:
        faces = obj.faces if isinstance(obj.faces, list) else [obj.faces]
        return " · ".join(str(face) for face in faces)

    @admin.display(description="Modifier", ordering="modifier")
    def modifier_shown(self, obj: DiceRoll) -> str:
        return signed(obj.modifier) if obj.modifier else "—"
