"""M-P3 at kick-off: every branch of ``kick_off_lineup``, and the simulator playing a fixed
line-up exactly (``TeamSheet.kick_off_fixed``)."""

from __future__ import annotations

import dataclasses

from rules.magnoball import Position, RuleSettings, Side, simulate_match, standard_team
from rules.magnoball.lineup import Fill, RosterEntry, kick_off_lineup, place_key
from rules.magnoball.vocabulary import FIRST_STRING_ORDER, SECOND_STRING_ORDER

WB, HB, FB, GK = Position.WINGBACK, Position.HALFBACK, Position.FULLBACK, Position.GOALIE


def roster(out: tuple[str, ...] = (), extra: tuple[RosterEntry, ...] = ()) -> list[RosterEntry]:
    """The M-P2 roster: first-stringers f0..f10, second-stringers s0..s6; `out` cannot play."""
    first = [
        RosterEntry(f"f{i}", p, True, f"f{i}" not in out) for i, p in enumerate(FIRST_STRING_ORDER)
    ]
    second = [
        RosterEntry(f"s{i}", p, False, f"s{i}" not in out)
        for i, p in enumerate(SECOND_STRING_ORDER)
    ]
    return first + second + list(extra)


def starter_of(lineup, position: Position, number: int) -> str | None:
    return next(p.starter for p in lineup.places if p.key == place_key(position, number))


def test_m_p3_a_fit_first_string_starts_and_the_second_string_sits_on_the_bench() -> None:
    lineup = kick_off_lineup(roster())
    assert lineup.starters == tuple(f"f{i}" for i in range(11))
    assert all(p.fill is Fill.FIRST_STRING for p in lineup.places)
    assert lineup.bench == tuple(f"s{i}" for i in range(7))
    assert lineup.short == ()


def test_m_p3_an_out_first_stringer_is_replaced_by_the_fit_counterpart_of_his_position() -> None:
    """M-P3: "replaced by the second-string player of the same position, if fit: at
    kick-off for those out before the match" — the demo's 9-man case: a Wingback (f2) and a
    Halfback (f5) out, both counterparts fit, so 11 start."""
    lineup = kick_off_lineup(roster(out=("f2", "f5")))
    assert len(lineup.starters) == 11
    wingback = next(p for p in lineup.places if p.first_stringer == "f2")
    halfback = next(p for p in lineup.places if p.first_stringer == "f5")
    assert (wingback.starter, wingback.fill) == ("s1", Fill.COUNTERPART)
    assert (halfback.starter, halfback.fill) == ("s2", Fill.COUNTERPART)
    assert "s1" not in lineup.bench
    assert "s2" not in lineup.bench


def test_m_p3_with_no_fit_counterpart_the_team_plays_short_handed() -> None:
    """M-P3: "With no fit counterpart the team plays short-handed" — a Wingback out and the
    second-string Wingback injured too: that place is short, the team starts 10. A fit
    reserve of another position is *not* put in by default."""
    lineup = kick_off_lineup(roster(out=("f2", "s1")))
    assert [(p.position, p.number, p.fill) for p in lineup.short] == [(WB, 1, Fill.SHORT)]
    assert len(lineup.starters) == 10
    assert set(lineup.bench) == {"s0", "s2", "s3", "s4", "s5", "s6"}
    both = kick_off_lineup(roster(out=("f2", "f3", "s1")))
    assert [p.position for p in both.short] == [WB, WB]


def test_m_p3_the_two_places_of_a_position_take_the_counterparts_in_roster_order() -> None:
    """Two Wingbacks out, the team's own second-string Wingback and a called-up Rookie
    Wingback fit: both start, the team's own second-stringer in the first place."""
    rookie = RosterEntry("r1", WB, False, True)
    lineup = kick_off_lineup(roster(out=("f2", "f3"), extra=(rookie,)))
    assert (starter_of(lineup, WB, 1), starter_of(lineup, WB, 2)) == ("s1", "r1")
    assert len(lineup.starters) == 11


def test_m_p3_a_coach_may_name_another_fit_reserve_instead() -> None:
    """M-P3: "a coach may name another fit reserve instead before the match": the Goalie is
    out and the coach names the second-string Fullback rather than the Goalie counterpart."""
    lineup = kick_off_lineup(roster(out=("f10",)), {place_key(GK, 1): "s3"})
    place = next(p for p in lineup.places if p.position is GK)
    assert (place.starter, place.fill, place.first_stringer) == ("s3", Fill.NAMED, "f10")
    assert "s6" in lineup.bench
    assert "s3" not in lineup.bench


