"""E-S2: the Star Player draft through its services: the first round's order by seeding (with
the draws recorded), the snake, one card per team, the count per team, the deadline's
automatic pick and the commissioner's pick, the end, the refusals and the audit."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from league.errors import DomainError, PermissionRefused
from league.models import AuditEntry, Season, StandingRow
from league.services.seasons import season_create, season_transition
from mn11.errors import Mn11Error
from mn11.models import Draft, DraftPick
from mn11.selectors import draft_board, draft_pick_refusal, draft_start_refusal, team_stars
from mn11.services import draft_catch_up, draft_pick, draft_start, drafts_catch_up
from mn11.tasks import draft_deadlines
from tests.mn11.draft_world import draft_world

pytestmark = pytest.mark.django_db


def on_clock(season: Season) -> str:
    board = draft_board(season=season, user=None)
    assert board is not None
    assert board.turn is not None
    return board.turn.team


def pick_as_coach(world, season: Season, card: str) -> DraftPick:
    return draft_pick(season=season, actor=world.coach_of(on_clock(season)), card=card)


# --- Starting ---------------------------------------------------------------------------------


def test_start_orders_the_first_round_by_reverse_previous_position_then_records_draws():
    world = draft_world(teams=4)
    last_season = world.season
    last, first = world.teams[0], world.teams[1]
    StandingRow.objects.filter(season=last_season, team=last).update(position=2)
    StandingRow.objects.filter(season=last_season, team=first).update(position=1)
    season_transition(season=last_season, to=Season.Status.ACTIVE, actor=None)
    season = season_create(league=world.league, name="MN11 2027", actor=None)
    for team in world.teams:
        StandingRow.objects.create(season=season, team=team)

    draft = draft_start(season=season, actor=world.commissioner, rng=random.Random(3))

    new_teams = {str(world.teams[2].pk), str(world.teams[3].pk)}
    # E-S2: teams not in last season's table pick first (drawn), then last place, then first.
    assert set(draft.order[:2]) == new_teams
    assert draft.order[2:] == [str(last.pk), str(first.pk)]
    assert len(draft.draws) == 1
    assert draft.draws[0]["purpose"] == "E-S2 draft order"
    assert set(draft.draws[0]["options"]) == new_teams
    assert draft.draws[0]["result"] == draft.order[0]


def test_random_seeding_draws_every_place_but_the_last_and_replays_from_its_seed():
    world = draft_world(teams=3, draft_seeding="random")
    draft = draft_start(season=world.season, actor=world.commissioner, rng=random.Random(1))
    assert len(draft.draws) == 2  # three teams: two draws, the last place is what remains
    assert [d["result"] for d in draft.draws] == draft.order[:2]
    replay = random.Random(draft.seed)
    options = sorted(draft.order)
    assert options[replay.randrange(3)] == draft.order[0]


def test_start_shows_the_draws_on_the_board_by_team_name():
    world = draft_world(teams=2)
    draft_start(season=world.season, actor=world.commissioner)
    board = draft_board(season=world.season, user=None)
    assert board is not None
    assert board.draws[0].result in {team.name for team in world.teams}


def test_start_needs_two_teams_and_a_pool_large_enough():
    world = draft_world(teams=1)
    refusal = draft_start_refusal(season=world.season)
    assert refusal is not None
    assert "at least two teams" in refusal.message
    with pytest.raises(Mn11Error, match="at least two teams"):
        draft_start(season=world.season, actor=world.commissioner)


def test_start_refuses_a_pool_too_small_for_the_teams():
    world = draft_world(teams=5, star_pool="base", stars_per_team=3)  # 15 picks, 12 cards
    with pytest.raises(Mn11Error, match="need 15 cards; the pool has 12") as refused:
        draft_start(season=world.season, actor=world.commissioner)
    assert refused.value.code == "draft_impossible"
    assert not Draft.objects.exists()


def test_start_is_refused_twice_and_after_the_season_left_draft():
    world = draft_world()
    draft_start(season=world.season, actor=world.commissioner)
    with pytest.raises(Mn11Error) as again:
        draft_start(season=world.season, actor=world.commissioner)
    assert again.value.code == "already_started"

    Draft.objects.all().delete()
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    with pytest.raises(Mn11Error) as started:
        draft_start(season=world.season, actor=world.commissioner)
    assert started.value.code == "season_started"


@pytest.mark.parametrize("role", ["coach", "outsider"])
def test_only_a_commissioner_starts_the_draft(role):
    world = draft_world()
    user = world.coaches[0] if role == "coach" else world.outsider
    with pytest.raises(PermissionRefused):
        draft_start(season=world.season, actor=user)
    assert not Draft.objects.exists()


def test_start_refuses_a_deadline_out_of_bounds():
    world = draft_world()
    with pytest.raises(Mn11Error) as refused:
        draft_start(season=world.season, actor=world.commissioner, pick_hours=0)
    assert refused.value.field == "pick_hours"


def test_start_is_audited_with_the_order_and_the_draws():
    world = draft_world()
    draft = draft_start(season=world.season, actor=world.commissioner, pick_hours=6)
    entry = AuditEntry.objects.get(action="mn11.draft_start")
    assert entry.actor == world.commissioner
    assert entry.after["order"] == draft.order
    assert entry.after["draws"] == draft.draws
    assert entry.after["pick_hours"] == 6


# --- Picking ----------------------------------------------------------------------------------


def test_snake_order_reverses_every_other_round_and_the_draft_finishes():
    world = draft_world(teams=2, stars_per_team=3)
    draft = draft_start(season=world.season, actor=world.commissioner)
    a, b = draft.order
    cards = iter(draft.cards)
    teams = [pick_as_coach(world, world.season, next(cards)).team_id for _ in range(6)]
    assert [str(t) for t in teams] == [a, b, b, a, a, b]
    draft.refresh_from_db()
    assert draft.finished_at is not None
    board = draft_board(season=world.season, user=world.commissioner)
    assert board is not None
    assert board.done
    assert board.deadline is None
    with pytest.raises(Mn11Error) as over:
        draft_pick(season=world.season, actor=world.commissioner, card=draft.cards[-1])
    assert over.value.code == "draft_done"


def test_without_snake_every_round_has_the_first_rounds_order():
    world = draft_world(teams=2, stars_per_team=2, draft_snake=False)
    draft = draft_start(season=world.season, actor=world.commissioner)
    teams = [str(pick_as_coach(world, world.season, card).team_id) for card in draft.cards[:4]]
    assert teams == [*draft.order, *draft.order]


def test_each_card_goes_to_one_team_only():
    world = draft_world()
    draft = draft_start(season=world.season, actor=world.commissioner)
    pick_as_coach(world, world.season, "base-01")
    with pytest.raises(Mn11Error, match="Star Player 1 already belongs to") as taken:
        pick_as_coach(world, world.season, "base-01")
    assert taken.value.code == "taken"
    assert DraftPick.objects.filter(draft=draft).count() == 1


def test_a_card_outside_the_pool_is_refused():
    world = draft_world(star_pool="base")
    draft_start(season=world.season, actor=world.commissioner)
    with pytest.raises(Mn11Error) as unknown:
        pick_as_coach(world, world.season, "expansion-01")
    assert unknown.value.code == "unknown_card"


def test_each_team_signs_stars_per_team_cards_and_team_stars_lists_them_named():
    world = draft_world(teams=3, stars_per_team=2)
    draft = draft_start(season=world.season, actor=world.commissioner)
    for card in draft.cards[:6]:
        pick_as_coach(world, world.season, card)
    for team in world.teams:
        signed = team_stars(team=team, season=world.season)
        assert len(signed) == 2
        assert all(card.name.startswith("Star Player") for card in signed)
    assert sum(len(team_stars(team=t, season=world.season)) for t in world.teams) == 6


def test_only_the_coach_on_the_clock_or_a_commissioner_picks():
    world = draft_world()
    draft_start(season=world.season, actor=world.commissioner)
    waiting = next(c for c in world.coaches if c != world.coach_of(on_clock(world.season)))
    for user in (waiting, world.outsider):
        with pytest.raises(PermissionRefused, match="turn to pick: only its coach"):
            draft_pick(season=world.season, actor=user, card="base-01")
        refusal = draft_pick_refusal(season=world.season, user=user)
        assert refusal is not None
        assert refusal.code == "forbidden"
    assert not DraftPick.objects.exists()
    made = draft_pick(season=world.season, actor=world.commissioner, card="base-01")
    assert made.made_by == world.commissioner
    assert str(made.team_id) == Draft.objects.get().order[0]


def test_picks_are_refused_before_the_draft_and_after_the_season_left_draft():
    world = draft_world()
    with pytest.raises(Mn11Error) as early:
        draft_pick(season=world.season, actor=world.commissioner, card="base-01")
    assert early.value.code == "not_started"
    draft_start(season=world.season, actor=world.commissioner)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    with pytest.raises(Mn11Error) as late:
        draft_pick(season=world.season, actor=world.commissioner, card="base-01")
    assert late.value.code == "season_started"


def test_a_pick_is_audited_with_its_team_and_card():
    world = draft_world()
    draft_start(season=world.season, actor=world.commissioner)
    coach = world.coach_of(on_clock(world.season))
    pick = draft_pick(season=world.season, actor=coach, card="base-02")
    entry = AuditEntry.objects.get(action="mn11.draft_pick")
    assert entry.actor == coach
    assert entry.after == {"number": 1, "team": str(pick.team_id), "card": "base-02", "draw": None}


def test_two_picks_for_the_same_turn_never_both_land():
    """The second pick re-reads the turn under the draft's lock and finds it taken; the
    database refuses a second pick number or card for the draft whatever the code does."""
    world = draft_world()
    draft = draft_start(season=world.season, actor=world.commissioner)
    coach = world.coach_of(draft.order[0])
    draft_pick(season=world.season, actor=coach, card="base-01")
    with pytest.raises(PermissionRefused):
        draft_pick(season=world.season, actor=coach, card="base-02")
    first = DraftPick.objects.get()
    for number, card in ((1, "base-03"), (2, "base-01")):
        with pytest.raises(IntegrityError), transaction.atomic():
            DraftPick.objects.create(
                draft=draft, number=number, team=first.team, card=card, made_at=timezone.now()
            )


# --- Deadlines --------------------------------------------------------------------------------


def test_a_missed_deadline_with_auto_pick_draws_the_pick_recorded_and_audited():
    world = draft_world(draft_auto_pick=True)
    draft = draft_start(season=world.season, actor=world.commissioner, pick_hours=2)
    due = draft.clock_started_at + timedelta(hours=2)

    assert draft_catch_up(season=world.season, now=due - timedelta(seconds=1)) == []
    drawn = draft_catch_up(season=world.season, now=due + timedelta(minutes=5))

    assert len(drawn) == 1
    pick = drawn[0]
    assert pick.automatic
    assert pick.made_by is None
    assert pick.made_at == due
    assert str(pick.team_id) == draft.order[0]
    assert pick.draw["purpose"] == "E-S2 automatic pick"
    assert pick.draw["options"] == draft.cards
    assert pick.draw["result"] == pick.card
    entry = AuditEntry.objects.get(action="mn11.draft_auto_pick")
    assert entry.actor is None
    assert entry.after["draw"] == pick.draw
    # The next team's clock started at the missed deadline.
    draft.refresh_from_db()
    assert draft.clock_started_at == due
    assert draft_catch_up(season=world.season, now=due + timedelta(minutes=5)) == []


def test_deadlines_missed_in_a_row_are_drawn_one_after_another_to_the_end():
    world = draft_world(draft_auto_pick=True, stars_per_team=2)
    draft = draft_start(season=world.season, actor=world.commissioner, pick_hours=1)
    drawn = draft_catch_up(season=world.season, now=draft.clock_started_at + timedelta(hours=10))
    assert [p.number for p in drawn] == [1, 2, 3, 4]
    assert len({p.card for p in drawn}) == 4
    draft.refresh_from_db()
    assert draft.finished_at is not None


def test_reading_the_board_after_the_deadline_draws_the_pick():
    world = draft_world(draft_auto_pick=True)
    draft = draft_start(season=world.season, actor=world.commissioner, pick_hours=1)
    late = timezone.now() - timedelta(minutes=61)
    Draft.objects.filter(pk=draft.pk).update(clock_started_at=late)
    # The board itself reads what is stored; the page draws the missed pick first.
    board = draft_board(season=world.season, user=None)
    assert board is not None
    assert board.picks == ()
    state = Client().get(f"/mn11/seasons/{world.season.pk}/draft/state/").json()
    assert [p["automatic"] for p in state["picks"]] == [True]
    assert state["picks"][0]["made_by"] == "drawn"


def test_a_pick_attempt_after_the_deadline_is_refused_once_the_draw_took_the_turn():
    world = draft_world(draft_auto_pick=True)
    draft = draft_start(season=world.season, actor=world.commissioner, pick_hours=1)
    late = draft.clock_started_at + timedelta(minutes=90)
    with pytest.raises(PermissionRefused):
        draft_pick(
            season=world.season, actor=world.coach_of(draft.order[0]), card="base-01", now=late
        )
    assert DraftPick.objects.get().automatic


def test_the_beat_task_draws_missed_picks_and_is_safe_to_run_twice():
    world = draft_world(draft_auto_pick=True)
    draft = draft_start(season=world.season, actor=world.commissioner, pick_hours=1)
    Draft.objects.filter(pk=draft.pk).update(
        clock_started_at=timezone.now() - timedelta(minutes=61)
    )
    assert draft_deadlines() == "1 automatic pick"
    assert draft_deadlines() == "0 automatic picks"
    assert DraftPick.objects.filter(automatic=True).count() == 1


def test_without_auto_pick_a_missed_deadline_waits_for_the_commissioner():
    world = draft_world(draft_auto_pick=False)
    draft = draft_start(season=world.season, actor=world.commissioner, pick_hours=1)
    late = draft.clock_started_at + timedelta(hours=3)
    assert draft_catch_up(season=world.season, now=late) == []
    assert drafts_catch_up(now=late) == 0

    coach = world.coach_of(draft.order[0])
    board = draft_board(season=world.season, user=coach, now=late)
    assert board is not None
    assert board.waits_for_commissioner
    assert not board.may_pick
    assert "waits for the commissioner" in board.refusal
    with pytest.raises(Mn11Error) as refused:
        draft_pick(season=world.season, actor=coach, card="base-01", now=late)
    assert refused.value.code == "deadline_passed"

    made = draft_pick(season=world.season, actor=world.commissioner, card="base-01", now=late)
    assert not made.automatic
    assert made.made_by == world.commissioner
    assert str(made.team_id) == draft.order[0]


def test_refusals_are_domain_errors_that_change_nothing():
    world = draft_world()
    draft_start(season=world.season, actor=world.commissioner)
    with pytest.raises(DomainError):
        draft_pick(season=world.season, actor=world.commissioner, card="nope")
    assert not DraftPick.objects.exists()
    assert not AuditEntry.objects.filter(action__startswith="mn11.draft_pick").exists()


def test_a_pick_for_a_pick_already_made_never_signs_for_the_next_team():
    """E-S2: a late request names the pick it saw on the clock; once that pick is made it is
    refused (turn_moved) instead of signing a card for whoever is on the clock now."""
    world = draft_world()
    draft = draft_start(season=world.season, actor=world.commissioner)
    first = world.coach_of(draft.order[0])
    draft_pick(season=world.season, actor=first, card="base-01", pick_number=1)
    with pytest.raises(Mn11Error) as refused:
        draft_pick(season=world.season, actor=world.commissioner, card="base-02", pick_number=1)
    assert refused.value.code == "turn_moved"
    assert DraftPick.objects.count() == 1
