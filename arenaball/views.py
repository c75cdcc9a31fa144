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

from arenaball import crews, designs, page_data, reports, selectors, team_entry
from arenaball.access import (
    access_character,
    access_design,
    access_fixture,
    access_team_to_manage,
    may_manage,
)
from arenaball.forms import TeamEntryForm
from arenaball.models import Design
from arenaball.report_input import report_data_parse
from arenaball.web_forms import design_read, report_read
from league.access import FixtureRoles
from league.errors import DomainError, PermissionRefused
from league.models import Fixture, Season, Team
from league.web import confirm_page, form_page, refused, run_action, shows_refusal


def team(request: HttpRequest, team_: Team) -> HttpResponse:
    """A team: its six cars with designs and crews, its designs with their verdicts, its
    roster (crews and reserves), its graveyard and its games (the core's ``team`` address
    hands over, its league visible to the user)."""
    context = page_data.team_page(team=team_, manage=may_manage(user=request.user, team=team_))
    return render(request, "arenaball/team.html", context)


@require_POST
@login_required
@shows_refusal
def team_cars(request: HttpRequest, pk: int) -> HttpResponse:
    """The six cars' designs and crews, set at once (A-T1, A-T2)."""
    team_ = access_team_to_manage(user=request.user, team_id=pk)
    choices = page_data.car_choices(request.POST)
    try:
        crews.team_cars_set(team=team_, actor=request.user, cars=choices)
    except PermissionRefused as error:
        return refused(request, error.message)
    except DomainError as error:
        context = page_data.team_page(
            team=team_, manage=True, car_errors=error.fields, posted=choices
        )
        return render(request, "arenaball/team.html", context, status=400)
    messages.success(request, "Cars and crews saved.")
    return HttpResponseRedirect(reverse("team", args=[team_.pk]) + "#cars")


@require_POST
@login_required
@shows_refusal
def character_sign(request: HttpRequest, pk: int) -> HttpResponse:
    team_ = access_team_to_manage(user=request.user, team_id=pk)
    name = request.POST.get("name", "")
    return run_action(
        request,
        lambda: crews.character_sign(team=team_, actor=request.user, name=name),
        success=lambda c: f"{c.name} signed: seat him in a car below.",
        back=reverse("team", args=[team_.pk]) + "#roster",
    )


@require_POST
@login_required
@shows_refusal
def character_rename(request: HttpRequest, pk: int) -> HttpResponse:
    character_ = access_character(user=request.user, character_id=pk)
    name = request.POST.get("name", "")
    return run_action(
        request,
        lambda: crews.character_rename(character=character_, actor=request.user, name=name),
        success=lambda c: f"Renamed {c.name}.",
        back=reverse("arenaball-character", args=[character_.pk]),
    )


@login_required
@shows_refusal
def character_release(request: HttpRequest, pk: int) -> HttpResponse:
    """Asked first on its own page (no script needed), as MagnoBall's Release is."""
    character_ = access_character(user=request.user, character_id=pk)
    access_team_to_manage(user=request.user, team_id=character_.team_id)  # 403 as the submit
    if (refusal := crews.character_release_refusal(character_)) is not None:
        back = reverse("arenaball-character", args=[character_.pk])
        return refused(request, refusal.message, back=back, status=409)
    return confirm_page(
        request,
        lambda: crews.character_release(character=character_, actor=request.user),
        title=f"Release {character_.name}",
        intro=f"{character_.name} leaves {character_.team} for good; his career stays "
        "on record. This cannot be undone.",
        team=character_.team,
        submit=f"Release {character_.name}",
        success=lambda c: f"{c.name} released; his career stays on record.",
        back=reverse("team", args=[character_.team_id]) + "#roster",
    )


@login_required
def team_enter(request: HttpRequest, pk: int) -> HttpResponse:
    """An invited coach enters his own team in a season that takes entries (A-T1, A-T2)."""
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    refusal = team_entry.team_entry_refusal(season=season, user=request.user)
    if refusal is not None:
        return refused(request, refusal.message)
    form = TeamEntryForm(request.POST or None)
    return form_page(
        request,
        form,
        lambda data: team_entry.team_enter(season=season, actor=request.user, **data),
        context={
            "title": f"Enter your team in {season}",
            "intro": "Your team starts with the seed's Track Car and Goalkeeper, eight "
            "characters and its six cars crewed; rename, redesign and reseat it from its page.",
            "submit": "Enter the team",
        },
        success=lambda team: f"{team.name} entered {season}: build it below.",
        back=reverse("my-teams"),
    )


def character(request: HttpRequest, pk: int) -> HttpResponse:
    """A-P1, A-P2: a character's card, his games and the history chart."""
    character_ = access_character(user=request.user, character_id=pk)
    context = page_data.character_page(
        character=character_, manage=may_manage(user=request.user, team=character_.team)
    )
    return render(request, "arenaball/character.html", context)


@login_required
@shows_refusal
def design_new(request: HttpRequest, pk: int) -> HttpResponse:
    team_ = access_team_to_manage(user=request.user, team_id=pk)
    return _design_editor(request, team_, None)


@login_required
@shows_refusal
def design_edit(request: HttpRequest, pk: int) -> HttpResponse:
    design = access_design(user=request.user, design_id=pk)
    team_ = access_team_to_manage(user=request.user, team_id=design.team_id)
    return _design_editor(request, team_, design)


