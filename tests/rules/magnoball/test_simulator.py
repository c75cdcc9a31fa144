"""M-G1 … M-G5, M-P3, M-D8: the match simulator, with hypothesis properties."""

from __future__ import annotations

import dataclasses
import gc
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.magnoball import (
    ENGINE_VERSION,
    Action,
    ContactKind,
    LoweringDieType,
    MatchResult,
    MatchSetupError,
    MoveMode,
    PlayerSnapshot,
    Position,
    RandomDice,
    RollKind,
    RuleSettings,
    ScriptedDice,
    Side,
    StatCategory,
    Status,
    TeamSheet,
    run_series,
    simulate_match,
    standard_team,
)
from rules.magnoball.coach import Coach
from rules.magnoball.simulator import _Match

from .helpers import match_on_board
from .helpers import player as snapshot

HOME = standard_team("h", "Home")
AWAY = standard_team("a", "Away", Side.AWAY)
FAST = RuleSettings(activation_limit=120)

ACTING = {"move", "tackle", "assault", "strike", "pass", "hand_off", "leave_box"}


def spicy_team(key: str) -> TeamSheet:
    """Rookies, Veterans and Superstars, to reach more branches."""
    base = standard_team(key)
    first = list(base.first_string)
    first[0] = dataclasses.replace(
        first[0], superstar=True, superstar_actions=frozenset({Action.SCORING, Action.MOVEMENT})
    )
    first[2] = dataclasses.replace(
        first[2],
        status=Status.VETERAN,
        veteran_actions=frozenset({Action.TACKLES, Action.STEALING}),
    )
    first[9] = dataclasses.replace(
        first[9], superstar=True, superstar_actions=frozenset({Action.MOVEMENT, Action.TACKLES})
    )
    first[4] = dataclasses.replace(first[4], status=Status.ROOKIE)
    return dataclasses.replace(base, first_string=tuple(first))


rule_settings = st.builds(
    RuleSettings,
    lowering_die_type=st.sampled_from(list(LoweringDieType)),
    evading_rushing=st.booleans(),
    assault=st.booleans(),
    striking=st.booleans(),
    pass_blocking=st.booleans(),
    goal_zones=st.booleans(),
    ricochet=st.booleans(),
    mid_game_replacements=st.booleans(),
    substitute_goalie_at_once=st.booleans(),
    activations_per_turn=st.integers(1, 3),
    activation_limit=st.sampled_from([50, 120]),
    board_columns=st.sampled_from([6, 10, 14]),
    board_rows=st.sampled_from([12, 20, 30]),
)


def play(rules: RuleSettings, seed: int, spicy: bool = False) -> MatchResult:
    home = spicy_team("h") if spicy else HOME
    return simulate_match(home=home, away=AWAY, settings=rules, seed=seed)


def test_m_d8_the_same_seed_reproduces_the_match() -> None:
    first = play(FAST, 11).as_dict()
    again = play(FAST, 11).as_dict()
    assert first == again
    assert play(FAST, 12).as_dict() != first


def test_m_d8_result_is_json_able_and_records_seed_and_version() -> None:
    result = play(FAST, 3)
    data = json.loads(json.dumps(result.as_dict()))
    assert data["seed"] == 3
    assert data["engine_version"] == ENGINE_VERSION
    assert data["settings"]["activation_limit"] == 120
    assert len(data["rolls"]) == len(result.rolls) > 0
    assert all(0 <= i < len(result.rolls) for e in result.events for i in e.rolls)


def test_m_g4_every_half_starts_with_a_face_off() -> None:
    result = play(FAST, 5)
    face_offs = [e for e in result.events if e.kind == "face_off"]
    assert [e.half for e in face_offs] == list(range(1, len(result.activations) + 1))
    assert len(face_offs[0].players) == 4


def test_m_g2_a_level_score_goes_to_overtime_and_may_end_drawn() -> None:
    for seed in range(40):
        result = play(RuleSettings(activation_limit=50), seed)
        level_after_two = len(result.activations) == 3
        assert result.overtime == level_after_two
        if result.drawn:
            assert result.overtime


def test_m_p5_first_string_took_the_field_and_bench_only_when_called() -> None:
    result = play(FAST, 8)
    for player in HOME.first_string:
        assert result.stat_line(player.key).took_field
    subs = {k for e in result.events if e.kind == "substitution" for k in e.players[:1]}
    for player in HOME.second_string + AWAY.second_string:
        assert result.stat_line(player.key).took_field == (player.key in subs)


