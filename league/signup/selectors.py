"""Reads for the sign-up pages: which seasons take requests, and a coach's requests."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from league.models import League, Season
from league.signup.models import JoinRequest, LeagueSignupSettings, SignupAccount


def league_signup_settings(*, league: League) -> LeagueSignupSettings:
    """`league`'s sign-up settings; closed with no limit when its commissioners set none."""
    found = LeagueSignupSettings.objects.filter(league=league).first()
    return found or LeagueSignupSettings(league=league)


def account_verified(*, user: User | AnonymousUser) -> bool:
    """Whether `user` may act as a signed-up coach: an account the commissioners made (no
    sign-up row) or one whose email is verified."""
    if not user.is_authenticated:
        return False
    account = SignupAccount.objects.filter(user_id=user.pk).first()
    return account is None or account.verified


def seasons_taking_entries(*, league: League) -> QuerySet[Season]:
    """`league`'s seasons a new team may still enter: league seasons in draft, with no
    schedule yet (a tournament's field is entered by its own steps)."""
    return Season.objects.filter(
        league=league,
        status=Season.Status.DRAFT,
        format=Season.Format.LEAGUE,
        rounds__isnull=True,
    ).order_by("-created_at")


def join_requests_of(*, user: User | AnonymousUser) -> list[JoinRequest]:
    """`user`'s requests to join, newest first: those waiting and those decided."""
    if not user.is_authenticated:
        return []
    requests = JoinRequest.objects.filter(user_id=user.pk).select_related(
        "league", "season", "team"
    )
    return list(requests.order_by("-created_at")[:20])
