"""The Webhooks page's form: where (a league a user commissions, or a team he coaches or
commissions), the URL and the events."""

from __future__ import annotations

from typing import Any

from django import forms

from league.models import League, Team
from league.webhooks.event_types import EVENT_TYPES


class SubscriptionForm(forms.Form):
    place = forms.ChoiceField(
        label="Events of",
        help_text="The whole league (commissioners), or one team: its results, injuries and "
        "inspections, and the league's rounds and seasons.",
    )
    url = forms.URLField(
        label="URL",
        max_length=500,
        assume_scheme="https",
        help_text="Where the events are POSTed, e.g. https://bot.example.com/magnoball.",
    )
    events = forms.MultipleChoiceField(
        choices=[(event.key, event.label) for event in EVENT_TYPES],
        widget=forms.CheckboxSelectMultiple,
        help_text="A league export ready is for the whole league's webhooks only.",
    )
    description = forms.CharField(
        max_length=100, required=False, help_text="What it is for, e.g. “results to Discord”."
    )

    def __init__(self, *args: Any, leagues: list[League], teams: list[Team], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.places: dict[str, tuple[League, Team | None]] = {}
        choices = []
        for league in leagues:
            self.places[f"league-{league.pk}"] = (league, None)
            choices.append((f"league-{league.pk}", f"{league.name} (the whole league)"))
        for team in teams:
            self.places[f"team-{team.pk}"] = (team.league, team)
            choices.append((f"team-{team.pk}", f"{team.name} ({team.league.name})"))
        place = self.fields["place"]
        assert isinstance(place, forms.ChoiceField)
        place.choices = choices

    def place_chosen(self) -> tuple[League, Team | None]:
        return self.places[self.cleaned_data["place"]]