def test_duplicate_player_keys_are_refused() -> None:
    with pytest.raises(MatchSetupError, match="twice"):
        simulate_match(home=HOME, away=HOME, settings=FAST, seed=1)


def test_invalid_settings_are_refused() -> None:
    with pytest.raises(MatchSetupError):
        simulate_match(home=HOME, away=AWAY, settings=RuleSettings(board_rows=13), seed=1)


def test_progress_is_reported() -> None:
    seen: list[int] = []
    result = simulate_match(home=HOME, away=AWAY, settings=FAST, seed=2, progress=seen.append)
    assert seen[-1] == sum(result.activations)
    assert seen == sorted(seen)


def test_the_cyclic_collector_is_paused_for_a_match_and_left_as_it_was() -> None:
    # A match's short-lived containers set off collections that find nothing (docs/
    # performance.md, "Engine"): paused while it plays, running again after, even when the
    # match ends by an error, and still off after when its caller had turned it off.
    during: list[bool] = []
    simulate_match(
        home=HOME,
        away=AWAY,
        settings=FAST,
        seed=3,
        progress=lambda _: during.append(gc.isenabled()),
    )
    assert during
    assert not any(during)
    assert gc.isenabled()

    def fail(_: int) -> None:
        raise RuntimeError("the job was cancelled")

    with pytest.raises(RuntimeError):
        simulate_match(home=HOME, away=AWAY, settings=FAST, seed=3, progress=fail)
    assert gc.isenabled()
    gc.disable()
    try:
        simulate_match(home=HOME, away=AWAY, settings=FAST, seed=3)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_batch_series_counts_add_up() -> None:
    stats = run_series(home=HOME, away=AWAY, settings=FAST, matches=12, seed=100)
    assert stats.home_wins + stats.away_wins + stats.draws == 12
    assert 0 <= stats.home_win_rate <= 1
    assert stats.as_dict()["mean_goals"] == stats.mean_goals


@settings(max_examples=25, deadline=None)
@given(rules=rule_settings, seed=st.integers(0, 2**32), spicy=st.booleans())
def test_properties_of_every_match(rules: RuleSettings, seed: int, spicy: bool) -> None:
    result = play(rules, seed, spicy)
    # Every match terminates within the activation limit of each half (M-G2).
    assert len(result.activations) in (2, 3)
    assert all(n <= rules.activation_limit for n in result.activations)
    # The score is the sum of the scorers' points.
    for side, score in ((Side.HOME, result.home_score), (Side.AWAY, result.away_score)):
        assert score == sum(line.points for line in result.stat_lines if line.side is side)
    # Every shot ends in a goal or a save: saves + shot goals = shots on target.
    for mine, theirs in (
        (result.home_totals, result.away_totals),
        (result.away_totals, result.home_totals),
    ):
        assert mine.shot_goals + theirs.saves == mine.shots
    saves = {
        side: sum(
            line.successes[StatCategory.SAVES] for line in result.stat_lines if line.side is side
        )
        for side in Side
    }
    assert saves[Side.HOME] == result.home_totals.saves
    assert saves[Side.AWAY] == result.away_totals.saves
    # No player acts while off the field (replayed from the events).
    hurt: set[str] = set()
    out: set[str] = set()
    for event in result.events:
        if event.kind == "face_off":
            hurt.clear()
        elif event.kind == "hurt":
            hurt.add(event.players[0])
        elif event.kind == "incapacitated":
            out.add(event.players[0])
        elif event.kind in ACTING:
            assert event.players[0] not in hurt | out, event
    # Incapacitated players never come back in the same match.
    for injury in result.injuries:
        line = result.stat_line(injury.player_key)
        assert line.took_field


def test_m_p3_mid_game_replacement_comes_on_next_to_the_twenty_yard_line() -> None:
    rules = RuleSettings(mid_game_replacements=True, activation_limit=200)
    for seed in range(30):
        result = play(rules, seed)
        mid = [e for e in result.events if e.kind == "substitution" and e.to_square is not None]
        if mid:
            event = mid[0]
            assert event.to_square is not None
            assert event.to_square[0] in (0, rules.board_columns - 1)
            return
    pytest.fail("no mid-game replacement in 30 matches")


