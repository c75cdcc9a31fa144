"""``{% arrangement fixture %}``: a fixture page's "Arrange the match" section, the same for
every game: the agreed kick-off for everyone; the open proposals and the forms for those who
may arrange it (its two coaches, a commissioner)."""

from __future__ import annotations

from typing import Any

from django import template

from league.arranging.forms import ProposalForm
from league.arranging.selectors import arrangement_for
from league.models import Fixture

register = template.Library()


@register.inclusion_tag("arranging/section.html", takes_context=True)
def arrangement(context: template.Context, fixture: Fixture) -> dict[str, Any]:
    request = context["request"]
    arranged = arrangement_for(fixture=fixture, user=request.user)
    return {
        "fixture": fixture,
        "arranged": arranged,
        "form": ProposalForm(sides=arranged.sides) if arranged.may_arrange else None,
        "csrf_token": context.get("csrf_token"),
        "request": request,
    }
