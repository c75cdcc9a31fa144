"""API tokens: made with a key shown once, looked up by the key's hash, revoked for good."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from league.access import Actor
from league.audit import audit_record
from league.errors import DomainError, PermissionRefused
from league.models import ApiToken

#: Every key starts with this, so a leaked key is easy to recognise (and to scan for).
KEY_PREFIX = "mbl_"
#: last_used_at is written at most this often per token: a busy script costs no extra writes.
LAST_USED_PRECISION = timedelta(minutes=1)


class TokenError(DomainError):
    """Refused by the token rules."""


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def users_whose_tokens(*, actor: User) -> QuerySet[User]:
    """Whose tokens `actor` manages: their own; a commissioner's also those of the coaches in
    their leagues (but never an administrator's); an administrator's everyone's."""
    if actor.is_superuser:
        return User.objects.all()
    coaches = Q(coached_teams__league__commissioners=actor, is_superuser=False)
    return User.objects.filter(Q(pk=actor.pk) | coaches).distinct()


def _require_manager(*, actor: Actor, user: User) -> None:
    if actor is None:
        return
    if not (actor.is_authenticated and users_whose_tokens(actor=actor).filter(pk=user.pk).exists()):
        raise PermissionRefused(
            "Only the user, a commissioner of their league or an administrator may manage "
            "their tokens."
        )


def _require_owner(*, actor: Actor, user: User) -> None:
    """A token acts with every right of its owner, so only the owner (or an administrator,
    or the server itself: `actor` None) makes one; a commissioner may not mint one for a
    coach, who may commission another league."""
    if actor is None:
        return
    if actor.is_authenticated and (actor.pk == user.pk or actor.is_superuser):
        return
    raise PermissionRefused("Only the user themselves or an administrator may make their tokens.")


def api_token_create(*, user: User, name: str, actor: Actor) -> tuple[ApiToken, str]:
    """A new token for `user`; returns it with its key, which is never shown again."""
    name = name.strip()
    if not name or len(name) > 60:
        raise TokenError("Name the token in 1 to 60 characters.", field="name")
    _require_owner(actor=actor, user=user)
    creator = actor if actor is not None and actor.is_authenticated else None
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    try:
        with transaction.atomic():
            token = ApiToken.objects.create(
                user=user,
                name=name,
                prefix=key[: len(KEY_PREFIX) + 6],
                key_hash=key_hash(key),
                created_by=creator,
            )
            audit_record(
                actor=actor,
                action="api_token.create",
                obj=token,
                league=None,
                message=f"Token “{name}” of {user}, made by {creator or 'the server'}.",
                after={
                    "user": user.pk,
                    "name": name,
                    "prefix": token.prefix,
                    "created_by": creator.pk if creator else None,
                },
            )
    except IntegrityError:
        raise TokenError(f"{user} already has a token named “{name}”.", field="name") from None
    return token, key


def api_token_revoke(*, token: ApiToken, actor: Actor) -> ApiToken:
    """Revoke a token for good: its key stops working at once."""
    _require_manager(actor=actor, user=token.user)
    with transaction.atomic():
        # Locks the token: it is revoked once, with one audit entry.
        locked = ApiToken.objects.select_for_update().get(pk=token.pk)
        if locked.revoked_at is None:
            locked.revoked_at = timezone.now()
            locked.save(update_fields=["revoked_at"])
            audit_record(
                actor=actor,
                action="api_token.revoke",
                obj=locked,
                league=None,
                before={"revoked_at": None},
                after={"revoked_at": locked.revoked_at.isoformat()},
            )
    return locked


def api_token_for_key(*, key: str) -> ApiToken | None:
    """The live token with this key and its user, or None; notes when it was last used."""
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=key_hash(key), revoked_at__isnull=True, user__is_active=True)
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
