"""The league's story, the same pages for every game: its graveyard (whose careers are over,
as the league's game tells), a team's season by season history and titles, and the head to
head of any two teams."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from league.capabilities import capability
from league.capabilities.rosters import Rosters
from league.capabilities.table import TableExtras
from league.models import League, Team
from league.rulesets import ruleset_for
from league.selectors import story
from league.selectors.leagues import league_for_user, league_visible_q


def _league_or_404(request: HttpRequest, slug: str) -> League:
    try:
        return league_for_user(user=request.user, slug=slug)
    except League.DoesNotExist as missing:
        raise Http404("No such league, or it is private.") from missing


def graveyard(request: HttpRequest, slug: str) -> HttpResponse:
    """Every career over in the league, as its game ends them (docs/rules-decisions.md)."""
    league = _league_or_404(request, slug)
    ruleset = ruleset_for(league)
    return render(
        request,
        "league/graveyard.html",
        {
            "league": league,
            "ruleset": ruleset,
            "graveyard_note": capability(ruleset, Rosters).graveyard_note,
            "entries": list(capability(ruleset, Rosters).graveyard(league=league)),
        },
    )


def team_history(request: HttpRequest, pk: int) -> HttpResponse:
    """A team's titles and its seasons: table line, knockout result, champion mark."""
    visible = League.objects.filter(league_visible_q(user=request.user)).values("pk")
    team = Team.objects.select_related("league").filter(league__in=visible, pk=pk).first()
    if team is None:
        raise Http404("No such team, or its league is private.")
    lines = story.team_history(team=team)
    return render(
        request,
        "league/team_history.html",
        {
            "team": team,
            "lines": lines,
            "titles": [line.season for line in lines if line.champion],
            "overtime": capability(ruleset_for(team.league), TableExtras).overtime,
            "opponents": list(team.league.teams.exclude(pk=team.pk).order_by("name")),
        },
    )


class HeadToHeadForm(forms.Form):
    """Two different teams of one league."""

    a = forms.ModelChoiceField(
        queryset=Team.objects.none(), label="Team", empty_label="Pick a team"
    )
    b = forms.ModelChoiceField(
        queryset=Team.objects.none(), label="Against", empty_label="Pick a team"
    )

    def __init__(self, *args: object, league: League, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        teams = league.teams.order_by("name")
        self.fields["a"].queryset = teams  # type: ignore[attr-defined]
        self.fields["b"].queryset = teams  # type: ignore[attr-defined]
        invalid = "Pick one of this league's teams."
        self.fields["a"].error_messages["invalid_choice"] = invalid
        self.fields["b"].error_messages["invalid_choice"] = invalid

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if data.get("a") is not None and data.get("a") == data.get("b"):
            self.add_error("b", "Pick two different teams.")
        return data


def head_to_head(request: HttpRequest, slug: str) -> HttpResponse:
    """``?a=<team>&b=<team>``: two teams' record against each other and every fixture
    between them; without both, the form to pick them; a team not of the league, or the
    same team twice, is refused beside the field (400)."""
    league = _league_or_404(request, slug)
    asked = "a" in request.GET and "b" in request.GET
    initial = {"a": request.GET.get("a", "")}  # a team page's link names one side
    form = HeadToHeadForm(request.GET if asked else None, initial=initial, league=league)
    record = None
    if asked and form.is_valid():
        record = story.head_to_head(a=form.cleaned_data["a"], b=form.cleaned_data["b"])
    return render(
        request,
        "league/head_to_head.html",
        {"league": league, "form": form, "record": record},
        status=400 if asked and not form.is_valid() else 200,
    )
