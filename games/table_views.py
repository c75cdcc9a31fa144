"""The coach's page for entering an inspection roll made at the table (M-E2): a one-field
form, the service's refusal shown beside the field (docs/ux.md)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from games.access import access_table_inspection_for_roll
from games.models import TableInspection
from games.services import table_inspection_enter
from league.web import form_page, refused, shows_refusal


class TableRollForm(forms.Form):
    side = forms.ChoiceField(label="Whose roll", choices=TableInspection.Side.choices)
    faces = forms.IntegerField(
        label="The d10 you rolled",
        help_text="The face showing, 1 to 10.",
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )

    def __init__(self, *args: Any, sides: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Every side is a valid choice, so a roll the user may not enter gets the
        # service's refusal (who may enter it), not a bare "invalid choice".
        field = self.fields["side"]
        if len(sides) == 1:
            field.initial = sides[0]
            field.widget = forms.HiddenInput()


@login_required
@shows_refusal
def table_inspection_roll(request: HttpRequest, pk: int) -> HttpResponse:
    table_inspection, sides = access_table_inspection_for_roll(
        user=request.user, table_inspection_id=pk
    )
    fixture, player = table_inspection.fixture, table_inspection.player
    back = reverse("fixture", args=[fixture.pk])
    if not sides:
        return refused(
            request, f"Both inspection rolls for {player} are already entered.", status=409
        )
    form = TableRollForm(request.POST or None, sides=sides)
    return form_page(
        request,
        form,
        lambda data: table_inspection_enter(
            table_inspection=table_inspection,
            side=data["side"],
            faces=data["faces"],
            actor=request.user,
        ),
        context={
            "title": f"Inspection roll for {player}",
            "intro": f"Before {fixture} (M-E2): {player}'s coach rolls a d10 and the opposing "
            "coach rolls a d10; only a higher opposing roll detects his enhancements. Enter "
            "the face you rolled; the other coach enters his own.",
            "team": {"name": str(fixture)},
            "submit": "Enter the roll",
        },
        success=lambda ti: (
            f"Roll entered for {player}."
            if ti.resolved_at is None
            else f"Both rolls are in for {player}: see the inspection below."
        ),
        back=back,
        changed="table-rolls",
    )
