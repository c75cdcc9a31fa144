"""M-G3 (teams alternate turns) and M-T10 (a loose ball is picked up by whoever enters its
square), checked on whole simulated matches."""

from __future__ import annotations

import pytest

from games.engine.match_result import MatchResult
from games.engine.settings import RuleSettings
from games.engine.simulator import simulate_match
from games.engine.snapshot import Side
from games.engine.teams import standard_team

SEEDS = range(12)


def _match(seed: int) -> MatchResult:
    return simulate_match(
        home=standard_team("h"),
        away=standard_team("a", side=Side.AWAY),
        settings=RuleSettings(),
        seed=seed,
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_m_g3_teams_alternate_turns_one_side_moving_per_turn(seed: int) -> None:
    movers: dict[tuple[int, int], set[str]] = {}
    for event in _match(seed).events:
        if event.kind == "move":
            movers.setdefault((event.half, event.turn), set()).add(event.side.value)
    assert movers
    assert all(len(sides) == 1 for sides in movers.values())
    for (half, turn), sides in movers.items():
        following = movers.get((half, turn + 1))
        if following is not None:
            assert following != sides


@pytest.mark.parametrize("seed", SEEDS)
def test_m_t10_a_loose_ball_is_picked_up_where_it_lies(seed: int) -> None:
    events = [event.as_dict() for event in _match(seed).events]
    pick_ups = [i for i, event in enumerate(events) if event["kind"] == "pick_up"]
    for i in pick_ups:
        # The ball does not move to the player: he enters the square where it lies.
        assert events[i]["ball"] == events[i - 1]["ball"]
        assert len(events[i]["players"]) == 1
