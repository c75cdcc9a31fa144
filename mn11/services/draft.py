"""E-S2: the Star Player draft's writes: start it, make a pick, and the deadline's automatic
pick (the reads, the board and the refusals are mn11/selectors/draft.py).

The rules decide (rules.mn11.draft): this module stores the draft and its picks, locks the
draft row for every write, audits every write and replays the rules over the stored picks.
A missed deadline's automatic pick counts as made at its deadline, so the board is the same
whether a visitor's read, a pick attempt or the beat task (mn11/tasks.py) draws it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.models import Season, Team
from mn11.errors import Mn11Error
from mn11.models import Draft, DraftPick
from mn11.season_settings import season_rules
from mn11.selectors import (
    card_name,
    draft_deadline,
    draft_picks,
    draft_start_refusal,
    pick_refusal,
    previous_positions,
    rule_picks,
)
from rules import mn11 as rules
from rules.mn11 import possessive

DEFAULT_PICK_HOURS = 24
MAX_PICK_HOURS = 24 * 14


def draft_start(
    *,
    season: Season,
    actor: Actor,
    pick_hours: int = DEFAULT_PICK_HOURS,
    rng: random.Random | None = None,
) -> Draft:
    """E-S2: start `season`'s draft (its commissioners): the first round ordered by the
    settings' seeding, ties drawn and recorded; the first pick's clock starts now."""
    require_commissioner(user=actor, league=season.league)
    if not 1 <= pick_hours <= MAX_PICK_HOURS:
        raise Mn11Error(
            f"A pick's deadline is 1 to {MAX_PICK_HOURS} hours.", code="invalid", field="pick_hours"
        )
    seed = (rng or random.SystemRandom()).randrange(2**62)
    with transaction.atomic():
        # Locks the season so it cannot start, and no second draft begin, meanwhile.
        locked = (
            Season.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=season.pk)
        )
        refusal = draft_start_refusal(season=locked)
        if refusal is not None:
            raise refusal
        settings = season_rules(season=locked)
        teams = [str(pk) for pk in locked.teams.values_list("pk", flat=True)]
        first = rules.draft_first_round(
            teams=teams,
            previous_positions=previous_positions(season=locked),
            seeding=settings.draft_seeding,
            rng=random.Random(seed),
        )
        plan = rules.draft_for_season(settings=settings, order=first.order)
        draft = Draft.objects.create(
            season=locked,
            order=list(plan.order),
            cards=list(plan.cards),
            per_team=plan.per_team,
            snake=plan.snake,
            auto_pick=settings.draft_auto_pick,
            pick_hours=pick_hours,
            seed=seed,
            draws=[draw.as_dict() for draw in first.draws],
            clock_started_at=timezone.now(),
            started_by=actor if actor is not None and actor.is_authenticated else None,
        )
        names = dict(Team.objects.filter(pk__in=teams).values_list("pk", "name"))
        audit_record(
            actor=actor,
            action="mn11.draft_start",
            obj=draft,
            league=locked.league,
            message=f"{draft} started: {', '.join(names[int(k)] for k in plan.order)}",
            after={
                "order": list(plan.order),
                "draws": draft.draws,
                "per_team": plan.per_team,
                "snake": plan.snake,
                "auto_pick": draft.auto_pick,
                "pick_hours": pick_hours,
                "seed": seed,
            },
        )
    return draft


def _lock(season: Season) -> Draft:
    draft = (
        Draft.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .filter(season=season)
    )
    found = draft.first()
    if found is None:
        raise Mn11Error(f"The draft of {season} has not started.", code="not_started")
    return found


def _store_pick(
    draft: Draft,
    picks: list[DraftPick],
    pick: rules.DraftPick,
    *,
    actor: Actor,
    made_at: datetime,
    draw: rules.DrawRecord | None = None,
) -> DraftPick:
    stored = DraftPick.objects.create(
        draft=draft,
        number=len(picks) + 1,
        team_id=int(pick.team),
        card=pick.card,
        automatic=pick.automatic,
        draw=draw.as_dict() if draw else None,
        made_by=actor if actor is not None and actor.is_authenticated else None,
        made_at=made_at,
    )
    picks.append(stored)
    draft.clock_started_at = made_at
    fields = ["clock_started_at"]
    if rules.draft_done(draft.to_rules(), rule_picks(picks=picks)):
        draft.finished_at = made_at
        fields.append("finished_at")
    draft.save(update_fields=fields)
    audit_record(
        actor=actor,
        action="mn11.draft_auto_pick" if pick.automatic else "mn11.draft_pick",
        obj=draft,
        league=draft.season.league,
        message=f"Pick {stored.number}: {card_name(draft=draft, key=pick.card)} to {stored.team}"
        + (" (drawn: deadline missed)" if pick.automatic else ""),
        after={"number": stored.number, "team": pick.team, "card": pick.card, "draw": stored.draw},
    )
    return stored


def _catch_up(draft: Draft, picks: list[DraftPick], *, now: datetime) -> list[DraftPick]:
    """E-S2: with automatic picks on, draw every pick whose deadline has passed, each made
    at its deadline (the caller holds the draft's lock). Returns the picks drawn."""
    drawn: list[DraftPick] = []
    while draft.auto_pick and draft.season.status == Season.Status.DRAFT:
        deadline = draft_deadline(draft=draft)
        if deadline is None or now < deadline:
            break
        rng = random.Random(f"{draft.seed}:{len(picks) + 1}")
        auto = rules.auto_pick(draft.to_rules(), rule_picks(picks=picks), rng)
        drawn.append(
            _store_pick(draft, picks, auto.pick, actor=None, made_at=deadline, draw=auto.draw)
        )
    return drawn


def _due(draft: Draft, now: datetime) -> bool:
    deadline = draft_deadline(draft=draft)
    return (
        draft.auto_pick
        and deadline is not None
        and now >= deadline
        and draft.season.status == Season.Status.DRAFT
    )


def draft_catch_up(*, season: Season, now: datetime | None = None) -> list[DraftPick]:
    """E-S2: the automatic picks of every deadline passed (none unless automatic picks are
    on); safe to run twice or at once. The board's pages and the API call it before they
    read the board, so it moves on by itself."""
    now = now or timezone.now()
    draft = Draft.objects.select_related("season__league").filter(season=season).first()
    if draft is None or not _due(draft, now):
        return []
    with transaction.atomic():
        # Locks the draft: one writer draws a missed pick, the others then find it made.
        locked = _lock(season)
        return _catch_up(locked, draft_picks(draft=locked), now=now)


def drafts_catch_up(*, now: datetime | None = None) -> int:
    """Every running draft's missed picks drawn (the beat task); how many were drawn."""
    running = Draft.objects.filter(finished_at__isnull=True, auto_pick=True)
    seasons = Season.objects.filter(mn11_draft__in=running, status=Season.Status.DRAFT)
    return sum(len(draft_catch_up(season=season, now=now)) for season in seasons)


def draft_pick(
    *,
    season: Season,
    actor: Actor,
    card: str,
    now: datetime | None = None,
    pick_number: int | None = None,
) -> DraftPick:
    """E-S2: sign `card` for the team on the clock: its coach (before the deadline, or after
    it with automatic picks on, until the draw) or a commissioner (any time). Missed picks
    are drawn first; two picks for the same turn never both land (the draft's lock), and a
    pick made for `pick_number` (the pick the picker saw on the clock) is refused once that
    pick is made: it never lands on the next team's turn."""
    now = now or timezone.now()
    draft_catch_up(season=season, now=now)  # committed first: a refusal below keeps the draws
    with transaction.atomic():
        # Locks the draft: the turn, the cards left and the clock are read and moved under it.
        draft = _lock(season)
        picks = draft_picks(draft=draft)
        if pick_number is not None and pick_number != len(picks) + 1:
            raise Mn11Error(_wrong_pick_text(draft, picks, pick_number), code="turn_moved")
        refusal = pick_refusal(draft=draft, picks=picks, user=actor, card=card, now=now)
        if refusal is not None:
            raise refusal
        turn = rules.draft_turn(draft.to_rules(), rule_picks(picks=picks))
        assert turn is not None  # the refusal above says when the draft is over
        return _store_pick(
            draft, picks, rules.DraftPick(team=turn.team, card=card), actor=actor, made_at=now
        )


def _wrong_pick_text(draft: Draft, picks: Sequence[DraftPick], pick_number: int) -> str:
    """Why a pick made for `pick_number` is refused: it was made meanwhile, or is not due
    yet; either way, the pick on the clock and whose it is."""
    turn = rules.draft_turn(draft.to_rules(), rule_picks(picks=picks))
    if turn is None:
        on_clock = "the draft is over"
    else:
        team = Team.objects.get(pk=int(turn.team))
        on_clock = f"pick {turn.pick} ({possessive(team.name)}) is on the clock"
    if pick_number <= len(picks):
        return f"Pick {pick_number} has been made meanwhile: {on_clock}."
    return f"Pick {pick_number} is not on the clock yet: {on_clock}."
