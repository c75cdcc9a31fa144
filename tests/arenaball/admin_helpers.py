"""What the Arenaball admin tests share: a commissioner's client and the report form's data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.models import Fixture
from league.roles import commissioners_group
from tests.world import sign_in


def staff_commissioner(client: Client, user: User) -> Client:
    """`user` (already a commissioner of his league) as staff in the Commissioners group,
    signed in."""
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(commissioners_group())
    sign_in(client, user)
    return client


def step_url(fixture: Fixture, step: str) -> str:
    return reverse("admin:league_fixture_step", args=[fixture.pk, step])


def fixture_url(fixture: Fixture) -> str:
    return reverse("admin:league_fixture_change", args=[fixture.pk])


def car(team_id: int, slot: str) -> str:
    return f"{team_id}:{slot}"


def report_post(
    *,
    home_score: int,
    away_score: int,
    home_pits: Sequence[str] = ("4", "5"),
    away_pits: Sequence[str] = ("4", "5"),
    time_limit: bool = False,
    initial: Mapping[str, int] | None = None,
    **sections: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The report form's POST: the fields, then each section's rows (goals, kills,
    casualties, substitutions) with their management forms. `initial` gives a section's
    count of initial rows (a correction's)."""
    data: dict[str, Any] = {
        "home_score": str(home_score),
        "away_score": str(away_score),
        "home_pits": list(home_pits),
        "away_pits": list(away_pits),
    }
    if time_limit:
        data["time_limit"] = "on"
    for name in ("goals", "kills", "casualties", "substitutions"):
        rows = sections.get(name, ())
        data[f"{name}-TOTAL_FORMS"] = str(len(rows))
        data[f"{name}-INITIAL_FORMS"] = str((initial or {}).get(name, 0))
        data[f"{name}-MIN_NUM_FORMS"] = "0"
        data[f"{name}-MAX_NUM_FORMS"] = "1000"
        for index, row in enumerate(rows):
            for key, value in row.items():
                data[f"{name}-{index}-{key}"] = "" if value is None else str(value)
    return data