def _design_editor(request: HttpRequest, team_: Any, design: Any) -> HttpResponse:
    """A-T3, A-T4: the design sheet and its parts; the limits' states beside it (live as the
    coach types, from the check endpoint, and again on saving)."""
    if request.method != "POST":
        data = designs.design_data_of(design) if design else None
        context = page_data.design_editor(team=team_, design=design, data=data)
        return render(request, "arenaball/design_form.html", context)
    read = design_read(request.POST)
    data, errors = designs.design_data_parse(read.raw)
    refusal = list(errors.values())
    if not errors:
        try:
            saved = designs.design_save(team=team_, actor=request.user, data=data, design=design)
        except PermissionRefused as error:
            return refused(request, error.message)
        except DomainError as error:
            errors = error.fields
            problems = getattr(error, "problems", ())
            refusal = [problem.message for problem in problems] or [error.message]
        else:
            messages.success(request, f"{saved.name} saved: it passes every limit.")
            return HttpResponseRedirect(reverse("team", args=[team_.pk]) + f"#design-{saved.pk}")
    context = page_data.design_editor(
        team=team_,
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
    team_ = access_team_to_manage(user=request.user, team_id=pk)
    design_id = request.GET.get("design", "")
    design = (
        Design.objects.filter(team=team_, pk=int(design_id)).first()
        if design_id.isdigit()
        else None
    )
    read = design_read(request.POST)
    data, errors = designs.design_data_parse(read.raw)
    check, problems = designs.design_refusals(team=team_, data=data, design=design)
    answer = page_data.check_json(
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
    if (refusal := designs.design_delete_refusal(design)) is not None:
        return refused(request, refusal.message, back=back, status=409)
    name = design.name
    return confirm_page(
        request,
        lambda: designs.design_delete(design=design, actor=request.user),
        title=f"Remove the design {name}",
        intro=f"{name} is removed from {design.team}'s designs; no car of the team "
        "uses it. This cannot be undone.",
        team=design.team,
        submit=f"Remove {name}",
        success=f"{name} removed.",
        back=back,
    )


def fixture(request: HttpRequest, fixture_: Fixture) -> HttpResponse:
    """A game: both line-ups (cars, crews, pits), the report once played, and what the user
    may do (choose his pits, report the result). The core's ``fixture`` address hands over,
    having checked the league is visible to the user."""
    roles = FixtureRoles(user=request.user, fixture=fixture_)
    return render(
        request, "arenaball/fixture.html", page_data.fixture_page(fixture=fixture_, roles=roles)
    )


@require_POST
@login_required
@shows_refusal
def fixture_pits(request: HttpRequest, pk: int) -> HttpResponse:
    """A-G4: a coach's two track cars in the pits for this game."""
    fixture_ = access_fixture(user=request.user, fixture_id=pk)
    team_id = request.POST.get("team", "")
    teams = {str(t.pk): t for t in (fixture_.home_team, fixture_.away_team)}
    if team_id not in teams:
        return refused(request, "Choose one of this game's two teams.", status=400)
    slots = request.POST.getlist("pits")
    return run_action(
        request,
        lambda: reports.pits_choose(
            fixture=fixture_, team=teams[team_id], actor=request.user, slots=slots
        ),
        success=f"{teams[team_id]} start with cars {' and '.join(sorted(slots))} in the pits.",
        back=reverse("fixture", args=[fixture_.pk]),
    )


@login_required
@shows_refusal
def fixture_report(request: HttpRequest, pk: int) -> HttpResponse:
    """A-G5: the result form (coaches of either team or a commissioner; a commissioner's
    on a played game is a correction)."""
    fixture_ = access_fixture(user=request.user, fixture_id=pk)
    roles = FixtureRoles(user=request.user, fixture=fixture_)
    played = hasattr(fixture_, "result")
    if not roles.may_report or (played and not roles.commissioner):
        message = (
            f"{fixture_} has been played; a commissioner can correct it."
            if played
            else f"Only the coaches of {fixture_} or a commissioner may report its result."
        )
        return refused(request, message, status=403)
    teams = (fixture_.home_team, fixture_.away_team)
    cars = {t.pk: selectors.team_cars(team=t) for t in teams}
    skaters = {t.pk: selectors.team_skaters(team=t) for t in teams}
    if request.method != "POST":
        context = page_data.report_form(fixture=fixture_, cars=cars, skaters=skaters)
        return render(request, "arenaball/report.html", context)
    read = report_read(
        request.POST,
        cars=cars,
        skaters={c.pk: team_id for team_id, people in skaters.items() for c in people},
    )
    data, errors = report_data_parse(read.raw)
    if not errors:
        action = reports.report_correct if played else reports.report_record
        try:
            action(fixture=fixture_, data=data, actor=request.user)
        except PermissionRefused as error:
            return refused(request, error.message)
        except DomainError as error:
            errors = error.fields or {"__all__": error.message}
        else:
            messages.success(
                request, f"Result saved: {fixture_} {data.home_score}–{data.away_score}."
            )
            return HttpResponseRedirect(reverse("fixture", args=[fixture_.pk]))
    row_errors, others = read.row_errors(errors)
    context = page_data.report_form(
        fixture=fixture_,
        cars=cars,
        skaters=skaters,
        posted=request.POST,
        row_errors=row_errors,
        errors=others,
    )
    return render(request, "arenaball/report.html", context, status=400)
