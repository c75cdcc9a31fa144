"""The commissioners' staff role: a group with the permissions of the league's apps, made
after every migration so a fresh installation has it without the demo."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Group, Permission

from league.rulesets import rulesets

COMMISSIONERS_GROUP = "Commissioners"
#: The core's own apps; each game's are its ruleset's ``app_labels``.
LEAGUE_APPS = ("league", "signup", "webhooks", "exchange_jobs", "honours")


def league_apps() -> tuple[str, ...]:
    """The apps whose permissions a commissioner holds: the core's and every game's."""
    games = tuple(label for ruleset in rulesets() for label in ruleset.app_labels)
    return LEAGUE_APPS + games


def commissioners_group() -> Group:
    """The group, created or completed with every permission of the league's apps. What a
    commissioner may touch is narrowed further to his own leagues by the admin."""
    group, _ = Group.objects.get_or_create(name=COMMISSIONERS_GROUP)
    group.permissions.add(*Permission.objects.filter(content_type__app_label__in=league_apps()))
    return group


def ensure_commissioners_group(**kwargs: Any) -> None:
    """post_migrate receiver: permissions exist only after migrate, so the group is made
    then."""
    commissioners_group()
