"""The sign-up pages: register, verify the email, ask to join a league, see and withdraw
one's requests. Each view parses, calls one service or selector, and renders."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from league.capabilities import capability
from league.capabilities.admin_teams import TeamAdminParts
from league.capabilities.signup import SignUp
from league.errors import DomainError
from league.models import League, Season
from league.rulesets import ruleset_for
from league.selectors.leagues import league_for_user, league_visible_q
from league.signup import services
from league.signup.forms import JoinRequestForm, ResendForm, SignUpForm
from league.signup.links import verification_read
from league.signup.models import JoinRequest, LeagueSignupSettings, SignupAccount
from league.signup.selectors import (
    account_verified,
    league_signup_settings,
    seasons_taking_entries,
)
from league.signup.throttle import throttled_response
from league.web import add_domain_error, refused

SENT_EMAIL = "signup_sent_to"


def _link_for(request: HttpRequest) -> services.LinkFor:
    return lambda token: request.build_absolute_uri(reverse("signup-verify", args=[token]))


def sign_up(request: HttpRequest) -> HttpResponse:
    """A visitor makes an account; it signs in once he has opened the link we email him."""
    if request.user.is_authenticated:
        return render(request, "signup/signed_in_already.html")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        if (throttled := throttled_response(request, "signup")) is not None:
            return throttled
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.account_register(
                    username=data["username"],
                    email=data["email"],
                    password=data["password1"],
                    link_for=_link_for(request),
                    sign_in=request.build_absolute_uri(reverse("login")),
                )
            except DomainError as error:
                add_domain_error(form, error)
            else:
                request.session[SENT_EMAIL] = data["email"]
                return redirect("signup-sent")
    return render(request, "signup/sign_up.html", {"form": form})


def sent(request: HttpRequest) -> HttpResponse:
    """Where a new account is told to look in his inbox."""
    return render(
        request,
        "signup/sent.html",
        {"email": request.session.get(SENT_EMAIL, ""), "resend": ResendForm()},
    )


def verify(request: HttpRequest, token: str) -> HttpResponse:
    """Opening the emailed link verifies the account; an old, used or altered link says so and
    offers the way on (sign in, or a new link)."""
    if (throttled := throttled_response(request, "verify")) is not None:
        return throttled
    try:
        account = services.account_verify(token=token)
    except DomainError as error:
        read = verification_read(token)
        email = ""
        if read.account_id is not None:
            email = (
                SignupAccount.objects.filter(pk=read.account_id)
                .values_list("email", flat=True)
                .first()
                or ""
            )
        context = {
            "error": error,
            "resend": ResendForm(initial={"email": email}),
        }
        return render(request, "signup/verify_failed.html", context, status=400)
    return render(request, "signup/verified.html", {"account": account})


def resend(request: HttpRequest) -> HttpResponse:
    """A new verification link, to an email that signed up and is not verified yet."""
    form = ResendForm(request.POST or None)
    if request.method == "POST":
        if (throttled := throttled_response(request, "verify")) is not None:
            return throttled
        if form.is_valid():
            services.verification_resend(  # within the address's share of mails
                email=form.cleaned_data["email"], link_for=_link_for(request)
            )
            request.session[SENT_EMAIL] = form.cleaned_data["email"]
            messages.success(
                request, "If that email signed up and is not verified, a new link is on its way."
            )
            return redirect("signup-sent")
    return render(request, "signup/resend.html", {"form": form})


def open_leagues(request: HttpRequest) -> HttpResponse:
    """The leagues a coach may ask to join, with their seasons taking teams."""
    visible = League.objects.filter(league_visible_q(user=request.user)).distinct()
    opened = LeagueSignupSettings.objects.filter(open=True, league__in=visible).values("league")
    leagues = [
        (league, list(seasons_taking_entries(league=league)))
        for league in visible.filter(pk__in=opened).order_by("name")
    ]
    return render(
        request,
        "signup/open_leagues.html",
        {"leagues": leagues, "verified": account_verified(user=request.user)},
    )


def _league(request: HttpRequest, slug: str) -> League:
    try:
        return league_for_user(user=request.user, slug=slug)
    except League.DoesNotExist as missing:
        raise Http404("No such league, or it is private.") from missing


def join(request: HttpRequest, slug: str) -> HttpResponse:
    """A league's "Join this league" page: its seasons taking teams, or why none is."""
    league = _league(request, slug)
    settings = league_signup_settings(league=league)
    seasons = list(seasons_taking_entries(league=league)) if settings.open else []
    if settings.open and len(seasons) == 1 and account_verified(user=request.user):
        return redirect("signup-join-season", league.slug, seasons[0].slug)
    return render(
        request,
        "signup/join.html",
        {
            "league": league,
            "open": settings.open,
            "seasons": seasons,
            "verified": account_verified(user=request.user),
        },
    )


def join_season(request: HttpRequest, slug: str, season: str) -> HttpResponse:
    """The request to join one season: a team of the coach's making, by its game's rules."""
    league = _league(request, slug)
    found = get_object_or_404(Season.objects.select_related("league"), league=league, slug=season)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    refusal = services.join_refusal(season=found, user=request.user)
    if refusal is not None:
        return refused(request, refusal.message, back=reverse("signup-join", args=[league.slug]))
    waiting = JoinRequest.objects.filter(
        season=found, user_id=request.user.pk, status=JoinRequest.Status.PENDING
    ).exists()
    if waiting:
        messages.info(request, f"Your request to join {found} is waiting for a commissioner.")
        return redirect("my-teams")
    ruleset = ruleset_for(league)
    form_class = capability(ruleset, SignUp).join_request_form(season=found) or JoinRequestForm
    form = form_class(request.POST or None, season=found)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.join_request_submit(
                season=found,
                actor=request.user,
                name=data["name"],
                short_name=data["short_name"],
                colour=data["colour"],
                choices=form.choices(),
            )
        except DomainError as error:
            add_domain_error(form, error)
        else:
            messages.success(
                request,
                f"Your request to join {found} is sent; a commissioner of {league} decides.",
            )
            return redirect("my-teams")
    return render(
        request,
        "signup/join_season.html",
        {
            "league": league,
            "season": found,
            "form": form,
            "lines": capability(ruleset, TeamAdminParts).team_creation_lines(),
            "game_label": ruleset.label,
        },
    )


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """The coach takes back a request that still waits."""
    join_request = get_object_or_404(JoinRequest, pk=pk, user_id=request.user.pk)
    try:
        services.join_request_withdraw(join_request=join_request, actor=request.user)
    except DomainError as error:
        return refused(request, error.message, back=reverse("my-teams"), status=400)
    messages.success(request, f"Your request for {join_request.name} is withdrawn.")
    return HttpResponseRedirect(reverse("my-teams"))
