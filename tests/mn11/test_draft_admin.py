"""E-S2 in the admin: the season's "Start the Star Player draft" step, the draft's page with
its picks (read-only) and the commissioner's "Pick for the team on the clock" step, each
audited; refused to another league's commissioner."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from league.models import AuditEntry
from mn11.models import Draft, DraftPick
from mn11.services import draft_pick, draft_start
from tests.arenaball.admin_helpers import staff_commissioner
from tests.mn11.draft_world import draft_world

pytestmark = pytest.mark.django_db


def season_step(world, step: str) -> str:
    return reverse("admin:league_season_step", args=[world.season.pk, step])


def draft_step(draft: Draft, step: str) -> str:
    return reverse("admin:mn11_draft_step", args=[draft.pk, step])


def test_the_control_room_offers_the_draft_start_and_it_starts_the_draft():
    world = draft_world(teams=3)
    client = staff_commissioner(Client(), world.commissioner)
    room = client.get(reverse("admin:league_season_change", args=[world.season.pk]))
    assert "Start the Star Player draft" in room.content.decode()
    confirm = client.get(season_step(world, "mn11-draft-start")).content.decode()
    assert "draft 3 Star Player cards each" in confirm
    response = client.post(
        season_step(world, "mn11-draft-start"), {"confirmed": "yes", "pick_hours": "12"}
    )
    draft = Draft.objects.get()
    assert response.status_code == 302
    assert draft.pick_hours == 12
    assert AuditEntry.objects.filter(action="mn11.draft_start", actor=world.commissioner).exists()
    room = client.get(reverse("admin:league_season_change", args=[world.season.pk]))
    assert "Start the Star Player draft" not in room.content.decode()


def test_the_draft_page_lists_the_picks_and_the_commissioner_picks_for_the_team_on_the_clock():
    world = draft_world(draft_auto_pick=False)
    draft = draft_start(season=world.season, actor=world.commissioner, pick_hours=1)
    draft_pick(season=world.season, actor=world.coach_of(draft.order[0]), card="base-01")
    Draft.objects.filter(pk=draft.pk).update(
        clock_started_at=draft.clock_started_at - timedelta(hours=2)
    )
    client = staff_commissioner(Client(), world.commissioner)
    page = client.get(reverse("admin:mn11_draft_change", args=[draft.pk])).content.decode()
    assert "base-01" in page
    assert "Pick for the team on the clock" in page
    confirm = client.get(draft_step(draft, "pick")).content.decode()
    assert "the pick waits for you" in confirm
    response = client.post(draft_step(draft, "pick"), {"confirmed": "yes", "card": "base-07"})
    assert response.status_code == 302
    made = DraftPick.objects.get(number=2)
    assert made.card == "base-07"
    assert made.made_by == world.commissioner
    assert str(made.team_id) == draft.order[1]
    assert (
        AuditEntry.objects.filter(action="mn11.draft_pick", actor=world.commissioner).count() == 1
    )


def test_another_leagues_commissioner_cannot_see_or_pick():
    world = draft_world()
    draft = draft_start(season=world.season, actor=world.commissioner)
    client = staff_commissioner(Client(), world.outsider)
    assert client.get(reverse("admin:mn11_draft_change", args=[draft.pk])).status_code in (302, 404)
    client.post(draft_step(draft, "pick"), {"confirmed": "yes", "card": "base-07"})
    assert not DraftPick.objects.exists()
