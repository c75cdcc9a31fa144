"""An Arenaball season's settings as a form, for the season's admin page and the API alike:
help texts from the rules' metadata, fieldsets by subject, the tie-breakers as one
comma-separated field, every value the rules refuse beside its field (A-T1 … A-L1)."""

from __future__ import annotations

import dataclasses

from django import forms

from arenaball.models import SeasonSettings
from league.admin.tie_breakers import TieBreakersField
from league.game_settings_form import GameSettingsForm
from rules.arenaball import ArenaballSettings
from rules.arenaball.settings import ArenaballTieBreaker

#: Field name → "A-xx · meaning", from the rules' metadata (the single source).
SETTING_HELP_TEXTS = {
    field.name: f"{field.metadata['rule']} · {field.metadata['help']}"
    for field in dataclasses.fields(ArenaballSettings)
}
SETTING_HELP_TEXTS["tie_breakers"] += " Comma-separated, from: " + ", ".join(
    breaker.value for breaker in ArenaballTieBreaker
)

#: (title, fields): every setting exactly once (a test checks it).
SETTING_FIELDSETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Designs · A-T3", ("budget",)),
    ("Games · A-G1", ("target_points", "time_limit_games")),
    (
        "Progression and injuries · A-P1 … A-P3",
        ("points_per_kill", "points_per_level", "injury_games_missed"),
    ),
    ("Standings · A-L1", ("points_win", "points_draw", "points_loss", "tie_breakers")),
    (
        "The seed's variants (as set, the seed's own game) · A-T1, A-T4, A-G4, A-G5",
        ("one_track_design", "substitutes", "grenades", "roller_skaters"),
    ),
)
SETTING_NAMES = tuple(name for _, names in SETTING_FIELDSETS for name in names)


class SeasonSettingsForm(GameSettingsForm):
    settings_class = ArenaballSettings
    tie_breakers = TieBreakersField(
        choices=ArenaballTieBreaker,
        last=ArenaballTieBreaker.NAME,
        help_text=SETTING_HELP_TEXTS["tie_breakers"],
        widget=forms.TextInput(attrs={"size": 60}),
    )

    class Meta:
        model = SeasonSettings
        fields = SETTING_NAMES
        help_texts = SETTING_HELP_TEXTS
