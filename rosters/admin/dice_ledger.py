"""The dice ledger: append-only, every roll the server or a coach made."""

from __future__ import annotations

from django.contrib import admin

from league.admin.base import ReadOnlyAdmin
from league.admin.display import when
from league.admin.scoping import LeagueListFilter, SeasonListFilter, object_filter
from league.models import Fixture, Team
from league.templatetags.league_tags import signed
from rosters.models import DiceRoll, Player

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
        "purpose",
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
    list_display_links = ("rolled", "purpose")
    list_filter = (
        "purpose",
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
                    "purpose",
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
    readonly_fields = ("faces_shown", "modifier_shown")

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
