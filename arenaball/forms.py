"""Arenaball's short web forms (the long ones, designs and reports, are read by web_forms.py
into the services' own readers)."""

from __future__ import annotations

from django import forms

from league.services.teams import TEAM_COLOUR


class TeamEntryForm(forms.Form):
    name = forms.CharField(max_length=60, label="Team name")
    short_name = forms.CharField(
        max_length=4, min_length=2, label="Short name", help_text="Two to four letters, e.g. AUS."
    )
    colour = forms.CharField(
        max_length=7,
        initial=TEAM_COLOUR,
        widget=forms.TextInput(attrs={"type": "color"}),
        help_text="The team's colour in tables and charts.",
    )
