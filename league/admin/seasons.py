"""The season's own settings form, which the season admin (games/admin/seasons.py) uses."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import slugify

from league.models import Season


class SeasonAdminForm(forms.ModelForm[Season]):
    """A season's own settings. Its rules are the inline below it; its status, schedule seed
    and champion move only through the steps."""

    class Meta:
        model = Season
        fields: tuple[str, ...] = (
            "league",
            "name",
            "starts_on",
            "double_round_robin",
            "days_between_rounds",
            "playoff_teams",
        )
        help_texts = {
            "starts_on": "The date of round 1; later rounds follow every “days between "
            "rounds”. Leave empty for undated rounds.",
            "days_between_rounds": "Days from one round to the next when the schedule is "
            "generated.",
        }

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        league, name = cleaned.get("league"), cleaned.get("name")
        if self.instance._state.adding and league and name:
            # season_create derives the slug from the name; refuse here what it would refuse.
            slug = slugify(name)
            if not slug:
                self.add_error("name", "Use at least one letter or digit in the name.")
            elif Season.objects.filter(league=league, slug=slug).exists():
                self.add_error("name", f"{league} already has a season named like this.")
        return cleaned
