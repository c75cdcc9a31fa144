"""Arenaball's pages: a team's roster with its cars, crews and designs; the design editor; a
character's card; a fixture with its line-ups and report; the report form. Each view fetches
through arenaball/access.py, calls one service or selector and renders."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from arenaball import selectors, services
from arenaball.access import (
    access_character,
    access_design,
    access_fixture,
    access_team_to_manage,
    may_manage,
)
from arenaball.design_input import design_data_of, design_data_parse
from arenaball.forms import TeamEntryForm
from arenaball.models import Design
from arenaball.report_input import report_data_parse
from arenaball.web_forms import car_choices, design_read, report_read
from league.access import FixtureRoles
from league.errors import DomainError, PermissionRefused
from league.models import Fixture, Season, Team
from league.web import confirm_page, form_page, refused, run_action, shows_refusal


def team_page(request: HttpRequest, team: Team) -> HttpResponse:
    """A team: its six cars with designs and crews, its designs with their verdicts, its
    roster (crews and reserves), its graveyard and its games (the core's ``team`` address
    hands over, its league visible to the user)."""
    context = selectors.team_page(team=team, manage=may_manage(user=request.user, team=team))
    return render(request, "arenaball/team.html", context)


@require_POST
@login_required
@shows_refusal
def team_cars(request: HttpRequest, pk: int) -> HttpResponse:
    """The six cars' designs and crews, set at once (A-T1, A-T2)."""
    team = access_team_to_manage(user=request.user, team_id=pk)
    choices = car_choices(request.POST)
    try:
        services.team_cars_set(team=team, actor=request.user, cars=choices)
    except PermissionRefused as error:
        return refused(request, error.message)
    except DomainError as error:
        context = selectors.team_page(
            team=team, manage=True, car_errors=error.fields, posted=choices
        )
        return render(request, "arenaball/team.html", context, status=400)
    messages.success(request, "Cars and crews saved.")
    return HttpResponseRedirect(reverse("team", args=[team.pk]) + "#cars")


@require_POST
@login_required
@shows_refusal
def character_sign(request: HttpRequest, pk: int) -> HttpResponse:
    team = access_team_to_manage(user=request.user, team_id=pk)
    name = request.POST.get("name", "")
    return run_action(
        request,
        lambda: services.character_sign(team=team, actor=request.user, name=name),
        success=lambda c: f"{c.name} signed: seat him in a car below.",
        back=reverse("team", args=[team.pk]) + "#roster",
    )


@require_POST
@login_required
@shows_refusal
def character_rename(request: HttpRequest, pk: int) -> HttpResponse:
    character = access_character(user=request.user, character_id=pk)
    name = request.POST.get("name", "")
    return run_action(
        request,
        lambda: services.character_rename(character=character, actor=request.user, name=name),
        success=lambda c: f"Renamed {c.name}.",
        back=reverse("arenaball-character", args=[character.pk]),
    )


@login_required
@shows_refusal
def character_release(request: HttpRequest, pk: int) -> HttpResponse:
    """Asked first on its own page (no script needed), as MagnoBall's Release is."""
    character = access_character(user=request.user, character_id=pk)
    access_team_to_manage(user=request.user, team_id=character.team_id)  # 403 as the submit
    if (refusal := selectors.character_release_refusal(character)) is not None:
        back = reverse("arenaball-character", args=[character.pk])
        return refused(request, refusal.message, back=back, status=409)
    return confirm_page(
        request,
        lambda: services.character_release(character=character, actor=request.user),
        title=f"Release {character.name}",
        intro=f"{character.name} leaves {character.team} for good; his career stays "
        "on record. This cannot be undone.",
        team=character.team,
        submit=f"Release {character.name}",
        success=lambda c: f"{c.name} released; his career stays on record.",
        back=reverse("team", args=[character.team_id]) + "#roster",
    )


@login_required
def team_enter(request: HttpRequest, pk: int) -> HttpResponse:
    """An invited coach enters his own team in a season that takes entries (A-T1, A-T2)."""
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    refusal = selectors.team_entry_refusal(season=season, user=request.user)
    if refusal is not None:
        return refused(request, refusal.message)
    form = TeamEntryForm(request.POST or None)
    return form_page(
        request,
        form,
        lambda data: services.team_enter(season=season, actor=request.user, **data),
        context={
            "title": f"Enter your team in {season}",
            "intro": "Your team starts with the seed's Track Car and Goalkeeper, eight "
            "characters and its six cars crewed; rename, redesign and reseat it from its page.",
            "submit": "Enter the team",
        },
        success=lambda team: f"{team.name} entered {season}: build it below.",
        back=reverse("my-teams"),
    )


def character_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A-P1, A-P2: a character's card, his games and the history chart."""
    character = access_character(user=request.user, character_id=pk)
    context = selectors.character_page(
        character=character, manage=may_manage(user=request.user, team=character.team)
    )
    return render(request, "arenaball/character.html", context)


@login_required
@shows_refusal
def design_new(request: HttpRequest, pk: int) -> HttpResponse:
    team = access_team_to_manage(user=request.user, team_id=pk)
    return _design_editor(request, team, None)


@login_required
@shows_refusal
def design_edit(request: HttpRequest, pk: int) -> HttpResponse:
    design = access_design(user=request.user, design_id=pk)
    team = access_team_to_manage(user=request.user, team_id=design.team_id)
    return _design_editor(request, team, design)


