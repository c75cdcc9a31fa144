"""E-S1, E-S3 (and E-D3's suspension): the Away set, the GK picks and the starting line-up."""

from __future__ import annotations

import pytest

from rules.mn11 import (
    AwaySet,
    GkCard,
    GkPicks,
    GkView,
    MatchReport,
    Mn11Settings,
    Side,
    gk_cards_left,
    gk_pick,
    gk_pick_error,
    gk_turn,
    gk_view,
    lineup_errors,
    lineup_visible,
    report_errors,
)

ON = Mn11Settings()
OFF = Mn11Settings(gk_expansion=False)
FIELD = tuple(f"card-{i}" for i in range(1, 11))
AVAILABLE = (*FIELD, "card-11", "card-12", "base-01")


def test_e_s1_away_chooses_base_or_expansion_set_recorded_on_the_match() -> None:
    assert [s.label for s in AwaySet] == ["Away team (Base game)", "Away team (Expansion)"]
    report = MatchReport(
        home_score=0,
        away_score=1,
        away_set=AwaySet.EXPANSION,
        gk_home=GkCard.BUILD_UP,
        gk_away=GkCard.DEFENCE_COVER,
    )
    assert report.away_set is AwaySet.EXPANSION
    bad = MatchReport(home_score=0, away_score=0, away_set="neither", gk_home=None)
    fields = {error.field for error in report_errors(bad, settings=OFF)}
    assert "away_set" in fields


def test_e_s3_home_picks_first_then_away_from_the_two_left_the_third_is_out() -> None:
    picks = GkPicks()
    assert gk_turn(picks) is Side.HOME
    assert gk_pick_error(settings=ON, picks=picks, side=Side.AWAY, card=GkCard.BUILD_UP) == (
        "Home picks its GK card first."
    )
    picks = gk_pick(settings=ON, picks=picks, side=Side.HOME, card=GkCard.COUNTERATTACK)
    assert gk_turn(picks) is Side.AWAY
    assert gk_cards_left(picks) == (GkCard.DEFENCE_COVER, GkCard.BUILD_UP)
    assert gk_pick_error(settings=ON, picks=picks, side=Side.AWAY, card=GkCard.COUNTERATTACK) == (
        "Counterattack is taken by Home."
    )
    assert gk_pick_error(settings=ON, picks=picks, side=Side.HOME, card=GkCard.BUILD_UP) == (
        "Home has picked its GK card."
    )
    assert picks.out is None
    picks = gk_pick(settings=ON, picks=picks, side=Side.AWAY, card=GkCard.BUILD_UP)
    assert gk_turn(picks) is None
    assert picks.out is GkCard.DEFENCE_COVER
    assert gk_pick_error(settings=ON, picks=picks, side=Side.AWAY, card=GkCard.DEFENCE_COVER) == (
        "Both GK cards are picked."
    )


def test_e_s3_no_gk_picks_without_the_gk_expansion() -> None:
    with pytest.raises(ValueError, match="without GK cards"):
        gk_pick(settings=OFF, picks=GkPicks(), side=Side.HOME, card=GkCard.BUILD_UP)


def test_e_s3_each_side_sees_the_picks_made_and_has_choices_only_in_its_turn() -> None:
    assert gk_view(GkPicks(), Side.AWAY) == GkView(own=None, other=None, choices=(), out=None)
    assert gk_view(GkPicks(), Side.HOME).choices == tuple(GkCard)
    picks = GkPicks(home=GkCard.DEFENCE_COVER)
    # Away must see Home's card: it chooses from the two Home left.
    assert gk_view(picks, Side.AWAY) == GkView(
        own=None,
        other=GkCard.DEFENCE_COVER,
        choices=(GkCard.COUNTERATTACK, GkCard.BUILD_UP),
        out=None,
    )
    assert gk_view(picks, Side.HOME).choices == ()
    done = GkPicks(home=GkCard.DEFENCE_COVER, away=GkCard.BUILD_UP)
    assert gk_view(done, Side.HOME) == GkView(
        own=GkCard.DEFENCE_COVER, other=GkCard.BUILD_UP, choices=(), out=GkCard.COUNTERATTACK
    )


def test_e_s3_line_up_is_11_player_cards_including_the_gk_card() -> None:
    cards = (*FIELD, GkCard.BUILD_UP.card_key)
    assert len(cards) == 11
    assert lineup_errors(settings=ON, cards=cards, gk=GkCard.BUILD_UP, available=AVAILABLE) == []
    assert lineup_errors(settings=ON, cards=FIELD, gk=GkCard.BUILD_UP, available=AVAILABLE) == [
        "A starting line-up is 11 Player Cards, not 10.",
        "The line-up includes the team's GK card, Build Up, and no other.",
    ]
    other_gk = (*FIELD, GkCard.COUNTERATTACK.card_key)
    assert lineup_errors(settings=ON, cards=other_gk, gk=GkCard.BUILD_UP, available=AVAILABLE) == [
        "The line-up includes the team's GK card, Build Up, and no other."
    ]
    assert lineup_errors(settings=ON, cards=cards, gk=None, available=AVAILABLE) == [
        "Pick the team's GK card before its line-up."
    ]


def test_e_s3_without_gk_cards_the_line_up_is_11_other_player_cards() -> None:
    cards = (*FIELD, "card-11")
    assert lineup_errors(settings=OFF, cards=cards, gk=None, available=AVAILABLE) == []
    with_gk = (*FIELD, GkCard.BUILD_UP.card_key)
    assert lineup_errors(settings=OFF, cards=with_gk, gk=None, available=AVAILABLE) == [
        "This league plays without GK cards."
    ]


def test_e_s3_line_up_cards_are_the_teams_own_and_each_starts_once() -> None:
    cards = (*FIELD[:9], "base-02", "card-1")
    assert lineup_errors(settings=OFF, cards=cards, gk=None, available=AVAILABLE) == [
        "Each card starts once: card-1 appear more than once.",
        "Not the team's Player Cards: base-02.",
    ]


def test_e_d3_suspended_card_refused_only_with_the_suspension_setting_on() -> None:
    cards = (*FIELD[:9], "base-01", GkCard.BUILD_UP.card_key)
    on = Mn11Settings(sent_off_suspension=True)
    kwargs = {
        "cards": cards,
        "gk": GkCard.BUILD_UP,
        "available": AVAILABLE,
        "suspended": {"base-01"},
    }
    assert lineup_errors(settings=on, **kwargs) == [
        "Suspended for this match (sent off in the last): base-01."
    ]
    assert lineup_errors(settings=ON, **kwargs) == []


def test_e_s3_line_ups_are_sealed_until_both_are_in() -> None:
    assert lineup_visible(owner=Side.HOME, viewer=Side.HOME, both_submitted=False)
    assert not lineup_visible(owner=Side.HOME, viewer=Side.AWAY, both_submitted=False)
    assert lineup_visible(owner=Side.HOME, viewer=Side.AWAY, both_submitted=True)
