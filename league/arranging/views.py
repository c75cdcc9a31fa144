"""Arranging's POSTs from a fixture's page: propose times, accept one, withdraw. Each calls
one service and goes back to the fixture's page with what happened (league/web.py)."""

from __future__ import annotations

from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from league.arranging.forms import ProposalForm
from league.arranging.models import Proposal
from league.arranging.selectors import sides_for
from league.arranging.services import proposal_accept, proposal_create, proposal_withdraw
from league.models import Fixture
from league.selectors.fixtures import fixture_for_user
from league.web import refused, run_action


def _fixture(request: HttpRequest, pk: int) -> Fixture:
    fixture = fixture_for_user(fixture_id=pk, user=request.user)
    if fixture is None:
        raise Http404("No such fixture, or its league is private.")
    return fixture


def _proposal(fixture: Fixture, proposal_id: int) -> Proposal:
    proposal = Proposal.objects.filter(pk=proposal_id, fixture=fixture).first()
    if proposal is None:
        raise Http404("No such proposal for this fixture.")
    return proposal


def _back(fixture: Fixture) -> str:
    return reverse("fixture", args=[fixture.pk]) + "#arrange"


def _when(moment: datetime | None) -> str:
    return f"{timezone.localtime(moment):%a %d %b %Y, %H:%M}" if moment else ""


@require_POST
@login_required
def propose(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(request, pk)
    sides = sides_for(user=request.user, fixture=fixture)
    if not sides:
        return refused(
            request,
            f"Only the coaches of {fixture.home_team} and {fixture.away_team} or a "
            "commissioner may arrange this match.",
            back=_back(fixture),
        )
    form = ProposalForm(request.POST, sides=sides)
    if not form.is_valid():
        problems = [str(e) for errors in form.errors.values() for e in errors]
        messages.error(request, "Nothing proposed: " + " ".join(dict.fromkeys(problems)))
        return HttpResponseRedirect(_back(fixture))
    team = next(
        t for t in (fixture.home_team, fixture.away_team) if t.pk == form.cleaned_data["team"]
    )
    times = form.times()
    return run_action(
        request,
        lambda: proposal_create(fixture=fixture, team=team, times=times, actor=request.user),
        success=f"Proposed for {team}: {'; '.join(_when(t) for t in sorted(times))}. "
        "The other side accepts one, or proposes others.",
        back=_back(fixture),
    )


@require_POST
@login_required
def accept(request: HttpRequest, pk: int, proposal_id: int) -> HttpResponse:
    fixture = _fixture(request, pk)
    proposal = _proposal(fixture, proposal_id)
    time_id = request.POST.get("time", "")
    return run_action(
        request,
        lambda: proposal_accept(
            proposal=proposal, time_id=int(time_id) if time_id.isdigit() else 0, actor=request.user
        ),
        success=lambda agreed: f"Agreed: {agreed} kicks off {_when(agreed.kickoff)}.",
        back=_back(fixture),
    )


@require_POST
@login_required
def withdraw(request: HttpRequest, pk: int, proposal_id: int) -> HttpResponse:
    fixture = _fixture(request, pk)
    proposal = _proposal(fixture, proposal_id)
    return run_action(
        request,
        lambda: proposal_withdraw(proposal=proposal, actor=request.user),
        success="Proposal withdrawn.",
        back=_back(fixture),
    )
