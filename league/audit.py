"""The audit log: who changed what, when, with the state before and after."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from league.models import ApiToken, AuditEntry, League

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
    user = actor if actor is not None and actor.is_authenticated else None
    return AuditEntry.objects.create(
        actor=user,
        league=league,
        action=action,
        content_type=ContentType.objects.get_for_model(obj),
        object_id=str(obj.pk),
        object_repr=str(obj)[:200],
        message=message[:500],
        before=before,
        after=after,
        api_token=acting_token(user),
    )
