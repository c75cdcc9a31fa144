"""What Arenaball's admins share: who may open them.

The core's Commissioners group (league/roles.py) is given the permissions of MagnoBall's apps
only, so a commissioner would get a bare "403" on every Arenaball page. Here the group itself
is the role: a member (or anyone given the model's permission) may open Arenaball's admin,
and the base admin's scoping (league_path) still narrows every list to his own leagues."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.http import HttpRequest

from league.roles import COMMISSIONERS_GROUP


def commissioner_role(request: HttpRequest) -> bool:
    """Whether the signed-in user is a staff member of the Commissioners group (remembered
    for the request)."""
    cached: bool | None = getattr(request, "_arenaball_commissioner_role", None)
    if cached is None:
        user = request.user
        cached = bool(
            user.is_active
            and user.is_staff
            and user.groups.filter(name=COMMISSIONERS_GROUP).exists()
        )
        request._arenaball_commissioner_role = cached  # type: ignore[attr-defined]
    return cached


def role_allows(request: HttpRequest, model: type[models.Model], action: str) -> bool:
    """The model permission `action` ("view", "change", "add", "delete"), or the role."""
    opts = model._meta
    codename = f"{opts.app_label}.{action}_{opts.model_name}"
    return bool(request.user.has_perm(codename)) or commissioner_role(request)


class CommissionerViewMixin:
    """Lets a commissioner see the admin's app and its rows (the rows stay scoped)."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return role_allows(request, self.model, "view")  # type: ignore[attr-defined]

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        model = self.model  # type: ignore[attr-defined]
        return role_allows(request, model, "view") or role_allows(request, model, "change")
