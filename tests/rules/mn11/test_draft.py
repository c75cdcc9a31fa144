"""E-S2: the Star Player pool and the draft."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.mn11 import (
    Draft,
    DraftPick,
    DraftSeeding,
    DraftTurn,
    Mn11Settings,
    StarEdition,
    StarPool,
    auto_pick,
    cards_left,
    draft_done,
    draft_first_round,
    draft_for_season,
    draft_turn,
    pick_error,
    picks_errors,
    squads,
    star_pool,
)


def test_e_s2_pool_is_12_base_cards_or_21_with_the_expansion() -> None:
    base = star_pool(pool=StarPool.BASE)
    full = star_pool(pool=StarPool.BASE_AND_EXPANSION)
    assert len(base) == 12
    assert len(full) == 21
    assert len({card.key for card in full}) == 21
    assert [card.edition for card in full].count(StarEdition.EXPANSION) == 9
    assert full[:12] == base
    assert (full[0].key, full[0].name) == ("base-01", "Star Player 1")
    assert (full[-1].key, full[-1].name) == ("expansion-09", "Expansion Star Player 9")


def test_e_s2_names_are_the_commissioners_placeholders_until_then() -> None:
    pool = star_pool(pool=StarPool.BASE, names={"base-03": "  Leo Vance ", "base-04": " "})
    assert pool[2].name == "Leo Vance"
    assert pool[3].name == "Star Player 4"
    with pytest.raises(ValueError, match="'base-13'"):
        star_pool(pool=StarPool.BASE, names={"base-13": "Nobody"})


def test_e_s2_first_round_is_reverse_previous_position_new_teams_first_drawn() -> None:
    first = draft_first_round(
        teams=["ash", "birch", "cedar", "new1", "new2"],
        previous_positions={"ash": 1, "birch": 3, "cedar": 2},
        seeding=DraftSeeding.REVERSE_STANDINGS,
        rng=random.Random(7),
    )
    assert set(first.order[:2]) == {"new1", "new2"}
    assert first.order[2:] == ("birch", "cedar", "ash")
    # One draw orders the two new teams; the recorded draw says which went first.
    assert len(first.draws) == 1
    assert first.draws[0].options == ("new1", "new2")
    assert first.draws[0].result == first.order[0]
    assert first.draws[0].purpose == "E-S2 draft order"


def test_e_s2_random_first_round_is_seeded_and_recorded() -> None:
    teams = ["a", "b", "c", "d"]

    def order(seed: int) -> tuple[str, ...]:
        return draft_first_round(
            teams=teams,
            previous_positions={"a": 1},
            seeding=DraftSeeding.RANDOM,
            rng=random.Random(seed),
        ).order

    assert order(3) == order(3)
    assert {order(seed) for seed in range(30)} != {order(3)}
    first = draft_first_round(
        teams=teams, previous_positions={}, seeding=DraftSeeding.RANDOM, rng=random.Random(3)
    )
    assert len(first.draws) == 3
    assert tuple(draw.result for draw in first.draws) == first.order[:3]


def test_e_s2_snake_order_reverses_every_other_round() -> None:
    draft = Draft(order=("a", "b", "c"), cards=tuple(f"s{i}" for i in range(9)), per_team=3)
    picks: list[DraftPick] = []
    teams = []
    while (turn := draft_turn(draft, picks)) is not None:
        teams.append(turn.team)
        picks.append(DraftPick(team=turn.team, card=cards_left(draft, picks)[0]))
    assert teams == ["a", "b", "c", "c", "b", "a", "a", "b", "c"]
    straight = Draft(order=("a", "b"), cards=("x", "y", "z", "w"), per_team=2, snake=False)
    assert [straight.team_at(i) for i in range(4)] == ["a", "b", "a", "b"]


def test_e_s2_whose_turn_names_round_and_pick() -> None:
    draft = Draft(order=("a", "b"), cards=("w", "x", "y", "z"), per_team=2)
    picks = [DraftPick("a", "w"), DraftPick("b", "x"), DraftPick("b", "y")]
    assert draft_turn(draft, picks) == DraftTurn(team="a", round=2, pick=4, pick_in_round=2)
    assert not draft_done(draft, picks)
    picks.append(DraftPick("a", "z"))
    assert draft_turn(draft, picks) is None
    assert draft_done(draft, picks)
    assert squads(draft, picks) == {"a": ("w", "z"), "b": ("x", "y")}


def test_e_s2_a_pick_is_legal_only_in_turn_and_for_a_card_left() -> None:
    draft = Draft(order=("a", "b"), cards=("w", "x", "y", "z"), per_team=2)
    picks = [DraftPick("a", "w")]
    assert pick_error(draft, picks, team="b", card="x") is None
    assert pick_error(draft, picks, team="a", card="x") == "It is b's turn to pick, not a's."
    assert pick_error(draft, picks, team="b", card="w") == "w already belongs to a."
    assert (
        pick_error(draft, picks, team="b", card="q") == "q is not a Star Player card of this draft."
    )
    done = [*picks, DraftPick("b", "x"), DraftPick("b", "y"), DraftPick("a", "z")]
    assert pick_error(draft, done, team="a", card="w") == "The draft is over."
    assert picks_errors(draft, [DraftPick("a", "w"), DraftPick("a", "x"), DraftPick("b", "w")]) == [
        "Pick 2: It is b's turn to pick, not a's.",
        "Pick 3: w already belongs to a.",
    ]


def test_e_s2_draft_needs_enough_cards_and_distinct_teams() -> None:
    assert Draft(order=("a", "b"), cards=("w", "x"), per_team=1).errors() == []
    assert Draft(order=("a",), cards=("w",), per_team=1).errors() == [
        "A draft needs at least two teams."
    ]
    settings = Mn11Settings(star_pool=StarPool.BASE)
    five = draft_for_season(settings=settings, order=[f"t{i}" for i in range(5)])
    assert five.errors() == ["5 teams signing 3 cards each need 15 cards; the pool has 12."]
    seven = draft_for_season(settings=Mn11Settings(), order=[f"t{i}" for i in range(7)])
    assert seven.errors() == []
    assert Draft(order=("a", "a"), cards=("w", "x"), per_team=1).errors() == [
        "A team may appear only once in the draft order."
    ]


def test_e_s2_auto_pick_draws_a_card_left_for_the_team_in_turn_recorded() -> None:
    draft = Draft(order=("a", "b"), cards=("w", "x", "y", "z"), per_team=2)
    picks = [DraftPick("a", "w")]
    made = auto_pick(draft, picks, random.Random(11))
    assert made.pick.team == "b"
    assert made.pick.automatic
    assert made.draw.options == ("x", "y", "z")
    assert made.draw.result == made.pick.card
    assert made.draw.actor == "b"
    assert made == auto_pick(draft, picks, random.Random(11))
    assert pick_error(draft, picks, team="b", card=made.pick.card) is None
    with pytest.raises(ValueError, match="over"):
        auto_pick(
            draft,
            [*picks, DraftPick("b", "x"), DraftPick("b", "y"), DraftPick("a", "z")],
            random.Random(1),
        )


@given(
    teams=st.integers(min_value=2, max_value=7),
    per_team=st.integers(min_value=1, max_value=3),
    snake=st.booleans(),
    choices=st.lists(st.integers(min_value=0, max_value=100), min_size=21, max_size=21),
)
def test_e_s2_every_legal_draft_completes_and_never_gives_a_card_twice(
    teams: int, per_team: int, snake: bool, choices: list[int]
) -> None:
    order = tuple(f"team{i}" for i in range(teams))
    pool = tuple(card.key for card in star_pool(pool=StarPool.BASE_AND_EXPANSION))
    draft = Draft(order=order, cards=pool, per_team=per_team, snake=snake)
    picks: list[DraftPick] = []
    for choice in choices:
        turn = draft_turn(draft, picks)
        if turn is None:
            break
        left = cards_left(draft, picks)
        card = left[choice % len(left)]
        assert pick_error(draft, picks, team=turn.team, card=card) is None
        picks.append(DraftPick(team=turn.team, card=card))
    assert draft_done(draft, picks)
    assert picks_errors(draft, picks) == []
    cards = [pick.card for pick in picks]
    assert len(cards) == len(set(cards)) == teams * per_team
    assert Counter(pick.team for pick in picks) == dict.fromkeys(order, per_team)


@given(seed=st.integers(min_value=0, max_value=2**32), teams=st.integers(min_value=2, max_value=7))
def test_e_s2_automatic_picks_alone_complete_the_draft(seed: int, teams: int) -> None:
    draft = draft_for_season(settings=Mn11Settings(), order=[f"t{i}" for i in range(teams)])
    rng = random.Random(seed)
    picks: list[DraftPick] = []
    while not draft_done(draft, picks):
        picks.append(auto_pick(draft, picks, rng).pick)
    assert picks_errors(draft, picks) == []
    assert all(len(cards) == 3 for cards in squads(draft, picks).values())