def _design_editor(request: HttpRequest, team: Any, design: Any) -> HttpResponse:
    """A-T3, A-T4: the design sheet and its parts; the limits' states beside it (live as the
    coach types, from the check endpoint, and again on saving)."""
    if request.method != "POST":
        data = design_data_of(design) if design else None
        context = selectors.design_editor(team=team, design=design, data=data)
        return render(request, "arenaball/design_form.html", context)
    read = design_read(request.POST)
    data, errors = design_data_parse(read.raw)
    refusal = list(errors.values())
    if not errors:
        try:
            saved = services.design_save(team=team, actor=request.user, data=data, design=design)
        except PermissionRefused as error:
            return refused(request, error.message)
        except DomainError as error:
            errors = error.fields
            problems = getattr(error, "problems", ())
            refusal = [problem.message for problem in problems] or [error.message]
        else:
            messages.success(request, f"{saved.name} saved: it passes every limit.")
            return HttpResponseRedirect(reverse("team", args=[team.pk]) + f"#design-{saved.pk}")
    context = selectors.design_editor(
        team=team,
        design=design,
        data=data,
        posted=read,
        errors=read.errors_by_row(errors),
        refusal=refusal,
    )
    return render(request, "arenaball/design_form.html", context, status=400)


@require_POST
@login_required
@shows_refusal
def design_check(request: HttpRequest, pk: int) -> HttpResponse:
    """The editor's live check: the posted sheet's totals and every limit's state, as JSON;
    nothing is stored."""
    team = access_team_to_manage(user=request.user, team_id=pk)
    design_id = request.GET.get("design", "")
    design = (
        Design.objects.filter(team=team, pk=int(design_id)).first() if design_id.isdigit() else None
    )
    read = design_read(request.POST)
    data, errors = design_data_parse(read.raw)
    check, problems = selectors.design_refusals(team=team, data=data, design=design)
    answer = selectors.check_json(
        check, problems=problems, errors=read.errors_by_row(errors), read=read
    )
    return JsonResponse(answer)


@login_required
@shows_refusal
def design_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Asked first on its own page (no script needed)."""
    design = access_design(user=request.user, design_id=pk)
    access_team_to_manage(user=request.user, team_id=design.team_id)  # 403 as the submit
    back = reverse("team", args=[design.team_id]) + "#designs"
    if (refusal := selectors.design_delete_refusal(design)) is not None:
        return refused(request, refusal.message, back=back, status=409)
    name = design.name
    return confirm_page(
        request,
        lambda: services.design_delete(design=design, actor=request.user),
        title=f"Remove the design {name}",
        intro=f"{name} is removed from {design.team}'s designs; no car of the team "
        "uses it. This cannot be undone.",
        team=design.team,
        submit=f"Remove {name}",
        success=f"{name} removed.",
        back=back,
    )


def fixture_page(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    """A game: both line-ups (cars, crews, pits), the report once played, and what the user
    may do (choose his pits, report the result). The core's ``fixture`` address hands over,
    having checked the league is visible to the user."""
    roles = FixtureRoles(user=request.user, fixture=fixture)
    return render(
        request, "arenaball/fixture.html", selectors.fixture_page(fixture=fixture, roles=roles)
    )


@require_POST
@login_required
@shows_refusal
def fixture_pits(request: HttpRequest, pk: int) -> HttpResponse:
    """A-G4: a coach's two track cars in the pits for this game."""
    fixture = access_fixture(user=request.user, fixture_id=pk)
    team_id = request.POST.get("team", "")
    teams = {str(t.pk): t for t in (fixture.home_team, fixture.away_team)}
    if team_id not in teams:
        return refused(request, "Choose one of this game's two teams.", status=400)
    slots = request.POST.getlist("pits")
    return run_action(
        request,
        lambda: services.pits_choose(
            fixture=fixture, team=teams[team_id], actor=request.user, slots=slots
        ),
        success=f"{teams[team_id]} start with cars {' and '.join(sorted(slots))} in the pits.",
        back=reverse("fixture", args=[fixture.pk]),
    )


@login_required
@shows_refusal
def fixture_report(request: HttpRequest, pk: int) -> HttpResponse:
    """A-G5: the result form (coaches of either team or a commissioner; a commissioner's
    on a played game is a correction)."""
    fixture = access_fixture(user=request.user, fixture_id=pk)
    roles = FixtureRoles(user=request.user, fixture=fixture)
    played = hasattr(fixture, "result")
    if not roles.may_report or (played and not roles.commissioner):
        message = (
            f"{fixture} has been played; a commissioner can correct it."
            if played
            else f"Only the coaches of {fixture} or a commissioner may report its result."
        )
        return refused(request, message, status=403)
    teams = (fixture.home_team, fixture.away_team)
    cars = {t.pk: selectors.team_cars(team=t) for t in teams}
    skaters = {t.pk: selectors.team_skaters(team=t) for t in teams}
    if request.method != "POST":
        context = selectors.report_form(fixture=fixture, cars=cars, skaters=skaters)
        return render(request, "arenaball/report.html", context)
    read = report_read(
        request.POST,
        cars=cars,
        skaters={c.pk: team_id for team_id, people in skaters.items() for c in people},
    )
    data, errors = report_data_parse(read.raw)
    if not errors:
        action = services.report_correct if played else services.report_record
        try:
            action(fixture=fixture, data=data, actor=request.user)
        except PermissionRefused as error:
            return refused(request, error.message)
        except DomainError as error:
            errors = error.fields or {"__all__": error.message}
        else:
            messages.success(
                request, f"Result saved: {fixture} {data.home_score}–{data.away_score}."
            )
            return HttpResponseRedirect(reverse("fixture", args=[fixture.pk]))
    row_errors, others = read.row_errors(errors)
    context = selectors.report_form(
        fixture=fixture,
        cars=cars,
        skaters=skaters,
        posted=request.POST,
        row_errors=row_errors,
        errors=others,
    )
    return render(request, "arenaball/report.html", context, status=400)