def test_goalie_position_is_the_substitute_when_missing() -> None:
    first = tuple(p for p in HOME.first_string if p.position is not Position.GOALIE)
    second = tuple(p for p in HOME.second_string if p.position is not Position.GOALIE)
    sheet = dataclasses.replace(HOME, first_string=first, second_string=second)
    result = simulate_match(home=sheet, away=AWAY, settings=FAST, seed=4)
    assert any(e.kind == "substitute_goalie" for e in result.events)


def test_in_match_copy_keeps_every_trait_and_resets_the_match_state() -> None:
    from rules.magnoball.match_core import _copy

    original = snapshot(
        Position.FORWARD,
        status=Status.VETERAN,
        veteran_actions=frozenset({Action.SCORING, Action.FACE_OFFS}),
        superstar=True,
        superstar_actions=frozenset({Action.MOVEMENT, Action.PASSING}),
        stat_levels={StatCategory.SCORING: 2},
        on_field=True,
        square=(3, 4),
        has_ball=True,
        hurt=True,
        stunned_until_turn=7,
        took_field=True,
    )
    fresh = dataclasses.replace(
        original,
        side=Side.AWAY,
        on_field=False,
        square=None,
        has_ball=False,
        hurt=False,
        stunned_until_turn=-1,
        took_field=False,
    )
    assert _copy(original, Side.AWAY) == fresh


def test_m_p3_a_first_stringer_out_before_the_match_is_replaced_at_kick_off() -> None:
    """M-P3 (seed: "injured players are substituted by their second-string counterparts as
    needed"): a Wingback and the Goalie missing from the first string (injured before the
    match) are replaced by their fit second-string counterparts at the first face-off."""
    first = list(HOME.first_string)
    wingback = next(p for p in first if p.position is Position.WINGBACK)
    goalie = next(p for p in first if p.position is Position.GOALIE)
    sheet = dataclasses.replace(
        HOME, first_string=tuple(p for p in first if p not in (wingback, goalie))
    )
    bench = {p.position: p.key for p in HOME.second_string}
    result = simulate_match(home=sheet, away=AWAY, settings=FAST, seed=4)
    first_face_off = next(i for i, e in enumerate(result.events) if e.kind == "face_off")
    came_on = {e.players[0] for e in result.events[:first_face_off] if e.kind == "substitution"}
    assert came_on == {bench[Position.WINGBACK], bench[Position.GOALIE]}
    assert not any(e.kind == "substitute_goalie" for e in result.events[:first_face_off])
    on_field = [line for line in result.stat_lines if line.side is Side.HOME and line.took_field]
    assert len(on_field) >= 11


def test_m_p3_a_position_with_no_fit_reserve_plays_short_handed() -> None:
    """M-P3: with no fit counterpart the team plays short-handed (never more than 11)."""
    first = [p for p in HOME.first_string if p.position is not Position.FORWARD]
    second = [p for p in HOME.second_string if p.position is not Position.FORWARD]
    sheet = dataclasses.replace(HOME, first_string=tuple(first), second_string=tuple(second))
    result = simulate_match(home=sheet, away=AWAY, settings=FAST, seed=4)
    first_face_off = next(i for i, e in enumerate(result.events) if e.kind == "face_off")
    assert not any(e.kind == "substitution" for e in result.events[:first_face_off])


def _keeper_taken_out(at_once: bool) -> _Match:
    """The home Goalie, out of his box on the field, is Hurt by a tackle (2 v 8) while a
    Wingback and a Halfback of his are on the grid."""
    home = [
        snapshot(Position.GOALIE, "hg"),
        snapshot(Position.WINGBACK, "hwb"),
        snapshot(Position.HALFBACK, "hhb"),
    ]
    away = [
        snapshot(Position.GOALIE, "ag", side=Side.AWAY),
        snapshot(Position.WINGBACK, "awb", side=Side.AWAY),
    ]
    rules = RuleSettings(substitute_goalie_at_once=at_once)
    match = match_on_board(
        home, away, {"hg": (8, 10), "awb": (9, 11), "hwb": (2, 5), "hhb": (1, 9)}, settings=rules
    )
    s = match.state
    assert s.goalie[Side.HOME] is None
    assert s.keeper[Side.HOME] == "hg"
    s.dice = ScriptedDice([2, 8])
    match._contact(s.players["awb"], s.players["hg"], ContactKind.TACKLE)
    assert s.players["hg"].hurt
    s.dice = RandomDice(random.Random(1))
    return match


