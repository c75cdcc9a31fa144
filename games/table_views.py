"""The coach's page for entering an inspection roll made at the table (M-E2): a one-field
form, the service's refusal shown beside the field (docs/ux.md)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse

from games.models import TableInspection
from games.table_inspections import rolling_team, table_inspection_enter
from league.access import Actor, is_coach, is_commissioner
from league.web import form_page, refused


def sides_for(*, user: Actor, table_inspection: TableInspection) -> list[str]:
    """The rolls still missing that `user` may enter: his team's, or all for a commissioner."""
    league = table_inspection.fixture.round.season.league
    commissioner = is_commissioner(user=user, league=league)
    return [
        side
        for side in table_inspection.missing()
        if commissioner
        or is_coach(user=user, team=rolling_team(table_inspection=table_inspection, side=side))
    ]


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
def table_inspection_roll(request: HttpRequest, pk: int) -> HttpResponse:
    table_inspection = (
        TableInspection.objects.select_related(
            "player__team", "fixture__round__season__league", "fixture__home_team"
        )
        .select_related("fixture__away_team")
        .filter(pk=pk)
        .first()
    )
    if table_inspection is None:
        raise Http404("No such inspection.")
    fixture, player = table_inspection.fixture, table_inspection.player
    back = reverse("fixture", args=[fixture.pk])
    sides = sides_for(user=request.user, table_inspection=table_inspection)
    if not sides and not table_inspection.missing():
        return refused(
            request, f"Both inspection rolls for {player} are already entered.", status=409
        )
    if not sides:
        return refused(
            request,
            f"Only the coaches of {fixture} (each his own roll) or a commissioner enter "
            f"the inspection rolls for {player}.",
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
