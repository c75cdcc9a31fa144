"""E-S2: the Star Player draft in the admin. The season's control room offers "Start the
Star Player draft" (the ruleset's season_admin_steps); the draft's page lists its picks
(read-only) and offers "Pick for the team on the clock" to the commissioner (a missed
deadline without automatic picks waits for him). Each step calls one service, audited."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from league.admin.base import LeagueModelAdmin, ReadOnlyTabularInline
from league.admin.display import admin_url, name_list
from league.admin.steps import Step, StepDone, offered, refused_now
from league.models import Season
from mn11 import selectors, services
from mn11.models import Draft, DraftPick
from mn11.season_settings import season_rules


class DraftStartForm(forms.Form):
    pick_hours = forms.IntegerField(
        min_value=1,
        max_value=services.MAX_PICK_HOURS,
        initial=services.DEFAULT_PICK_HOURS,
        label="Hours per pick",
        help_text="Each pick is due this many hours after the previous one.",
    )


def _explain_start(season: Season) -> list[str]:
    settings = season_rules(season=season)
    teams = list(season.teams.order_by("name").values_list("name", flat=True))
    seeding = settings.draft_seeding.label
    deadline = (
        "a missed deadline draws the pick at random, recorded"
        if settings.draft_auto_pick
        else "a missed deadline leaves the pick to you"
    )
    return [
        f"{name_list(teams)} draft {settings.stars_per_team} Star Player cards each from "
        f"{settings.star_pool.label} (E-S2).",
        f"The first round is ordered by: {seeding}; every draw is recorded and shown. "
        + ("The order snakes." if settings.draft_snake else "Every round in the same order."),
        f"Each pick has a deadline; {deadline}.",
        "The coaches pick on the season's live draft board; you start the season once the "
        "draft is done.",
        *refused_now(selectors.draft_start_refusal(season=season)),
    ]


def _run_start(request: HttpRequest, season: Season, form: DraftStartForm) -> StepDone:
    draft = services.draft_start(
        season=season, actor=request.user, pick_hours=form.cleaned_data["pick_hours"]
    )
    return StepDone(f"{draft} started.", next_url=admin_url(draft))


DRAFT_START_STEP = Step(
    name="mn11-draft-start",
    label="Start the Star Player draft",
    explain=_explain_start,
    run=_run_start,
    form=lambda season, data: DraftStartForm(data),
    shown=lambda s: offered(selectors.draft_start_refusal(season=s)),
)


def _board(draft: Draft) -> selectors.DraftBoard | None:
    """The live board, its missed picks drawn first (as the page shows it)."""
    services.draft_catch_up(season=draft.season)
    return selectors.draft_board(season=draft.season, user=None)


class PickForm(forms.Form):
    card = forms.ChoiceField(label="Card")

    def __init__(self, draft: Draft, data: Any = None):
        super().__init__(data)
        board = _board(draft)
        cards = board.cards_left if board else ()
        field = self.fields["card"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(card.key, card.name) for card in cards]


def _explain_pick(draft: Draft) -> list[str]:
    board = _board(draft)
    if board is None or board.on_clock is None:
        return ["The draft is over: every team has signed its cards."]
    late = (
        " Its deadline has passed: the pick waits for you." if board.waits_for_commissioner else ""
    )
    return [
        f"You sign the card below for {board.on_clock}, on the clock for pick "
        f"{board.turn.pick if board.turn else ''}.{late}",
        "The pick is audited and shows on the live board at once.",
        *refused_now(selectors.draft_pick_refusal(season=draft.season, user=None)),
    ]


def _run_pick(request: HttpRequest, draft: Draft, form: PickForm) -> StepDone:
    pick = services.draft_pick(
        season=draft.season, actor=request.user, card=form.cleaned_data["card"]
    )
    return StepDone(f"{pick.team} signed {selectors.card_name(draft=draft, key=pick.card)}.")


PICK_STEP = Step(
    name="pick",
    label="Pick for the team on the clock",
    explain=_explain_pick,
    run=_run_pick,
    form=lambda draft, data: PickForm(draft, data),
    shown=lambda d: offered(selectors.draft_pick_refusal(season=d.season, user=None)),
)


class DraftPickInline(ReadOnlyTabularInline[DraftPick, Draft]):
    model = DraftPick
    fields = ("number", "team", "card", "automatic", "made_by", "made_at", "draw")


@admin.register(Draft)
class DraftAdmin(LeagueModelAdmin[Draft]):
    """A season's draft: started from the season's control room, picked on the live board."""

    league_path = "season__league"
    list_display = ("__str__", "picks_made", "finished_at")
    list_select_related = ("season__league",)
    fields = (
        "season",
        "board",
        "order",
        "draws",
        "per_team",
        "snake",
        "auto_pick",
        "pick_hours",
        "seed",
        "clock_started_at",
        "started_at",
        "started_by",
        "finished_at",
    )
    readonly_fields = fields
    inlines = (DraftPickInline,)
    steps = (PICK_STEP,)
    add_refusal = "Start a draft from its season's page: Start the Star Player draft."

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # Read-only: the step above (and the board) make picks.

    def delete_refusal_for(self, obj: Draft) -> str:
        return "A draft's signings stand: its picks are audited."

    @admin.display(description="Picks")
    def picks_made(self, obj: Draft) -> str:
        return f"{obj.picks.count()} of {len(obj.order) * obj.per_team}"

    @admin.display(description="Live board")
    def board(self, obj: Draft) -> str:
        url = reverse("mn11-draft", args=[obj.season_id])
        return format_html('<a href="{}">The live draft board</a>', url)
