"""Writes of sign-up: accounts and their verification, requests to join and their decision.

Each service owns its transaction, locks the row it decides on, writes an audit entry and
queues its email for after the commit."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.capabilities import capability
from league.capabilities.signup import SignUp
from league.errors import PermissionRefused, validation_refused
from league.models import League, Season, StandingRow, Team
from league.rulesets import ruleset_for
from league.services.teams import team_create
from league.signup.emails import email_send
from league.signup.errors import SignupError
from league.signup.links import verification_read, verification_token
from league.signup.models import JoinRequest, LeagueSignupSettings, SignupAccount
from league.signup.selectors import account_verified, league_signup_settings
from league.signup.throttle import account_mail_allowed

#: Turns a verification token into the absolute address of the page that opens it.
LinkFor = Callable[[str], str]


# --- Accounts -----------------------------------------------------------------------------


def account_register(
    *, username: str, email: str, password: str, link_for: LinkFor, sign_in: str = ""
) -> User | None:
    """A visitor's new account, which signs in once he has opened the link emailed to him.
    The form has checked the password against the site's validators.

    The answer is the same whether or not the email or the username is in use (the page
    tells no one which are): an email in use gets a mail saying so (sign in at `sign_in`,
    or reset the password), a username in use a mail asking for another; None then."""
    email = User.objects.normalize_email(email).strip()
    holder = (
        User.objects.filter(email__iexact=email).first()
        or User.objects.filter(signup__email__iexact=email).first()
    )
    if holder is not None:
        _account_mail(email, "already_registered", {"user": holder, "sign_in": sign_in})
        return None
    if User.objects.filter(username__iexact=username).exists():
        _account_mail(email, "username_taken", {"username": username})
        return None
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, email=email, password=password)
            account = SignupAccount.objects.create(user=user, email=email)
            audit_record(
                actor=user,
                action="account.sign_up",
                obj=user,
                league=None,
                message=f"{username} signed up",
                after={"username": username, "email": email},
            )
    except IntegrityError:  # another sign-up took the name or the email a moment before
        _account_mail(email, "username_taken", {"username": username})
        return None
    _verification_queue(account, link_for)
    return user


def _account_mail(email: str, template: str, context: dict[str, object]) -> None:
    """Mail `email` once the transaction commits, within its share (account_mail_allowed)."""
    if account_mail_allowed(email=email):
        transaction.on_commit(lambda: email_send(to=[email], template=template, context=context))


def _verification_queue(account: SignupAccount, link_for: LinkFor) -> None:
    if not account_mail_allowed(email=account.email):
        return  # the address had its share of mails this hour
    token = verification_token(account_id=account.pk, email=account.email)
    context = {
        "user": account.user,
        "link": link_for(token),
        "hours": django_settings.SIGNUP_VERIFY_HOURS,
    }
    transaction.on_commit(
        lambda: email_send(to=[account.email], template="verify", context=context)
    )


def account_verify(*, token: str) -> SignupAccount:
    """Verify the account the link names. Refused (code ``link_invalid``, ``link_used`` or
    ``link_expired``) when the link is not ours, was opened before, or is past its time."""
    read = verification_read(token)
    invalid = SignupError(
        "This link is not one we sent, or it was cut short: copy the whole address from the "
        "email, or ask for a new link.",
        code="link_invalid",
    )
    if read.account_id is None:
        raise invalid
    with transaction.atomic():
        # Locks the account: the link opened twice at once verifies it (and audits) once.
        account = (
            SignupAccount.objects.select_for_update()
            .select_related("user")
            .filter(pk=read.account_id)
            .first()
        )
        if account is None or account.email.lower() != read.email.lower():
            raise invalid
        if account.verified:
            raise SignupError("Your email is already verified: sign in.", code="link_used")
        if read.expired:
            raise SignupError(
                "This link is out of date: ask for a new one below.", code="link_expired"
            )
        account.verified_at = timezone.now()
        account.save(update_fields=["verified_at"])
        audit_record(
            actor=account.user,
            action="account.verify_email",
            obj=account.user,
            league=None,
            message=f"{account.user} verified {account.email}",
        )
    return account


def verification_resend(*, email: str, link_for: LinkFor) -> bool:
    """Send a new link to the unverified account of `email`, if there is one (the page says
    the same either way, so it tells no one which addresses have accounts)."""
    account = (
        SignupAccount.objects.filter(email__iexact=email.strip(), verified_at__isnull=True)
        .select_related("user")
        .first()
    )
    if account is None:
        return False
    _verification_queue(account, link_for)
    return True


# --- A league's sign-up settings ----------------------------------------------------------


def league_signup_settings_update(
    *, league: League, actor: Actor, open: bool, team_limit: int | None
) -> LeagueSignupSettings:
    """Open `league` to requests to join, or close it, and set its seasons' team limit
    (its commissioners). Requests already waiting stay for them to decide."""
    require_commissioner(user=actor, league=league)
    with transaction.atomic():
        # Locks the league: two commissioners saving at once leave one row, audited in turn.
        League.objects.select_for_update().filter(pk=league.pk).first()
        settings, _ = LeagueSignupSettings.objects.get_or_create(league=league)
        before = {"open": settings.open, "team_limit": settings.team_limit}
        settings.open, settings.team_limit = open, team_limit
        settings.full_clean()
        settings.save(update_fields=["open", "team_limit"])
        audit_record(
            actor=actor,
            action="signup.settings.update",
            obj=settings,
            league=league,
            message=f"{league} {'open' if open else 'closed'} to sign-ups",
            before=before,
            after={"open": open, "team_limit": team_limit},
        )
    return settings


# --- Requests to join ---------------------------------------------------------------------


def join_refusal(*, season: Season, user: Actor) -> SignupError | PermissionRefused | None:
    """Why `user` may not ask to join `season` with a team now, or None."""
    league = season.league
    if user is None or not user.is_authenticated:
        return PermissionRefused("Sign in (or sign up) to ask to join a league.")
    if not account_verified(user=user):
        return SignupError(
            "Verify your email first: open the link we sent you.", code="email_unverified"
        )
    settings = league_signup_settings(league=league)
    if not settings.open:
        return SignupError(f"{league} takes no requests to join.", code="league_closed")
    return entries_refusal(season=season, user=user, limit=settings.team_limit)


def entries_refusal(*, season: Season, user: Actor, limit: int | None) -> SignupError | None:
    """Why `season` takes no new team of `user`'s now: its schedule made, full, or he
    already has a team or a request waiting in it."""
    if (
        season.status != Season.Status.DRAFT
        or season.format != Season.Format.LEAGUE
        or season.rounds.exists()
    ):
        return SignupError(
            f"{season} takes no more teams: its schedule is made.", code="entries_closed"
        )
    if limit is not None and StandingRow.objects.filter(season=season).count() >= limit:
        return SignupError(f"{season} is full ({limit} teams).", code="season_full")
    if (
        user is not None
        and StandingRow.objects.filter(season=season, team__coach_id=user.pk).exists()
    ):
        return SignupError(f"You already coach a team in {season}.", code="already_coaching")
    return None


def join_request_submit(
    *,
    season: Season,
    actor: Actor,
    name: str,
    short_name: str,
    colour: str,
    choices: Mapping[str, Any],
) -> JoinRequest:
    """`actor`'s request to enter a team into `season`, as he chose it; a commissioner
    approves or refuses it."""
    name, short_name = " ".join(name.split()), short_name.strip().upper()
    with transaction.atomic():
        # Locks the season: the checks below hold until the request is stored.
        locked = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
        if (refusal := join_refusal(season=locked, user=actor)) is not None:
            raise refusal
        assert isinstance(actor, User)
        if JoinRequest.objects.filter(
            season=locked, user=actor, status=JoinRequest.Status.PENDING
        ).exists():
            raise SignupError(
                f"Your request to join {locked} is already waiting for a commissioner.",
                code="already_requested",
            )
        _names_refusal(locked, name, short_name)
        try:
            with transaction.atomic():
                request = JoinRequest.objects.create(
                    league=locked.league,
                    season=locked,
                    user=actor,
                    name=name,
                    short_name=short_name,
                    colour=colour,
                    choices=dict(choices),
                )
        except IntegrityError:  # another request for the name, stored a moment before
            raise _name_taken(locked, "name") from None
        audit_record(
            actor=actor,
            action="signup.join_request.submit",
            obj=request,
            league=locked.league,
            message=f"{actor} asked to join {locked} with {name}",
            after={"name": name, "short_name": short_name, "colour": colour},
        )
    commissioners = list(locked.league.commissioners.values_list("email", flat=True))
    context = {"request": request}
    transaction.on_commit(
        lambda: email_send(to=commissioners, template="request_received", context=context)
    )
    return request


def _name_taken(season: Season, field: str) -> SignupError:
    what = "team name" if field == "name" else "short name"
    return SignupError(
        f"{season.league} already has a team or a request with this {what}; choose another.",
        code="name_taken",
        field=field,
    )


def _names_refusal(
    season: Season, name: str, short_name: str, *, waiting: JoinRequest | None = None
) -> None:
    """Refuse a name or short name a team of the league has, or another request waiting
    (all of them when `waiting` is None: a new request; the others when approving it)."""
    slug = slugify(name)
    if not slug:
        raise SignupError("Use at least one letter or digit in the name.", field="name")
    teams = Team.objects.filter(league=season.league)
    others = JoinRequest.objects.filter(league=season.league, status=JoinRequest.Status.PENDING)
    if waiting is not None:
        others = others.exclude(pk=waiting.pk)
    if (
        teams.filter(Q(name__iexact=name) | Q(slug=slug)).exists()
        or others.filter(name__iexact=name).exists()
    ):
        raise _name_taken(season, "name")
    if (
        teams.filter(short_name=short_name).exists()
        or others.filter(short_name=short_name).exists()
    ):
        raise _name_taken(season, "short_name")


def _decided(request: JoinRequest) -> SignupError:
    return SignupError(
        f"This request was already decided: {request.get_status_display().lower()}.",
        code="already_decided",
    )


def join_request_approve(*, join_request: JoinRequest, actor: Actor, site_url: str) -> Team:
    """Make the request's team by its game's creation rules, coached by the one who asked,
    and enter it into the season; he is told by email (`site_url`: the site's address)."""
    with transaction.atomic():
        # Locks the request: approving it twice at once makes one team.
        request = (
            JoinRequest.objects.select_for_update()
            .select_related("league", "user")
            .get(pk=join_request.pk)
        )
        require_commissioner(user=actor, league=request.league)
        if not request.pending:
            raise _decided(request)
        # Locks the season: its last place goes to one request.
        season = (
            Season.objects.select_for_update().select_related("league").get(pk=request.season_id)
        )
        limit = league_signup_settings(league=season.league).team_limit
        if (refusal := entries_refusal(season=season, user=request.user, limit=limit)) is not None:
            raise refusal
        _names_refusal(season, request.name, request.short_name, waiting=request)
        team = _team_build(season, request, actor)
        request.status = JoinRequest.Status.APPROVED
        request.team = team
        request.decided_at = timezone.now()
        request.decided_by = actor if isinstance(actor, User) else None
        request.save(update_fields=["status", "team", "decided_at", "decided_by"])
        audit_record(
            actor=actor,
            action="signup.join_request.approve",
            obj=request,
            league=season.league,
            message=f"{team} entered {season}, coached by {request.user}",
            before={"status": JoinRequest.Status.PENDING},
            after={"status": request.status, "team": team.pk},
        )
    _decision_queue(request, site_url)
    return team


def _team_build(season: Season, request: JoinRequest, actor: Actor) -> Team:
    try:
        with transaction.atomic():  # a savepoint: a clash leaves the request as it was
            return capability(ruleset_for(season.league), SignUp).join_request_build(
                season=season, request=request, actor=actor
            ) or team_create(
                season=season,
                name=request.name,
                short_name=request.short_name,
                actor=actor,
                coach=request.user,
                colour=request.colour,
            )
    except ValidationError as invalid:
        raise validation_refused(invalid) from None
    except IntegrityError:  # a team of that name made a moment before
        raise _name_taken(season, "name") from None


def join_request_refuse(
    *, join_request: JoinRequest, actor: Actor, reason: str, site_url: str
) -> JoinRequest:
    """Refuse the request, saying why; the one who asked is told by email."""
    reason = reason.strip()
    if not reason:
        raise SignupError(
            "Say why, for the coach who asked.", code="reason_required", field="reason"
        )
    with transaction.atomic():
        # Locks the request: it is decided once, approved or refused.
        request = (
            JoinRequest.objects.select_for_update()
            .select_related("league", "user")
            .get(pk=join_request.pk)
        )
        require_commissioner(user=actor, league=request.league)
        if not request.pending:
            raise _decided(request)
        request.status = JoinRequest.Status.REFUSED
        request.reason = reason
        request.decided_at = timezone.now()
        request.decided_by = actor if isinstance(actor, User) else None
        request.save(update_fields=["status", "reason", "decided_at", "decided_by"])
        audit_record(
            actor=actor,
            action="signup.join_request.refuse",
            obj=request,
            league=request.league,
            message=f"Refused {request.name} ({request.user}): {reason}",
            before={"status": JoinRequest.Status.PENDING},
            after={"status": request.status, "reason": reason},
        )
    _decision_queue(request, site_url)
    return request


def join_request_withdraw(*, join_request: JoinRequest, actor: Actor) -> JoinRequest:
    """The coach takes back his request while it waits."""
    with transaction.atomic():
        # Locks the request: withdrawn or decided, not both.
        request = (
            JoinRequest.objects.select_for_update().select_related("league").get(pk=join_request.pk)
        )
        if actor is None or request.user_id != actor.pk:
            raise PermissionRefused("Only the coach who asked may withdraw this request.")
        if not request.pending:
            raise _decided(request)
        request.status = JoinRequest.Status.WITHDRAWN
        request.decided_at = timezone.now()
        request.save(update_fields=["status", "decided_at"])
        audit_record(
            actor=actor,
            action="signup.join_request.withdraw",
            obj=request,
            league=request.league,
            message=f"{actor} withdrew {request.name}",
        )
    return request


def _decision_queue(request: JoinRequest, site_url: str) -> None:
    site = site_url.rstrip("/")
    context = {
        "request": request,
        "my_teams_url": site + reverse("my-teams"),
        "join_url": site + reverse("signup-open-leagues"),
    }
    transaction.on_commit(
        lambda: email_send(to=[request.user.email], template="decided", context=context)
    )
