"""The audit log: who changed what, when, with the state before and after."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone

from league.models import ApiToken, AuditEntry, League
from league.sql.writes import rows_insert

JSONDict = dict[str, Any]

#: Set on the request's user by the API's token authentication (as Django's login sets
#: ``user.backend``), so every service's audit entry names the token its actor used.
TOKEN_ATTRIBUTE = "acting_api_token"


def acting_token(actor: User | AnonymousUser | None) -> ApiToken | None:
    token = getattr(actor, TOKEN_ATTRIBUTE, None)
    return token if isinstance(token, ApiToken) else None


def snapshot(obj: models.Model, fields: Iterable[str]) -> JSONDict:
    """The named fields of `obj` as JSON-able values (foreign keys as ids)."""
    concrete = {field.name: field for field in obj._meta.concrete_fields}
    values = {name: getattr(obj, concrete[name].attname) for name in fields}
    result: JSONDict = json.loads(json.dumps(values, cls=DjangoJSONEncoder))
    return result


def audit_record(
    *,
    actor: User | AnonymousUser | None,
    action: str,
    obj: models.Model,
    league: League | None,
    message: str = "",
    before: JSONDict | None = None,
    after: JSONDict | None = None,
) -> AuditEntry:
    """One entry of the log, written as a row (rows_insert): nearly every change writes one,
    a result's recording included, and the ORM's ``create`` cost it twice the database's
    time (docs/performance.md, "Set-based writes and COPY")."""
    user = actor if actor is not None and actor.is_authenticated else None
    token = acting_token(user)
    (entry,) = rows_insert(
        AuditEntry,
        _FIELDS,
        [
            (
                timezone.now(),
                None if user is None else user.pk,
                None if league is None else league.pk,
                action,
                ContentType.objects.get_for_model(obj).pk,
                str(obj.pk),
                str(obj)[:200],
                message[:500],
                before,
                after,
                None if token is None else token.pk,
            )
        ],
    )
    return entry


_FIELDS = (
    "created_at",
    "actor_id",
    "league_id",
    "action",
    "content_type_id",
    "object_id",
    "object_repr",
    "message",
    "before",
    "after",
    "api_token_id",
)
