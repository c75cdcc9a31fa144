"""E-S1, E-S3 (and E-D3's suspension): the Away set, the GK picks and the starting line-up."""

from __future__ import annotations

import pytest

from rules.mn11 import (
    AwaySet,
    CardKind,
    GkCard,
    GkPicks,
    GkView,
    MatchReport,
    Mn11Settings,
    Side,
    StarPool,
    away_set_change_error,
    card_name,
    cards_text,
    gk_cards_left,
    gk_pick,
    gk_pick_error,
    gk_turn,
    gk_view,
    lineup_change_error,
    lineup_errors,
    lineup_visible,
    match_squad,
    report_errors,
    set_cards,
    star_pool,
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
        "Each card starts once: card-1 appears more than once.",
        "Not cards the team may field: base-02 (its cards: card-1, card-2, card-3, card-4, "
        "card-5, card-6, card-7, card-8, card-9, card-10, card-11, card-12, base-01).",
    ]


def test_e_s3_a_line_up_names_cards_by_their_one_key_only() -> None:
    """Issue #46: home-0, home-10, home-999 and away-expansion-11 are no cards, and
    home-01, home-001 no second names of home-1."""
    home = tuple(card.key for card in set_cards(Side.HOME, None))
    assert home == tuple(f"home-{n}" for n in range(1, 10))
    assert len(set_cards(Side.AWAY, AwaySet.EXPANSION)) == 10
    assert set_cards(Side.AWAY, None) == ()
    available = (*home, "base-01", "base-04")
    cards = ("home-1", "home-01", "home-001", "home-0", "home-10", "home-999", *home[1:6])
    assert lineup_errors(settings=OFF, cards=cards, gk=None, available=available) == [
        "Not cards the team may field: home-01, home-001, home-0, home-10, home-999 (its "
        "cards: home-1 … home-9, base-01, base-04)."
    ]
    away = tuple(card.key for card in set_cards(Side.AWAY, AwaySet.EXPANSION))
    assert away[-1] == "away-expansion-10"
    eleven = (*away, "away-expansion-11")
    assert (
        "away-expansion-11 (its cards"
        in lineup_errors(settings=OFF, cards=eleven, gk=None, available=away)[0]
    )


def test_cards_text_shortens_each_sets_runs() -> None:
    keys = ("gk-build-up", "home-1", "home-2", "home-3", "home-5", "base-01", "away-base-2")
    assert cards_text(keys) == "gk-build-up, home-1 … home-3, home-5, base-01, away-base-2"
    stars = ("base-01", "base-02", "base-03", "base-07", "expansion-01", "expansion-02")
    assert cards_text(stars) == "base-01 … base-03, base-07, expansion-01 … expansion-02"


def test_e_s3_a_squad_is_the_gk_card_then_the_set_then_the_stars() -> None:
    star = star_pool(pool=StarPool.BASE, names={"base-04": "Ilse Nakamura"})[3]
    squad = match_squad(side=Side.AWAY, away_set=AwaySet.BASE, stars=[star], gk=GkCard.BUILD_UP)
    assert [card.key for card in squad] == [
        "gk-build-up",
        *(f"away-base-{n}" for n in range(1, 10)),
        "base-04",
    ]
    first, last = squad[0], squad[-1]
    assert (first.position, first.on_field, first.detail) == ("GK", False, "GK card")
    assert (last.name, last.kind, last.detail) == (
        "Ilse Nakamura",
        CardKind.STAR,
        "Star Player (base game)",
    )
    assert squad[1].name == "Away Player Card 1 (base set)"
    assert card_name("home-7", {}) == "Home Player Card 7"
    assert card_name("home-10", {}) == "home-10"
    assert card_name("base-04", {"base-04": "Ilse Nakamura"}) == "Ilse Nakamura"


def test_e_s3_sealed_line_ups_are_final_once_both_are_in() -> None:
    """Issue #46: a coach may replace his line-up until both are in; then only a
    commissioner; the Away set is final once either line-up is in."""
    assert lineup_change_error(lineups_in={Side.AWAY}, commissioner=False) is None
    assert "final" in str(lineup_change_error(lineups_in=set(Side), commissioner=False))
    assert lineup_change_error(lineups_in=set(Side), commissioner=True) is None
    assert away_set_change_error(lineups_in=(), commissioner=False) is None
    assert "final" in str(away_set_change_error(lineups_in={Side.HOME}, commissioner=False))
    assert away_set_change_error(lineups_in={Side.HOME}, commissioner=True) is None


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
