"""M-G3 (teams alternate turns) and M-T10 (a loose ball is picked up by whoever enters its
square), checked on whole simulated matches."""

from __future__ import annotations

import pytest

from rules.magnoball.match_result import MatchResult
from rules.magnoball.settings import RuleSettings
from rules.magnoball.simulator import simulate_match
from rules.magnoball.snapshot import MoveMode, Side
from rules.magnoball.teams import standard_team

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


def test_m_g3_a_pick_up_next_to_an_opponent_leads_to_contact() -> None:
    """M-G3/M-T10: the mover stops on the ball; ending next to an opponent he must then
    tackle (or, now carrying the ball, strike) that opponent."""
    from rules.magnoball import Position

    from .helpers import match_on_board, player

    home = [player(Position.GOALIE, "hg"), player(Position.HALFBACK, "hb")]
    away = [
        player(Position.GOALIE, "ag", side=Side.AWAY),
        player(Position.WINGBACK, "wb", side=Side.AWAY),
    ]
    match = match_on_board(home, away, {"hb": (4, 6), "wb": (5, 8)})
    match.state.loose_ball = (4, 7)  # one square ahead: every movement roll reaches it
    before = len(match.state.events)
    match._move(match.state.players["hb"], (4, 7), MoveMode.NORMAL)
    kinds = [(e.kind, e.players) for e in match.state.events[before:]]
    assert kinds[0] == ("pick_up", ("hb",))
    assert kinds[1][0] == "move"
    assert kinds[2][0] in {"tackle", "strike"}
    assert kinds[2][1] == ("hb", "wb")


def test_m_g3_pick_ups_next_to_opponents_are_followed_by_contact_in_whole_matches() -> None:
    """Over whole matches, some pick-ups end next to an opponent and the picker then makes
    contact (before the fix none ever did)."""
    contacts = 0
    for seed in SEEDS:
        events = _match(seed).events
        for i, event in enumerate(events[:-2]):
            if event.kind != "pick_up":
                continue
            after = events[i + 2]  # pick_up, then the move, then the contact if any
            if after.kind in {"tackle", "strike"} and after.players[0] == event.players[0]:
                contacts += 1
    assert contacts > 0
