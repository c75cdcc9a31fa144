"""M-P6 / M-P8: who owes picks, which picks a form offers, and why a pick is refused."""

from __future__ import annotations

from dataclasses import replace

from rules.magnoball.picks import PickKind, pick_refusal, picks_due, picks_to_offer
from rules.magnoball.snapshot import PlayerSnapshot, Side
from rules.magnoball.vocabulary import Action, Position, Status

PRO = PlayerSnapshot(key="1", name="Pia", side=Side.HOME, position=Position.GOALIE)
VETERAN = replace(PRO, status=Status.VETERAN)
SUPERSTAR = replace(PRO, superstar=True)
PICKED = frozenset({Action.SAVES, Action.TACKLES})


def test_a_veteran_owes_picks_until_chosen_and_before_a_superstars():
    both = replace(VETERAN, superstar=True)
    assert picks_due(both, superstars=True) == ("veteran", "superstar")
    assert picks_due(replace(both, veteran_actions=PICKED), superstars=True) == ("superstar",)
    assert picks_due(PRO, superstars=True) == ()


def test_a_superstar_owes_picks_only_where_the_season_plays_with_superstars():
    assert picks_due(SUPERSTAR, superstars=True) == ("superstar",)
    assert picks_due(SUPERSTAR, superstars=False) == ()
    assert picks_due(replace(SUPERSTAR, superstar_actions=PICKED), superstars=True) == ()


def test_the_pick_form_offers_what_is_due_else_what_the_player_is():
    assert picks_to_offer(replace(VETERAN, superstar=True)) == "veteran"
    assert picks_to_offer(replace(VETERAN, superstar=True, veteran_actions=PICKED)) == "superstar"
    assert picks_to_offer(PRO) == "veteran"


def _code(kind: PickKind, player: PlayerSnapshot, picks: list[str]) -> str | None:
    refusal = pick_refusal(kind, player, Position.GOALIE, picks)
    return refusal[0] if refusal else None


def test_a_pick_is_refused_with_the_reason_first_found():
    assert _code("veteran", PRO, ["saves", "tackles"]) == "not_eligible"
    fixed = replace(VETERAN, veteran_actions=PICKED)
    assert _code("veteran", fixed, ["saves", "tackles"]) == "actions_fixed"
    assert _code("veteran", VETERAN, ["saves", "scoring"]) == "invalid_actions"
    assert _code("veteran", VETERAN, ["saves", "tackles"]) is None
    assert _code("superstar", SUPERSTAR, ["movement", "scoring"]) is None