def test_m_s5_a_substitute_goalie_takes_the_box_at_once() -> None:
    """M-S5 (setting on, the default): when the keeper is taken out, the highest die that is
    not a Forward (the Wingback) steps into the box at once and saves one die type less."""
    match = _keeper_taken_out(at_once=True)
    s = match.state
    assert s.goalie[Side.HOME] == "hwb"
    wingback = s.players["hwb"]
    assert wingback.in_goalie_box
    assert wingback.square is None
    assert wingback.substitute_goalie
    assert s.spec(wingback, RollKind.SAVE).die == "d10"
    assert s.events[-1].kind == "substitute_goalie"
    assert Side.HOME not in s.box_vacant


def test_m_s5_setting_off_the_substitute_walks_into_the_box() -> None:
    """M-S5 (setting off): the box stays empty until the substitute reaches it under his own
    power, from his goal line."""
    match = _keeper_taken_out(at_once=False)
    s = match.state
    assert s.goalie[Side.HOME] is None
    assert Side.HOME in s.box_vacant
    for _ in range(10):
        match._activate(Side.HOME, set())
        if s.goalie[Side.HOME] is not None:
            break
    assert s.goalie[Side.HOME] == "hwb"
    kinds = [e.kind for e in s.events[-2:]]
    assert kinds == ["move", "substitute_goalie"]
    assert s.events[-2].to_square in s.board.goal_line_squares(Side.HOME)


def test_m_s5_the_setting_is_on_by_default() -> None:
    assert RuleSettings().substitute_goalie_at_once is True


def _goals_by_half(result: MatchResult) -> dict[int, list[Side]]:
    goals: dict[int, list[Side]] = {}
    for event in result.events:
        if event.kind == "goal":
            assert event.side is not None
            goals.setdefault(event.half, []).append(event.side)
    return goals


OVERTIME_SEEDS = range(60)
LINE_UP = {"substitution", "substitute_goalie"}


def test_m_g2_each_half_ends_with_its_goal() -> None:
    """M-G2: a goal ends its half at once: at most one goal per half, and nothing follows it
    in that half."""
    for seed in OVERTIME_SEEDS:
        result = play(RuleSettings(), seed)
        for half, scorers in _goals_by_half(result).items():
            assert len(scorers) == 1, (seed, half)
            in_half = [e for e in result.events if e.half == half]
            assert in_half[-1].kind == "goal", (seed, half)


def test_m_g2_a_level_score_after_two_halves_and_only_that_goes_to_overtime() -> None:
    """M-G2: the score after the two halves, counted from their goals (1 point each without
    Goal Zones), decides: level goes to an overtime half, which starts with a face-off."""
    overtimes = 0
    for seed in OVERTIME_SEEDS:
        result = play(RuleSettings(), seed)
        goals = _goals_by_half(result)
        regulation = [side for half in (1, 2) for side in goals.get(half, [])]
        level = regulation.count(Side.HOME) == regulation.count(Side.AWAY)
        assert result.overtime is level, seed
        assert (len(result.activations) == 3) is level, seed
        if level:
            overtimes += 1
            # M-P3 substitutions come on first, then the face-off starts the overtime.
            third = [e for e in result.events if e.half == 3]
            play_starts = next(e for e in third if e.kind not in LINE_UP)
            assert play_starts.kind == "face_off", seed
    assert overtimes > 0


def test_m_g2_the_overtime_goal_wins() -> None:
    """M-G2: the overtime's goal wins the match; an overtime with no goal (the activation
    limit) leaves it drawn."""
    decided = 0
    for seed in OVERTIME_SEEDS:
        result = play(RuleSettings(), seed)
        if not result.overtime:
            continue
        scorers = _goals_by_half(result).get(3, [])
        if scorers:
            decided += 1
            winner = scorers[0]
            assert not result.drawn, seed
            home_won = result.home_score > result.away_score
            assert home_won is (winner is Side.HOME), seed
            assert abs(result.home_score - result.away_score) == 1, seed
        else:
            assert result.drawn, seed
    assert decided > 0


