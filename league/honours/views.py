"""The honours' pages, the same for every game: the league's hall of fame (public like the
other story pages) and a season's MVP vote (its coaches vote; everyone reads the result)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from league.errors import DomainError
from league.honours import selectors as honours
from league.honours.services import mvp_vote_cast
from league.models import League, Season
from league.selectors.leagues import league_for_user, season_for_user
from league.web import add_domain_error


def hall_of_fame(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's champions, every season's award winners and its records."""
    try:
        league = league_for_user(user=request.user, slug=slug)
    except League.DoesNotExist as missing:
        raise Http404("No such league, or it is private.") from missing
    return render(
        request, "honours/hall_of_fame.html", {"fame": honours.hall_of_fame(league=league)}
    )


class BallotForm(forms.Form):
    holder = forms.ChoiceField(label="Your MVP", widget=forms.RadioSelect)

    def __init__(self, *args: object, choices: list[tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # a Form's own arguments
        self.fields["holder"].choices = choices  # type: ignore[attr-defined]  # a ChoiceField
        self.fields["holder"].error_messages["invalid_choice"] = "Pick one of the players listed."


def mvp_vote(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """The season's MVP vote: a coach picks a player of another team (and may change his
    pick until it closes); after the close, the result."""
    try:
        the_season = season_for_user(user=request.user, league_slug=league, season_slug=season)
    except Season.DoesNotExist as missing:
        raise Http404("No such season, or its league is private.") from missing
    page = honours.mvp_page(season=the_season, user=request.user)
    choices = [(c.holder, f"{c.name} · {c.team.name if c.team else ''}") for c in page.candidates]
    initial = {"holder": page.ballot.holder} if page.ballot else {}
    form = BallotForm(
        request.POST if request.method == "POST" else None, choices=choices, initial=initial
    )
    status = 200
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        if form.is_valid():
            try:
                ballot = mvp_vote_cast(
                    season=the_season, coach=request.user, holder=form.cleaned_data["holder"]
                )
            except DomainError as error:
                add_domain_error(form, error)
                status = 403 if error.code in ("forbidden", "own_team") else 400
            else:
                messages.success(
                    request,
                    f"Your vote for {ballot.name} is in. You may change it until the vote closes.",
                )
                return redirect("mvp-vote", league=league, season=season)
        else:
            status = 400
    return render(
        request,
        "honours/mvp_vote.html",
        {"season": the_season, "page": page, "form": form},
        status=status,
    )
