"""The honours in the admin: the season awards (named by the services: read-only), the MVP
votes and their ballots; and the season's steps for them (recompute the awards, open the
MVP vote), which the season's control room offers after the core's own."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from league.admin.base import ReadOnlyAdmin, ReadOnlyTabularInline
from league.admin.scoping import SeasonListFilter
from league.admin.steps import Step, StepDone, offered, refused_now
from league.honours.models import MvpBallot, MvpVote, SeasonAward
from league.honours.selectors import mvp_close_refusal, mvp_open_refusal
from league.honours.services import (
    MVP_DAYS,
    mvp_vote_close,
    mvp_vote_open,
    season_awards_compute,
)
from league.models import Season


@admin.register(SeasonAward)
class SeasonAwardAdmin(ReadOnlyAdmin[SeasonAward]):
    read_only_reason = (
        "Awards are named from the season's results when it closes: recompute them from the "
        "season's page (“Recompute the awards”) after a correction."
    )
    league_path = "season__league"
    list_display = ("season", "title", "name", "team", "text", "shared")
    list_filter = (("season", SeasonListFilter),)
    search_fields = ("name", "title")

    def get_queryset(self, request: HttpRequest) -> QuerySet[SeasonAward]:
        return super().get_queryset(request).select_related("season", "team")


class MvpBallotInline(ReadOnlyTabularInline[MvpBallot, MvpVote]):
    model = MvpBallot
    fields = ("coach", "name", "team", "cast_at")


def _explain_close(vote: MvpVote) -> list[str]:
    return [
        f"The {vote} closes now: no more ballots, and no coach may change his.",
        "The player with the most votes becomes the season's MVP; a tie shares the award.",
        *refused_now(mvp_close_refusal(vote=vote)),
    ]


def _run_close(request: HttpRequest, vote: MvpVote, form: Any) -> StepDone:
    rows = mvp_vote_close(season=vote.season, actor=request.user)
    names = ", ".join(row.name for row in rows)
    return StepDone(f"The {vote} is closed. MVP: {names}." if rows else "Closed: nobody voted.")


@admin.register(MvpVote)
class MvpVoteAdmin(ReadOnlyAdmin[MvpVote]):
    read_only_reason = (
        "A vote is opened from its season's page (“Open the MVP vote”) and closed by its "
        "step; its ballots are the coaches'."
    )
    league_path = "season__league"
    list_display = ("season", "opened_at", "closes_at", "closed_at", "ballot_count")
    inlines = (MvpBallotInline,)
    steps = (
        Step(
            name="close",
            label="Close the vote and name the MVP",
            explain=_explain_close,
            run=_run_close,
            shown=lambda vote: vote.closed_at is None,
        ),
    )

    @admin.display(description="Ballots")
    def ballot_count(self, obj: MvpVote) -> int:
        return obj.ballots.count()


class MvpOpenForm(forms.Form):
    days = forms.IntegerField(
        min_value=1,
        max_value=60,
        initial=MVP_DAYS,
        label="Open for (days)",
        help_text="Coaches may vote, and change their vote, until then or until you close it.",
    )


def _explain_awards(season: Season) -> list[str]:
    refusal = None
    if season.status not in (Season.Status.FINISHED, Season.Status.ARCHIVED):
        refusal = f"{season} is not finished: its awards are named when it closes."
    return [
        f"{season}'s awards are worked out again from its results, replacing those named "
        "before (the MVP, the coaches' vote, stays).",
        *([f"Refused now: {refusal}"] if refusal else []),
    ]


def _run_awards(request: HttpRequest, season: Season, form: Any) -> StepDone:
    rows = season_awards_compute(season=season, actor=request.user)
    return StepDone(f"{season}'s awards: {len(rows)} winner{'s' * (len(rows) != 1)} named.")


def _run_open(request: HttpRequest, season: Season, form: Any) -> StepDone:
    vote = mvp_vote_open(season=season, actor=request.user, days=form.cleaned_data["days"])
    return StepDone(f"The {vote} is open until {vote.closes_at:%Y-%m-%d %H:%M} UTC.")


#: The season's honours steps, after the core's (league.admin.season_steps).
HONOURS_SEASON_STEPS = (
    Step(
        name="awards",
        label="Recompute the awards",
        explain=_explain_awards,
        run=_run_awards,
        shown=lambda s: s.status in (Season.Status.FINISHED, Season.Status.ARCHIVED),
    ),
    Step(
        name="mvp-open",
        label="Open the MVP vote",
        explain=lambda s: [
            f"The coaches of {s}'s teams may each vote once for a player of another team.",
            "You close the vote here when it is time; its winner becomes the MVP.",
            *refused_now(mvp_open_refusal(season=s)),
        ],
        run=_run_open,
        form=lambda s, data: MvpOpenForm(data),
        shown=lambda s: offered(mvp_open_refusal(season=s), "no_candidates"),
    ),
)