def test_m_t2_a_stunned_tackler_sits_out_his_teams_next_turn_only() -> None:
    """M-T2: the losing tackler stays on his square and cannot act or tackle (nor block,
    M-T9) until the end of his team's next turn."""
    home = [snapshot(Position.GOALIE, "hg"), snapshot(Position.HALFBACK, "hb")]
    away = [
        snapshot(Position.GOALIE, "ag", side=Side.AWAY),
        snapshot(Position.WINGBACK, "wb", side=Side.AWAY),
    ]
    match = match_on_board(home, away, {"hb": (4, 6), "wb": (4, 7)})
    s = match.state
    s.dice = ScriptedDice([9, 4])
    turn = s.turn
    tackler = s.players["hb"]
    match._contact(tackler, s.players["wb"], ContactKind.TACKLE)
    assert tackler.square == (4, 6)
    for later, can_act in ((0, False), (1, False), (2, False), (3, True)):
        s.turn = turn + later
        assert s.can_act(tackler) is can_act, later


def test_each_result_has_its_own_copy_of_the_settings() -> None:
    """The settings are checked and turned into a dict once per settings object: each result
    still gets a copy of its own (its lists too)."""
    first = simulate_match(home=HOME, away=AWAY, settings=FAST, seed=3)
    lists = [name for name, value in first.settings.items() if isinstance(value, list)]
    assert lists  # the tie-breakers
    for name in lists:
        first.settings[name].append("changed")
    first.settings["activation_limit"] = 1
    second = simulate_match(home=HOME, away=AWAY, settings=FAST, seed=3)
    assert second.settings == FAST.as_dict()
    with pytest.raises(MatchSetupError):  # an invalid one is refused every time
        simulate_match(home=HOME, away=AWAY, settings=RuleSettings(board_rows=13), seed=1)
    with pytest.raises(MatchSetupError):
        simulate_match(home=HOME, away=AWAY, settings=RuleSettings(board_rows=13), seed=1)


@pytest.mark.parametrize("seed", range(6))
def test_the_occupancy_by_square_number_agrees_with_the_squares(seed: int) -> None:
    """MatchState.occupied (by square number) holds exactly the players standing on the grid,
    each on his square, all through a match (looked at every 50 activations and at the end)."""
    rules = RuleSettings(mid_game_replacements=True, substitute_goalie_at_once=seed % 2 == 0)
    match = _Match(spicy_team("h"), AWAY, rules, seed, Coach(), Coach())
    state = match.state
    looks = 0

    def agree(_: int) -> None:
        nonlocal looks
        looks += 1
        by_number = {state.squares[n]: p.key for n, p in enumerate(state.occupied) if p is not None}
        standing = {p.square: key for key, p in state.players.items() if p.square is not None}
        assert by_number == standing
        for square, key in standing.items():
            assert state.occupied[state.number(square)] is state.players[key]
            assert not state.is_free(square)

    match.play(agree)
    assert looks > 1


def test_player_snapshot_init_takes_the_dataclass_fields() -> None:
    """PlayerSnapshot's own __init__ (compiled natively) takes every field, in order, with the
    dataclass's defaults."""
    fields = dataclasses.fields(PlayerSnapshot)
    plain = PlayerSnapshot("k", "Kay", Side.AWAY, Position.MAULER)
    for f in fields[4:]:
        default = f.default_factory() if f.default is dataclasses.MISSING else f.default  # type: ignore[misc]
        assert getattr(plain, f.name) == default, f.name
    values = {
        "key": "k",
        "name": "Kay",
        "side": Side.AWAY,
        "position": Position.MAULER,
        "status": Status.VETERAN,
        "veteran_actions": frozenset({Action.TACKLES}),
        "superstar": True,
        "superstar_actions": frozenset({Action.SCORING}),
        "stat_levels": {StatCategory.SCORING: 1},
        "enhancements": frozenset(),
        "on_field": True,
        "square": (2, 3),
        "in_goalie_box": True,
        "substitute_goalie": True,
        "stunned_until_turn": 7,
        "hurt": True,
        "incapacitated": True,
        "move_mode": MoveMode.RUSHING,
        "has_ball": True,
        "took_field": True,
    }
    assert [f.name for f in fields] == list(values)
    by_name = PlayerSnapshot(**values)
    assert by_name == PlayerSnapshot(*values.values())
    assert {f.name: getattr(by_name, f.name) for f in fields} == values
    assert dataclasses.replace(by_name, hurt=False).hurt is False
