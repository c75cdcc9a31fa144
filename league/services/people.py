"""Writes for people's accounts: invitations, set-password links and password sets, each
audited. Invitations tie a new account to a league, so only that league's commissioners see
it before it joins a team or the league's commissioners."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.errors import LeagueError, PermissionRefused
from league.models import Invitation, League
from league.roles import commissioners_group


@dataclass(frozen=True)
class SetPasswordLink:
    """What the reset-confirm page needs to let `user` choose a password, and until when it
    works (Django's token: until the password is set or PASSWORD_RESET_TIMEOUT passes)."""

    user: User
    uidb64: str
    token: str
    expires_at: datetime


def _link(user: User) -> SetPasswordLink:
    return SetPasswordLink(
        user=user,
        uidb64=urlsafe_base64_encode(force_bytes(user.pk)),
        token=default_token_generator.make_token(user),
        expires_at=timezone.now() + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT),
    )


def _require_inviter(*, actor: Actor, league: League | None) -> None:
    """An administrator invites for any league or none; anyone else only for a league he
    commissions."""
    if actor is None or (actor.is_authenticated and actor.is_superuser):
        return
    if league is None:
        raise LeagueError("Choose the league you invite them to.", field="league")
    require_commissioner(user=actor, league=league)


def user_invite(
    *,
    username: str,
    email: str,
    actor: Actor,
    league: League | None,
    first_name: str = "",
    last_name: str = "",
    commissioner: bool = False,
) -> SetPasswordLink:
    """A new account without a password, invited to `league` (a commissioner's staff account
    when `commissioner`); returns its set-password link, for the inviter to send."""
    _require_inviter(actor=actor, league=league)
    inviter = actor if actor is not None and actor.is_authenticated else None
    try:
        with transaction.atomic():
            user = User(
                username=username,
                email=email,
                first_name=first_name,
                last_name=last_name,
                is_staff=commissioner,
            )
            user.set_unusable_password()
            user.save()
            if commissioner:
                user.groups.add(commissioners_group())
            Invitation.objects.create(user=user, league=league, invited_by=inviter)
            audit_record(
                actor=actor,
                action="user.invite",
                obj=user,
                league=league,
                message=f"{username} invited{f' to {league}' if league else ''}"
                f"{' as a commissioner' if commissioner else ''}.",
                after={"username": username, "email": email, "is_staff": commissioner},
            )
    except IntegrityError:
        raise LeagueError(f"The username “{username}” is taken.", field="username") from None
    return _link(user)


def user_invite_link_renew(*, user: User, actor: Actor) -> SetPasswordLink:
    """A new set-password link for an invited account that has not chosen a password yet:
    only for its inviter or an administrator, so no one else can take the account over."""
    invitation = Invitation.objects.filter(user=user).select_related("league").first()
    allowed = actor is None or (
        actor.is_authenticated
        and (
            actor.is_superuser or (invitation is not None and invitation.invited_by_id == actor.pk)
        )
    )
    if not allowed:
        raise PermissionRefused(f"Only whoever invited {user} or an administrator may do this.")
    if user.has_usable_password():
        raise LeagueError(f"{user} has chosen a password already.")
    audit_record(
        actor=actor,
        action="user.invite_link",
        obj=user,
        league=invitation.league if invitation else None,
        message=f"A new set-password link for {user}.",
    )
    return _link(user)


def user_password_set(*, user: User, password: str, actor: Actor) -> User:
    """Set `user`'s password (validated by the caller's form), through an invitation or reset
    link or by changing it."""
    with transaction.atomic():
        user.set_password(password)
        user.save(update_fields=["password"])
        invitation = Invitation.objects.filter(user=user).select_related("league").first()
        audit_record(
            actor=actor,
            action="user.password_set",
            obj=user,
            league=invitation.league if invitation else None,
            message=f"{user} has a new password.",
        )
    return user
