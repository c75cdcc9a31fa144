"""E-R1 match reports and their validation against E-D1 to E-D5 and E-S3."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from rules.mn11 import (
    CornerKick,
    Event,
    GkCard,
    Goal,
    GoalKind,
    MatchReport,
    Mn11Settings,
    SendOff,
    ShootoutKick,
    Side,
    TackleCategory,
    TeamCards,
    VarCard,
    VarDecision,
    report_errors,
    shootout_errors,
    shootout_winner,
    team_cards,
)

HOME, AWAY = Side.HOME, Side.AWAY
SETTINGS = Mn11Settings(gk_expansion=False)
SHOOTOUTS = Mn11Settings(gk_expansion=False, shootout_league=True)


def report(
    *events: Event, home: int | None = None, away: int | None = None, **changes: object
) -> MatchReport:
    """A report whose score is its goals unless given."""
    goals = [event for event in events if isinstance(event, Goal)]
    home_score = sum(goal.side is HOME for goal in goals) if home is None else home
    away_score = sum(goal.side is AWAY for goal in goals) if away is None else away
    base = MatchReport(home_score=home_score, away_score=away_score, events=events)
    return dataclasses.replace(base, **changes)


def errors(
    match: MatchReport, settings: Mn11Settings = SETTINGS, *, knockout: bool = False
) -> set[tuple[str, str]]:
    return {
        (error.field, error.rule)
        for error in report_errors(match, settings=settings, knockout=knockout)
    }


def kicks(*pattern: str) -> tuple[ShootoutKick, ...]:
    """'H+' a Home kick scored, 'A-' an Away kick missed."""
    return tuple(
        ShootoutKick(side=HOME if p[0] == "H" else AWAY, scored=p[1] == "+") for p in pattern
    )


FIVE_ROUNDS_HOME_WINS = kicks("H+", "A+", "H+", "A-", "H+", "A+", "H+", "A+", "H-", "A-")


def test_e_r1_a_full_report_validates() -> None:
    match = report(
        Goal(HOME, 1, "base-01", GoalKind.MAGIC_NUMBER),
        VarDecision(AWAY, 1, strength=4, card=VarCard.PENALTY_KICK, warning=True),
        Goal(AWAY, 1, "card-9", GoalKind.PENALTY),
        CornerKick(HOME, 1, attempts=(False, True), attack_power=8, defence_power=8),
        Goal(HOME, 1, "card-3", GoalKind.CORNER),
        VarDecision(AWAY, 2, strength=1, card=VarCard.FREE_KICK),
        Goal(AWAY, 2, "card-7", GoalKind.FREE_KICK),
        VarDecision(AWAY, 2, strength=0, card=VarCard.NO_FOUL),
        VarDecision(
            AWAY, 2, strength=5, magic_number=True, card=VarCard.PENALTY_KICK, warning=True
        ),
        SendOff(HOME, 2, "card-4"),
        shootout=FIVE_ROUNDS_HOME_WINS,
        gk_home=GkCard.BUILD_UP,
        gk_away=GkCard.COUNTERATTACK,
    )
    assert report_errors(match, settings=dataclasses.replace(SHOOTOUTS, gk_expansion=True)) == []
    assert (match.home_score, match.away_score) == (2, 2)
    assert [goal.card for goal in match.goals(HOME, half=1)] == ["base-01", "card-3"]
    assert len(match.goals(half=2)) == 1
    assert match.winner is HOME
    assert team_cards(match, HOME) == TeamCards(
        warnings=2, yellow=True, red=True, sent_off=("card-4",)
    )
    assert team_cards(match, AWAY) == TeamCards(warnings=0, yellow=False, red=False, sent_off=())


def test_e_r1_goals_add_up_to_the_score() -> None:
    match = report(Goal(HOME, 1, "c1"), Goal(HOME, 2, "c2"), home=1, away=1)
    found = report_errors(match, settings=SETTINGS)
    assert {(e.field, e.rule) for e in found} == {("home_score", "E-R1"), ("away_score", "E-R1")}
    assert found[0].message == "The goals recorded for Home add up to 2, not 1."
    assert ("home_score", "E-R1") in errors(report(home=-1, away=-1))


def test_e_r1_events_in_match_order_of_two_halves() -> None:
    match = report(Goal(HOME, 2, "c1"), Goal(AWAY, 1, "c2"), Goal(AWAY, 3, "c3"))
    assert errors(match) == {("events[1].half", "E-R1"), ("events[2].half", "E-R1")}


def test_e_r1_a_goal_names_its_card() -> None:
    assert errors(report(Goal(HOME, 1, " "))) == {("events[0].card", "E-R1")}


def test_e_d2_a_strong_tackle_always_gives_a_penalty_and_a_warning() -> None:
    strong = VarDecision(HOME, 1, strength=3, card=VarCard.FREE_KICK)
    assert strong.category is TackleCategory.STRONG
    assert errors(report(strong)) == {("events[0].card", "E-D2"), ("events[0].warning", "E-D2")}
    magic = VarDecision(HOME, 1, strength=-1, magic_number=True, card=VarCard.NO_FOUL, warning=True)
    assert errors(report(magic)) == {("events[0].card", "E-D2")}


def test_e_d2_a_weak_tackle_never_no_foul_and_only_strong_ones_warn() -> None:
    assert errors(report(VarDecision(HOME, 1, strength=2, card=VarCard.NO_FOUL))) == {
        ("events[0].card", "E-D2")
    }
    assert errors(report(VarDecision(HOME, 1, strength=0, card=VarCard.NO_FOUL))) == set()
    clash = VarDecision(HOME, 1, strength=-2, card=VarCard.PENALTY_KICK, warning=True)
    assert errors(report(clash)) == {("events[0].warning", "E-D2")}


def test_e_d2_penalty_and_free_kick_goals_follow_their_decision_in_the_half() -> None:
    penalty = VarDecision(HOME, 1, strength=1, card=VarCard.PENALTY_KICK)
    assert errors(report(penalty, Goal(HOME, 1, "c1", GoalKind.PENALTY))) == set()
    # before its decision, for the other side, in the other half, or twice from one decision
    assert errors(report(Goal(HOME, 1, "c1", GoalKind.PENALTY), penalty)) == {
        ("events[0].kind", "E-D2")
    }
    assert errors(report(penalty, Goal(AWAY, 1, "c1", GoalKind.PENALTY))) == {
        ("events[1].kind", "E-D2")
    }
    assert errors(report(penalty, Goal(HOME, 2, "c1", GoalKind.PENALTY))) == {
        ("events[1].kind", "E-D2")
    }
    twice = report(
        penalty, Goal(HOME, 1, "c1", GoalKind.PENALTY), Goal(HOME, 1, "c1", GoalKind.PENALTY)
    )
    assert errors(twice) == {("events[2].kind", "E-D2")}
    assert errors(report(penalty, Goal(HOME, 1, "c1", GoalKind.FREE_KICK))) == {
        ("events[1].kind", "E-D2")
    }
    # a penalty may be missed
    assert errors(report(penalty)) == set()


def strong(attacker: Side, half: int = 1) -> VarDecision:
    return VarDecision(attacker, half, strength=4, card=VarCard.PENALTY_KICK, warning=True)


def test_e_d3_first_warning_is_a_yellow_card_only() -> None:
    match = report(strong(AWAY))
    assert errors(match) == set()
    assert team_cards(match, HOME) == TeamCards(warnings=1, yellow=True, red=False, sent_off=())
    assert errors(report(strong(AWAY), SendOff(HOME, 1, "c1"))) == {("events[1]", "E-D3")}


def test_e_d3_a_second_warning_turns_the_yellow_red_and_sends_a_card_off() -> None:
    assert errors(report(strong(AWAY), strong(AWAY), SendOff(HOME, 1, "c1"))) == set()
    missing = report_errors(report(strong(AWAY), strong(AWAY, 2)), settings=SETTINGS)
    assert [(e.field, e.rule) for e in missing] == [("events[1].warning", "E-D3")]
    assert "sends off a Home Player Card" in missing[0].message


def test_e_d3_every_further_warning_sends_off_another_card() -> None:
    three = (strong(AWAY), strong(AWAY), SendOff(HOME, 1, "c1"), strong(AWAY))
    assert errors(report(*three)) == {("events[3].warning", "E-D3")}
    assert errors(report(*three, SendOff(HOME, 2, "c2"))) == set()
    match = report(*three, SendOff(HOME, 2, "c2"))
    assert team_cards(match, HOME).sent_off == ("c1", "c2")


def test_e_d3_a_second_red_needs_a_prior_red_and_the_team_warned() -> None:
    # E-R1: sent-off cards belong to the team warned
    assert errors(report(strong(AWAY), strong(AWAY), SendOff(AWAY, 1, "c1"))) == {
        ("events[2]", "E-D3"),
        ("events[1].warning", "E-D3"),
    }
    two_off = report(strong(AWAY), strong(AWAY), SendOff(HOME, 1, "c1"), SendOff(HOME, 1, "c2"))
    assert errors(two_off) == {("events[3]", "E-D3")}


def test_e_d3_a_sent_off_card_takes_no_further_part() -> None:
    off = (strong(AWAY), strong(AWAY), SendOff(HOME, 1, "c1"))
    assert errors(report(*off, Goal(HOME, 2, "c1"))) == {("events[3].card", "E-D3")}
    # the other team's card of the same name is another card
    assert errors(report(*off, Goal(AWAY, 2, "c1"))) == set()
    again = report(*off, strong(AWAY), SendOff(HOME, 2, "c1"))
    assert errors(again) == {("events[4].card", "E-D3")}
    shootout = report(
        *off,
        shootout=(ShootoutKick(HOME, True, "c1"), *FIVE_ROUNDS_HOME_WINS[1:]),
    )
    assert errors(shootout, SHOOTOUTS) == {("shootout[0].card", "E-D3")}


def test_e_s3_a_gk_card_neither_scores_nor_is_sent_off() -> None:
    gk = GkCard.COUNTERATTACK.card_key
    assert errors(report(Goal(HOME, 1, gk))) == {("events[0].card", "E-S3")}
    off = report(strong(AWAY), strong(AWAY), SendOff(HOME, 1, gk))
    assert errors(off) == {("events[2].card", "E-S3")}


def test_e_s3_report_records_both_gk_picks_distinct_when_gk_cards_are_on() -> None:
    on = Mn11Settings()
    assert errors(report(), on) == {("gk_home", "E-S3"), ("gk_away", "E-S3")}
    same = report(gk_home=GkCard.BUILD_UP, gk_away=GkCard.BUILD_UP)
    assert errors(same, on) == {("gk_away", "E-S3")}
    assert errors(report(gk_home=GkCard.BUILD_UP)) == {("gk_home", "E-S3")}


def test_e_d4_corner_kick_is_up_to_two_attempts_a_goal_if_in_the_hole() -> None:
    assert errors(report(CornerKick(HOME, 1, attempts=(False, False)))) == set()
    assert errors(report(CornerKick(HOME, 1, attempts=()))) == {("events[0].attempts", "E-D4")}
    assert errors(report(CornerKick(HOME, 1, attempts=(False,) * 3))) == {
        ("events[0].attempts", "E-D4")
    }
    scored_first = report(
        CornerKick(HOME, 1, attempts=(True, False)), Goal(HOME, 1, "c1", GoalKind.CORNER)
    )
    assert errors(scored_first) == {("events[0].attempts", "E-D4")}
    # a corner in the hole is a goal, and a corner goal needs such a corner
    assert errors(report(CornerKick(HOME, 1, attempts=(True,)))) == {("events[0].attempts", "E-D4")}
    assert errors(report(Goal(HOME, 1, "c1", GoalKind.CORNER))) == {("events[0].kind", "E-D4")}
    missed = report(CornerKick(HOME, 1, attempts=(False,)), Goal(HOME, 1, "c1", GoalKind.CORNER))
    assert errors(missed) == {("events[1].kind", "E-D4")}


def test_e_d4_corner_needs_attack_at_most_10_equal_to_defence() -> None:
    assert errors(report(CornerKick(HOME, 1, (False,), attack_power=10, defence_power=10))) == set()
    assert errors(report(CornerKick(HOME, 1, (False,), attack_power=11, defence_power=11))) == {
        ("events[0].attack_power", "E-D4")
    }
    assert errors(report(CornerKick(HOME, 1, (False,), attack_power=7, defence_power=8))) == {
        ("events[0].defence_power", "E-D4")
    }


def test_e_d5_shootout_only_after_a_level_score() -> None:
    level = report(Goal(HOME, 1, "c1"), Goal(AWAY, 2, "c2"), shootout=FIVE_ROUNDS_HOME_WINS)
    assert errors(level, SHOOTOUTS) == set()
    assert level.winner is HOME
    not_level = report(Goal(HOME, 1, "c1"), shootout=FIVE_ROUNDS_HOME_WINS)
    assert errors(not_level, SHOOTOUTS) == {("shootout", "E-D5")}


def test_e_d5_shootouts_follow_the_setting_for_league_and_knockout_matches() -> None:
    with_shootout = report(shootout=FIVE_ROUNDS_HOME_WINS)
    assert errors(with_shootout) == {("shootout", "E-D5")}
    assert errors(with_shootout, knockout=True) == set()
    # with shootouts on, a level match goes to one
    assert errors(report(), knockout=True) == {("shootout", "E-D5")}
    assert errors(report(), SHOOTOUTS) == {("shootout", "E-D5")}
    assert errors(report()) == set()
    assert report().winner is None


def test_e_d5_the_shootout_must_have_a_winner() -> None:
    undecided = report(shootout=FIVE_ROUNDS_HOME_WINS[:-1])
    found = report_errors(undecided, settings=SHOOTOUTS)
    assert [(e.field, e.message) for e in found] == [
        ("shootout", "A shootout must have a winner: record the kicks until it has one.")
    ]
    assert undecided.winner is None


def test_e_d5_kicks_alternate_and_stop_once_decided() -> None:
    assert shootout_errors(kicks("H+", "H+")) == [(1, "The sides take turns: kick 2 is Away's.")]
    # Home 3-0 after three rounds: Away cannot catch up with two kicks left.
    early = kicks("H+", "A-", "H+", "A-", "H+", "A-")
    assert shootout_errors(early) == []
    assert shootout_winner(early) is HOME
    assert shootout_errors((*early, *kicks("H+"))) == [
        (6, "Home had won the shootout at kick 6; no more kicks.")
    ]
    # Away kicks first and wins before taking its last kick: 3-1 after Home's fourth.
    away_first = kicks("A+", "H-", "A+", "H+", "A+", "H-", "A-", "H-")
    assert shootout_errors(away_first) == []
    assert shootout_winner(away_first) is AWAY


def test_e_d5_sudden_death_after_five_rounds_each() -> None:
    five_all = kicks(*["H+", "A+"] * 5)
    assert shootout_winner(five_all) is None
    assert shootout_winner((*five_all, *kicks("H+", "A-"))) is HOME
    assert shootout_errors((*five_all, *kicks("H-"))) == [
        (None, "A shootout must have a winner: record the kicks until it has one.")
    ]
    assert shootout_errors(()) == [(None, "A shootout has kicks.")]


@given(st.lists(st.booleans(), min_size=60, max_size=60), st.booleans())
def test_e_d5_every_shootout_kicked_until_decided_is_valid_with_the_leader_winning(
    outcomes: list[bool], home_first: bool
) -> None:
    first = HOME if home_first else AWAY
    taken: list[ShootoutKick] = []
    for index, scored in enumerate(outcomes):
        taken.append(ShootoutKick(first if index % 2 == 0 else first.other, scored))
        if shootout_winner(taken) is not None:
            break
    winner = shootout_winner(taken)
    if winner is None:  # 30 level rounds of sudden death: possible, just undecided
        assert shootout_errors(taken)
        return
    assert shootout_errors(taken) == []
    goals = {side: sum(k.scored for k in taken if k.side is side) for side in Side}
    assert goals[winner] > goals[winner.other]
    assert shootout_errors(taken[:-1]) != []
