"""MagnoBall's pages and match day: thin views that parse, call one selector or service and
render (a season's own pages are league/season_views.py). Reads come from games/selectors/;
every change is one service call."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.views.decorators.http import require_GET, require_POST

from games import selectors
from games.access import (
    access_fixture,
    access_fixture_for_report,
    access_inspection_for_decision,
    access_job_status,
    may_decide,
    sides_for,
)
from games.forms import ResultForm
from games.models import Inspection
from games.selectors import job_requested_message, simulation_job_status
from games.services import inspection_decide, lineup_name_reserve, result_record, simulation_request
from league.access import FixtureRoles, is_coach, is_commissioner
from league.admin.display import admin_step_url
from league.errors import DomainError, PermissionRefused
from league.models import Fixture, Result, Season, Team
from league.season_views import season_or_404
from league.web import add_domain_error, confirm_page, refused, run_action, shows_refusal
from rosters.models import Player
from rules.magnoball.vocabulary import Position, StatCategory

ROSTER_SORTS = {
    "name": lambda row: row.player.name.lower(),
    "position": lambda row: (list(Position).index(row.position), row.player.name),
    "status": lambda row: (row.player.status, row.player.name),
    "games": lambda row: (-row.career_games, row.player.name),
    "points": lambda row: (-row.career_points, row.player.name),
}


def _changed_id(request: HttpRequest, kind: str) -> int | None:
    """The id of the row a change was just made to (``?changed=player-12``), to highlight."""
    prefix, _, number = request.GET.get("changed", "").partition("-")
    return int(number) if prefix == kind and number.isdigit() else None


def _can_manage(request: HttpRequest, team: Team) -> bool:
    return is_coach(user=request.user, team=team) or is_commissioner(
        user=request.user, league=team.league
    )


# --- The coach's home --------------------------------------------------------------------------


def leaders(request: HttpRequest, league: str, season: str) -> HttpResponse:
    shown = season_or_404(request, league, season)
    wanted = request.GET.get("category", "")
    categories = [c for c in StatCategory if not wanted or c.value == wanted] or list(StatCategory)
    return render(
        request,
        "games/leaders.html",
        {
            "season": shown,
            "categories": list(StatCategory),
            "wanted": wanted,
            "boards": [
                (c, selectors.season_leaders(season=shown, category=c, limit=10))
                for c in categories
            ],
            "points": selectors.season_points_leaders(season=shown),
        },
    )


# --- Team and player pages ---------------------------------------------------------------------


def team_page(request: HttpRequest, team: Team) -> HttpResponse:
    """A team's roster page (the core's ``team`` address hands over, having checked the
    league is visible to the user); its content is cached for readers
    (games/selectors/team_page.py)."""
    body = selectors.team_body(
        request=request,
        team=team,
        sort=request.GET.get("sort", ""),
        sorts=ROSTER_SORTS,
        can_manage=_can_manage(request, team),
        changed_player=_changed_id(request, "player"),
    )
    return render(request, "games/team.html", {"team": team, "body": body})


def player_page(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        player = selectors.player_for_page(player_id=pk, user=request.user)
    except Player.DoesNotExist as missing:
        raise Http404("No such player, or his league is private.") from missing
    body = selectors.player_body(player=player, can_manage=_can_manage(request, player.team))
    return render(request, "games/player.html", {"player": player, "body": body})


# --- Match day and the match centre ------------------------------------------------------------


def fixture_page(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    """The match centre (the core's ``fixture`` address hands over, having checked the
    league is visible to the user)."""
    roles = FixtureRoles(user=request.user, fixture=fixture)
    commissioner, coach_of = roles.commissioner, roles.coach_of
    version = selectors.fixture_page_version(fixture=fixture)
    # Fixed at kick-off, the line-ups are the same for everyone (cached); until then each
    # coach may name his reserves on them.
    fixed_lineups = selectors.fixture_fixed_lineups_part(fixture=fixture, version=version)
    lineups = () if fixed_lineups is not None else selectors.fixture_lineups(fixture=fixture)
    job = selectors.fixture_live_job(fixture=fixture)
    inspections = selectors.fixture_inspections(fixture=fixture)
    return render(
        request,
        "games/fixture.html",
        {
            "fixture": fixture,
            "season": fixture.round.season,
            "report": selectors.fixture_report_part(fixture=fixture, version=version),
            "fixed_lineups": fixed_lineups,
            "lineups": lineups,
            "lineup_editable": [
                side.team.pk for side in lineups if commissioner or side.team in coach_of
            ],
            "inspections": inspections,
            "decidable": [i.pk for i in inspections if may_decide(roles=roles, inspection=i)],
            "table_rolls": [
                (ti, sides_for(user=request.user, table_inspection=ti))
                for ti in selectors.fixture_table_inspections(fixture=fixture)
            ],
            "job": job,
            "job_waiting_for": simulation_job_status(job_id=job.pk).waiting_for if job else "",
            "may_simulate": commissioner
            and job is None
            and fixture.status in (Fixture.Status.READY, Fixture.Status.INSPECTIONS)
            and fixture.round.season.status in (Season.Status.ACTIVE, Season.Status.PLAYOFFS),
            "commissioner": commissioner,
            "coach_of": coach_of,
            "may_report": roles.may_report,
            "categories": list(StatCategory),
            "changed_inspection": _changed_id(request, "inspection"),
        },
    )


@login_required
@shows_refusal
def fixture_report(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = access_fixture_for_report(user=request.user, fixture_id=pk)
    if fixture.status != Fixture.Status.READY:
        return _report_closed(request, fixture)
    lineup = selectors.report_players(fixture=fixture)
    form = ResultForm(
        request.POST if request.method == "POST" else None,
        fixture=fixture,
        players=lineup.players,
        starters=lineup.starters,
    )
    message = ""
    if request.method == "POST" and form.is_valid():
        try:
            result = result_record(fixture=fixture, report=form.report(), actor=request.user)
        except PermissionRefused as error:
            return refused(request, error.message)
        except DomainError as error:
            message = error.message  # Above the form; its reasons go beside their inputs.
            if error.fields:
                add_domain_error(form, error)
        else:
            messages.success(
                request, f"Result recorded: {fixture} {result.home_score}–{result.away_score}."
            )
            return HttpResponseRedirect(reverse("fixture", args=[fixture.pk]))
    elif form.errors:
        count = len(form.errors)
        message = f"The result was not recorded: {count} problem{'s' if count > 1 else ''}."
    return render(
        request,
        "games/report.html",
        {
            "fixture": fixture,
            "season": fixture.round.season,
            "form": form,
            "rows": form.rows(
                season=selectors.report_season_totals(fixture=fixture, players=lineup.players)
            ),
            "error_summary": form.error_summary(),
            "unavailable": lineup.unavailable,
            "categories": list(StatCategory),
            "message": message,
        },
    )


#: Why a fixture not ready takes no result, and what comes next.
_NOT_READY: dict[str, str] = {
    Fixture.Status.SCHEDULED: "Its round is not open yet: its result is reported once the "
    "commissioner opens the round.",
    Fixture.Status.INSPECTIONS: "Its inspections (M-E2) wait for the table's rolls or a "
    "decision: its result is reported once they are decided.",
    Fixture.Status.SIMULATING: "A simulation is playing it: its result is recorded when the "
    "simulation finishes.",
}


def _report_closed(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    """The report page of a fixture that takes no result now, saying why before anyone
    fills anything in: a played fixture shows its result and how to have it corrected. A
    post changes nothing (409)."""
    report = selectors.fixture_report_part(
        fixture=fixture, version=selectors.fixture_page_version(fixture=fixture)
    )
    league = fixture.round.season.league
    commissioner = is_commissioner(user=request.user, league=league)
    result_id = selectors.fixture_result_id(fixture=fixture) if commissioner else None
    posted = request.method == "POST"
    return render(
        request,
        "games/report_closed.html",
        {
            "fixture": fixture,
            "season": fixture.round.season,
            "result": report.result if report else None,
            "why": _NOT_READY.get(fixture.status, ""),
            "commissioners": [] if commissioner else list(league.commissioners.order_by("pk")),
            # A commissioner corrects a result in the admin (games/admin/results.py).
            "correct_url": admin_step_url(Result, result_id, "correct")
            if result_id is not None and request.user.is_staff
            else "",
            "posted": posted,
        },
        status=409 if posted else 200,
    )


@require_POST
def fixture_simulate(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = access_fixture(user=request.user, fixture_id=pk)
    back = reverse("fixture", args=[fixture.pk])
    return run_action(
        request,
        lambda: simulation_request(fixture=fixture, actor=request.user),
        success=job_requested_message,
        back=back,
    )


@require_POST
def fixture_lineup_name(request: HttpRequest, pk: int) -> HttpResponse:
    """M-P3: the coach names another fit reserve for a vacant first-string place (a blank
    reserve goes back to the second-string counterpart)."""
    fixture = access_fixture(user=request.user, fixture_id=pk)
    back = reverse("fixture", args=[fixture.pk]) + "#lineups-title"
    teams = {str(t.pk): t for t in (fixture.home_team, fixture.away_team)}
    team = teams.get(request.POST.get("team", ""))
    reserve_id = request.POST.get("reserve", "")
    reserve = (
        Player.objects.filter(pk=int(reserve_id), team=team).first()
        if team is not None and reserve_id.isdigit()
        else None
    )
    if team is None or (reserve_id and reserve is None):
        messages.error(request, "Choose a team of this fixture and one of its reserves.")
        return HttpResponseRedirect(back)
    place = request.POST.get("place", "")
    return run_action(
        request,
        lambda: lineup_name_reserve(
            fixture=fixture, team=team, place=place, reserve=reserve, actor=request.user
        ),
        success=f"{team}: {reserve} starts in that place."
        if reserve
        else f"{team}: the second-string counterpart starts in that place.",
        back=back,
    )


@require_POST
def inspection_decide_view(request: HttpRequest, pk: int) -> HttpResponse:
    inspection = (
        Inspection.objects.select_related("fixture", "enhancement__player").filter(pk=pk).first()
    )
    if inspection is None:
        raise Http404("No such inspection.")
    allow = request.POST.get("decision") == "allow"
    word = "allowed for this match" if allow else "banned"
    return run_action(
        request,
        lambda: inspection_decide(inspection=inspection, allow=allow, actor=request.user),
        success=f"{inspection.enhancement.get_kind_display()} on "
        f"{inspection.enhancement.player} {word}.",
        back=reverse("fixture", args=[inspection.fixture_id]),
        changed=f"inspection-{inspection.pk}",
    )


@login_required
@shows_refusal
def inspection_ban(request: HttpRequest, pk: int) -> HttpResponse:
    """Banning drops the enhancement for good (M-E2), so it is asked first, as Release is.
    A decided inspection's page shows the decision, and offers nothing to do."""
    inspection = access_inspection_for_decision(user=request.user, inspection_id=pk)
    enhancement = inspection.enhancement
    what = f"{enhancement.get_kind_display()} on {enhancement.player}"
    back = reverse("fixture", args=[inspection.fixture_id])
    if inspection.decision != Inspection.Decision.PENDING:
        posted = request.method == "POST"
        return render(
            request,
            "form_page.html",
            {
                "title": f"{what}: {inspection.get_decision_display().lower()}",
                "intro": _decided_text(inspection, what),
                "empty": "Nothing was changed: this inspection is decided."
                if posted
                else "This inspection is decided: there is nothing left to do here.",
                "back": back,
                "back_label": str(inspection.fixture),
            },
            status=409 if posted else 200,
        )
    return confirm_page(
        request,
        lambda: inspection_decide(inspection=inspection, allow=False, actor=request.user),
        title=f"Ban {what}",
        intro=f"A banned enhancement is removed from {enhancement.player} for good, not "
        "only for this match (M-E2); allowing it lets it play this match only. A ban "
        "cannot be undone.",
        back_label=str(inspection.fixture),
        submit=f"Ban {enhancement.get_kind_display()}",
        success=f"{what} banned.",
        back=back,
        changed=f"inspection-{inspection.pk}",
    )


