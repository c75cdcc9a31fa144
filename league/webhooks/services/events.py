"""Publishing an event: one delivery per matching subscription, stored in the caller's
transaction and sent once it commits (so a rolled-back change delivers nothing, and the
request that caused it never waits on a receiver). docs/data.md, "Webhooks"."""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from celery import current_app as app
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from league.access import is_commissioner
from league.models import Fixture, League, Result, Round, Season, StandingRow, Team
from league.webhooks.event_types import EVENT_KEYS, EVENT_TYPES, PAYLOAD_VERSION, PING
from league.webhooks.models import Delivery, Subscription

logger = logging.getLogger(__name__)

#: The task that sends one delivery, by name (the tasks module imports the sender).
SEND_TASK = "league.webhooks.tasks.send_delivery"

_COMMISSIONERS_ONLY = frozenset(event.key for event in EVENT_TYPES if event.commissioners_only)

#: The attribute league.services.result_steps.fixture_lock annotates a locked fixture with:
#: whether its league had an active subscription when the lock was taken.
LEAGUE_SUBSCRIBED = "league_webhooks_subscribed"


def absolute_url(path: str) -> str:
    """`path` on the site as the world sees it (settings.SITE_URL)."""
    return f"{settings.SITE_URL}{path}"


def league_data(league: League) -> dict[str, Any]:
    return {
        "id": league.pk,
        "name": league.name,
        "slug": league.slug,
        "url": absolute_url(reverse("league", args=[league.slug])),
        "api_url": absolute_url(reverse("api:league-detail", args=[league.pk])),
    }


def team_data(team: Team) -> dict[str, Any]:
    return {
        "id": team.pk,
        "name": team.name,
        "url": absolute_url(reverse("team", args=[team.pk])),
        "api_url": absolute_url(reverse("api:team-detail", args=[team.pk])),
    }


def season_data(season: Season) -> dict[str, Any]:
    return {
        "id": season.pk,
        "name": season.name,
        "status": season.status,
        "url": absolute_url(reverse("season", args=[season.league.slug, season.slug])),
        "api_url": absolute_url(reverse("api:season-detail", args=[season.pk])),
    }


def fixture_data(fixture: Fixture) -> dict[str, Any]:
    return {
        "id": fixture.pk,
        "round": fixture.round.number,
        "status": fixture.status,
        "home_team": team_data(fixture.home_team),
        "away_team": team_data(fixture.away_team),
        "url": absolute_url(reverse("fixture", args=[fixture.pk])),
        "api_url": absolute_url(reverse("api:fixture-detail", args=[fixture.pk])),
    }


def payload_build(
    *, league: League, event: str, data: Mapping[str, Any], event_id: uuid.UUID
) -> dict[str, Any]:
    """The versioned JSON every delivery carries (docs/data.md), as plain JSON values."""
    payload = {
        "id": str(event_id),
        "type": event,
        "version": PAYLOAD_VERSION,
        "created_at": timezone.now().isoformat(),
        "league": league_data(league),
        "data": dict(data),
    }
    plain: dict[str, Any] = json.loads(json.dumps(payload, cls=DjangoJSONEncoder))
    return plain


def _allowed(subscription: Subscription) -> bool:
    """Whether the owner still may receive the league's (or his team's) events: a former
    commissioner, or a coach who gave his team up, receives nothing more."""
    owner, league = subscription.owner, subscription.league
    if subscription.team_id is not None:
        team = subscription.team
        if team is not None and team.coach_id == owner.pk:
            return True
    return is_commissioner(user=owner, league=league)


def _matches(subscription: Subscription, event: str, team_ids: Collection[int]) -> bool:
    if event != PING and not subscription.wants(event):
        return False
    if subscription.team_id is None:
        return True
    if event in _COMMISSIONERS_ONLY:
        return False
    return not team_ids or subscription.team_id in team_ids


def deliveries_create(
    *, subscriptions: Iterable[Subscription], event: str, payload: Mapping[str, Any]
) -> list[int]:
    """A delivery of `payload` to each subscription, numbered in its order; the caller holds
    the transaction (sending waits for it to commit)."""
    ids = [s.pk for s in subscriptions]
    if not ids:
        return []
    created = []
    # Locks the subscriptions: each delivery's sequence number is taken in the order the
    # transactions commit, so a worker never sees a later number before an earlier one.
    for subscription in Subscription.objects.select_for_update().filter(pk__in=ids).order_by("pk"):
        subscription.last_sequence += 1
        subscription.save(update_fields=["last_sequence"])
        created.append(
            Delivery.objects.create(
                subscription=subscription,
                event_id=uuid.UUID(str(payload["id"])),
                event_type=event,
                payload=dict(payload),
                sequence=subscription.last_sequence,
            ).pk
        )
    queue_on_commit(created)
    return created


def subscribers(
    *, league_id: int, event: str, team_ids: Collection[int] = ()
) -> list[Subscription]:
    """The active subscriptions of the league that receive `event` of `team_ids` (one
    query, and one per subscription to check its owner still may receive it)."""
    if event not in EVENT_KEYS and event != PING:
        raise ValueError(f"Unknown webhook event {event!r}.")
    found = _read_once.get()
    if found is None or league_id not in found:
        active = list(
            Subscription.objects.filter(league_id=league_id, active=True)
            .select_related("team", "owner", "league")
            .order_by("pk")
        )
        if found is not None:
            found[league_id] = active
    else:
        active = found[league_id]
    return [s for s in active if _matches(s, event, team_ids) and _allowed(s)]