def test_m_p3_a_named_reserve_fills_a_place_that_would_be_short() -> None:
    """No fit Wingback for the Wingback place: the coach names a called-up Rookie
    Halfback, and the team kicks off with 11."""
    rookie = RosterEntry("r1", HB, False, True)
    lineup = kick_off_lineup(roster(out=("f2", "s1"), extra=(rookie,)), {place_key(WB, 1): "r1"})
    assert lineup.short == ()
    assert starter_of(lineup, WB, 1) == "r1"


def test_m_p3_a_named_reserve_is_placed_before_the_counterparts() -> None:
    """A reserve named for one place is never also another place's counterpart: both
    Wingbacks out, the coach names the Wingback counterpart for the second place, so the
    first place finds no other Wingback and is short."""
    lineup = kick_off_lineup(roster(out=("f2", "f3")), {place_key(WB, 2): "s1"})
    assert starter_of(lineup, WB, 2) == "s1"
    assert starter_of(lineup, WB, 1) is None
    assert lineup.starters.count("s1") == 1


def test_m_p3_a_name_that_no_longer_holds_is_ignored() -> None:
    """Names count only for a vacant place and a fit reserve not starting elsewhere: a name
    for a place whose first-stringer plays, an injured reserve, a first-stringer and a
    reserve named twice change nothing."""
    names = {
        place_key(FB, 1): "s3",  # f6 plays
        place_key(WB, 1): "s4",  # s4 is injured
        place_key(HB, 1): "f0",  # a first-stringer is no reserve
    }
    lineup = kick_off_lineup(roster(out=("f2", "f4", "s4")), names)
    assert starter_of(lineup, FB, 1) == "f6"
    assert starter_of(lineup, WB, 1) == "s1"
    assert starter_of(lineup, HB, 1) == "s2"
    twice = kick_off_lineup(
        roster(out=("f2", "f4")), {place_key(WB, 1): "s5", place_key(HB, 1): "s5"}
    )
    assert twice.starters.count("s5") == 1
    assert starter_of(twice, HB, 1) == "s2"


def test_m_p3_a_first_string_left_short_by_retirements_gets_open_places() -> None:
    """After roll-over a first string had 6 players: the places of the missing five are
    open and taken by fit second-stringers of their positions (called-up Rookies too)."""
    first = [e for e in roster()[:11] if e.key in {"f0", "f1", "f2", "f4", "f6", "f10"}]
    second = [*roster()[11:], RosterEntry("r1", WB, False, True)]
    lineup = kick_off_lineup(first + second)
    open_places = [p for p in lineup.places if p.first_stringer is None]
    assert [p.position for p in open_places] == [WB, HB, FB, Position.MAULER, Position.HEAVY_MAULER]
    assert len(lineup.starters) == 11
    assert starter_of(lineup, WB, 2) == "s1"
    assert lineup.bench == ("s0", "s6", "r1")
    assert lineup.short == ()


def test_m_p3_an_injured_list_first_stringer_keeps_his_place_numbered_first() -> None:
    lineup = kick_off_lineup(roster(out=("f2",)))
    place = next(p for p in lineup.places if p.first_stringer == "f2")
    assert (place.position, place.number) == (WB, 1)


def test_m_p3_the_simulator_plays_exactly_the_fixed_starters() -> None:
    """A fixed line-up is played as given: a Halfback reserve named for a Wingback place
    while the team is short elsewhere starts, and the Wingback left on the bench does not
    come on at kick-off (without the flag the engine would fill the Wingback place)."""
    home = standard_team("h", "Home")
    first = [p for p in home.first_string if p.key not in ("h-2", "h-9")]  # a WB and the HM
    hb_reserve = next(p for p in home.second_string if p.position is HB)
    fixed = dataclasses.replace(
        home,
        first_string=(*first, hb_reserve),
        second_string=tuple(p for p in home.second_string if p is not hb_reserve),
        kick_off_fixed=True,
    )
    away = standard_team("a", "Away", Side.AWAY)
    result = simulate_match(
        home=fixed, away=away, settings=RuleSettings(activation_limit=60), seed=3
    )
    first_face_off = next(i for i, e in enumerate(result.events) if e.kind == "face_off")
    assert not [e for e in result.events[:first_face_off] if e.kind == "substitution"]
    loose = dataclasses.replace(fixed, kick_off_fixed=False)
    other = simulate_match(
        home=loose, away=away, settings=RuleSettings(activation_limit=60), seed=3
    )
    first_face_off = next(i for i, e in enumerate(other.events) if e.kind == "face_off")
    assert [e for e in other.events[:first_face_off] if e.kind == "substitution"]