def _decided_text(inspection: Inspection, what: str) -> str:
    """A decided inspection in words (M-E2): who decided what, and when."""
    by = f" by {inspection.decided_by.get_username()}" if inspection.decided_by else ""
    when = ""
    if inspection.decided_at is not None:
        when = f" on {date_format(localtime(inspection.decided_at), 'j F Y, H:i')}"
    player = inspection.enhancement.player
    if inspection.decision == Inspection.Decision.BANNED:
        return f"{what} was banned{by}{when}: it is removed from {player} for good (M-E2)."
    if inspection.decision == Inspection.Decision.ALLOWED:
        return f"{what} was allowed for this match{by}{when} (M-E2)."
    return f"{what} was not detected at the inspection (M-E2): it plays, with nothing to decide."


@require_GET
def job_status(request: HttpRequest, pk: int) -> JsonResponse:
    """A simulation job's state and progress for the page that polls it; a job of a league
    the user may not see is not found (as in the API)."""
    status = access_job_status(user=request.user, job_id=pk)
    return JsonResponse(
        {
            "state": status.state,
            "waiting_reason": status.waiting_reason,
            "waiting_for": status.waiting_for,
            "progress": status.progress,
            "finished": status.finished,
            "error": status.error,
            "home_score": status.home_score,
            "away_score": status.away_score,
            "fixture_url": reverse("fixture", args=[status.fixture_id]),
        }
    )
