"""Forms of the roster actions: input parsing only; the services decide what the rules allow."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from django import forms

from rosters.models import Player
from rules.magnoball.vocabulary import Action, EnhancementKind, Position


class RenameForm(forms.Form):
    name = forms.CharField(label="New name", max_length=60)


class CallUpForm(forms.Form):
    name = forms.CharField(label="Rookie's name", max_length=60)
    position = forms.ChoiceField(
        label="Position", choices=[(p.value, f"{p.label} ({p.base_die_label})") for p in Position]
    )


class PicksForm(forms.Form):
    actions = forms.MultipleChoiceField(
        label="Two actions", widget=forms.CheckboxSelectMultiple, required=False
    )

    def __init__(self, *args: Any, allowed: Iterable[Action], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["actions"]).choices = [
            (a.value, a.label) for a in allowed
        ]


class EnhancementForm(forms.Form):
    kind = forms.ChoiceField(label="Enhancement")

    def __init__(self, *args: Any, kinds: Iterable[EnhancementKind], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["kind"]).choices = [
            (k.value, f"{k.label}: {k.effect}") for k in kinds
        ]


class SwapForm(forms.Form):
    other = forms.TypedChoiceField(label="Swap with", coerce=int)

    def __init__(self, *args: Any, candidates: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["other"]).choices = [
            (p.pk, f"{p.name} ({p.get_string_display().lower()})") for p in candidates
        ]