#: The leagues' active subscriptions read inside subscriptions_read_once, by league id.
_read_once: ContextVar[dict[int, list[Subscription]] | None] = ContextVar(
    "webhook_subscriptions", default=None
)


@contextmanager
def subscriptions_read_once() -> Iterator[None]:
    """Inside, `subscribers` reads a league's active subscriptions once for all its events
    (a result's injuries and the result itself: one query, not two). For one service's
    transaction, which changes no subscription; the deliveries still lock and number the
    subscriptions afresh (deliveries_create)."""
    if _read_once.get() is not None:
        yield
        return
    token = _read_once.set({})
    try:
        yield
    finally:
        _read_once.reset(token)


def event_publish(
    *,
    league_id: int,
    event: str,
    data: Mapping[str, Any] | Callable[[], Mapping[str, Any]],
    team_ids: Collection[int] = (),
    subscribed: bool | None = None,
) -> list[int]:
    """Publish `event` of the league (one of ``event_types.EVENT_TYPES``) with its `data`
    (JSON values, with absolute URLs to the objects: ``fixture_data``, ``team_data``, …; or
    a function returning them, called only if someone subscribed) to every active
    subscription that chose it. `team_ids` names the teams it concerns: a coach's
    subscription for his team receives it only if his team is among them (an event of no
    team, a round opened, reaches every team's). Call it inside the transaction that makes
    the change; nothing is sent unless it commits. Returns the deliveries' ids.

    `subscribed` False says the league had no active subscription when the caller's
    transaction began its change (``LEAGUE_SUBSCRIBED``, read with its first lock): nothing
    is read then. A subscription saved while that change is under way is like one saved just
    after it: it receives the league's next events (docs/data.md, "Webhooks")."""
    if subscribed is False:
        return []
    receivers = subscribers(league_id=league_id, event=event, team_ids=team_ids)
    if not receivers:
        return []
    payload = payload_build(
        league=receivers[0].league,
        event=event,
        data=data() if callable(data) else data,
        event_id=uuid.uuid4(),
    )
    with transaction.atomic():
        return deliveries_create(subscriptions=receivers, event=event, payload=payload)


def deliveries_queue(delivery_ids: Iterable[int], *, countdown: float | None = None) -> bool:
    """Send the deliveries' ids to the broker. Never raises: with the broker away they stay
    due in the database and the sweep sends them. Returns whether every id was sent."""
    for delivery_id in delivery_ids:
        try:
            app.send_task(SEND_TASK, args=[delivery_id], countdown=countdown)
        except Exception:  # any broker failure: the delivery is safe in the database
            logger.warning("could not queue webhook delivery %s; the sweep will", delivery_id)
            return False
    return True


def queue_on_commit(delivery_ids: list[int]) -> None:
    if delivery_ids:
        transaction.on_commit(lambda: deliveries_queue(delivery_ids))


# --- the events the league's services publish ---------------------------------------------------


def result_event_publish(*, fixture: Fixture, result: Result | None, change: str) -> list[int]:
    """``result.recorded``, ``result.corrected`` or ``result.voided`` (`change`) of `fixture`,
    with its score (none once voided). The core's result services call it, for every game,
    inside their transaction, after the aftermath (league/services/results.py)."""

    def data() -> dict[str, Any]:
        score = None
        if result is not None:
            score = {
                "home_score": result.home_score,
                "away_score": result.away_score,
                "overtime": result.overtime,
                "source": result.source,
            }
        return {
            "season": season_data(fixture.round.season),
            "fixture": fixture_data(fixture),
            "result": score,
        }

    return event_publish(
        league_id=fixture.round.season.league_id,
        event=f"result.{change}",
        data=data,
        team_ids=(fixture.home_team_id, fixture.away_team_id),
        # Read by fixture_lock, with which every result service begins.
        subscribed=getattr(fixture, LEAGUE_SUBSCRIBED, None),
    )


def round_event_publish(*, round_: Round) -> list[int]:
    """``round.opened``: the round and its fixtures, each with its status (a game's may wait
    in inspections until their decisions)."""
    season = round_.season

    def data() -> dict[str, Any]:
        fixtures = round_.fixtures.select_related("home_team", "away_team", "round")
        return {
            "season": season_data(season),
            "round": {
                "number": round_.number,
                "label": round_.label,
                "stage": round_.stage,
                "starts_on": round_.starts_on.isoformat() if round_.starts_on else None,
                "fixtures": [fixture_data(fixture) for fixture in fixtures.order_by("pk")],
            },
        }

    return event_publish(league_id=season.league_id, event="round.opened", data=data)


def season_event_publish(*, season: Season) -> list[int]:
    """``season.finished``: the season, its champion and its final table's order."""

    def data() -> dict[str, Any]:
        champion = season.champion if season.champion_id is not None else None
        table = StandingRow.objects.filter(season=season).select_related("team")
        return {
            "season": season_data(season),
            "champion": team_data(champion) if champion else None,
            "standings": [
                {"position": row.position, "team": team_data(row.team), "points": row.points}
                for row in table.order_by("position")
            ],
        }

    return event_publish(league_id=season.league_id, event="season.finished", data=data)
