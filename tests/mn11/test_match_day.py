"""Match day (E-S1, E-S3): the Away set, GK picks in turn, sealed line-ups, suspensions
(E-D3 setting), each write by that team's coach or a commissioner, audited; and the coach's
to-do list."""

from __future__ import annotations

import pytest

from league.errors import PermissionRefused
from league.models import AuditEntry
from league.selectors.coaching import coach_teams
from mn11.errors import Mn11Error
from mn11.models import Lineup, MatchDay
from mn11.selectors import match_day_view
from mn11.services import away_set_choose, gk_pick_choose, lineup_submit
from rules.mn11 import AwaySet, GkCard, Side
from tests.mn11.world import mn11_world, play, raw_report, send_off, var

pytestmark = pytest.mark.django_db

HOME_CARDS = ["gk-defence-cover", *[f"home-{n}" for n in range(1, 9)], "base-01", "base-02"]
AWAY_CARDS = ["gk-build-up", *[f"away-base-{n}" for n in range(1, 10)], "base-03"]


def _ready(world, fixture):
    home, away = world.coach_of(fixture.home_team), world.coach_of(fixture.away_team)
    away_set_choose(fixture=fixture, actor=away, away_set=AwaySet.BASE)
    gk_pick_choose(fixture=fixture, actor=home, side=Side.HOME, card=GkCard.DEFENCE_COVER)
    gk_pick_choose(fixture=fixture, actor=away, side=Side.AWAY, card=GkCard.BUILD_UP)
    return home, away


def test_only_the_away_coach_or_a_commissioner_chooses_the_away_set():
    """E-S1."""
    world = mn11_world()
    fixture = world.fixture()
    home = world.coach_of(fixture.home_team)
    for stranger in (home, world.outsider):
        with pytest.raises(PermissionRefused):
            away_set_choose(fixture=fixture, actor=stranger, away_set=AwaySet.EXPANSION)
    assert not MatchDay.objects.filter(away_set="expansion").exists()
    away_set_choose(
        fixture=fixture, actor=world.coach_of(fixture.away_team), away_set=AwaySet.EXPANSION
    )
    away_set_choose(fixture=fixture, actor=world.commissioner, away_set=AwaySet.BASE)
    assert MatchDay.objects.get(fixture=fixture).away_set == "base"
    assert AuditEntry.objects.filter(action="mn11.away_set").count() == 2


def test_home_picks_its_gk_card_first_then_away_one_of_the_two_left():
    """E-S3: Away may not pick before Home, nor the card Home took; Home may not pick Away's."""
    world = mn11_world()
    fixture = world.fixture()
    home, away = world.coach_of(fixture.home_team), world.coach_of(fixture.away_team)
    with pytest.raises(Mn11Error, match="Home picks its GK card first"):
        gk_pick_choose(fixture=fixture, actor=away, side=Side.AWAY, card=GkCard.BUILD_UP)
    with pytest.raises(PermissionRefused):
        gk_pick_choose(fixture=fixture, actor=away, side=Side.HOME, card=GkCard.BUILD_UP)
    gk_pick_choose(fixture=fixture, actor=home, side=Side.HOME, card=GkCard.COUNTERATTACK)
    view = match_day_view(user=away, fixture=fixture)
    assert view.sides[1].gk.other is GkCard.COUNTERATTACK
    assert GkCard.COUNTERATTACK not in view.sides[1].gk.choices
    assert match_day_view(user=home, fixture=fixture).sides[0].gk.choices == ()
    with pytest.raises(Mn11Error, match="taken by Home"):
        gk_pick_choose(fixture=fixture, actor=away, side=Side.AWAY, card=GkCard.COUNTERATTACK)
    assert MatchDay.objects.get(fixture=fixture).gk_away == ""
    gk_pick_choose(fixture=fixture, actor=away, side=Side.AWAY, card=GkCard.BUILD_UP)
    assert (
        match_day_view(user=world.outsider, fixture=fixture).sides[0].gk.out is GkCard.DEFENCE_COVER
    )


def test_line_ups_are_sealed_until_both_are_in_and_only_the_teams_coach_sets_one():
    """E-S3: 11 cards with the GK card; the other coach sees it once both are in."""
    world = mn11_world()
    fixture = world.fixture()
    home, away = _ready(world, fixture)
    with pytest.raises(PermissionRefused):
        lineup_submit(fixture=fixture, actor=away, side=Side.HOME, cards=HOME_CARDS)
    lineup_submit(fixture=fixture, actor=home, side=Side.HOME, cards=HOME_CARDS)
    assert match_day_view(user=home, fixture=fixture).sides[0].lineup == HOME_CARDS
    assert match_day_view(user=away, fixture=fixture).sides[0].lineup is None
    assert match_day_view(user=away, fixture=fixture).sides[0].lineup_in
    lineup_submit(fixture=fixture, actor=away, side=Side.AWAY, cards=AWAY_CARDS)
    assert match_day_view(user=away, fixture=fixture).sides[0].lineup == HOME_CARDS
    assert match_day_view(user=world.outsider, fixture=fixture).sides[1].lineup == AWAY_CARDS


def test_a_bad_line_up_is_refused_and_nothing_is_stored():
    """E-S3: 11 distinct cards of the team's own, its GK card and no other."""
    world = mn11_world()
    fixture = world.fixture()
    home, _ = _ready(world, fixture)
    for cards, message in (
        (HOME_CARDS[:10], "not 10"),
        (["gk-build-up", *HOME_CARDS[1:]], "Defence Cover"),
        ([*HOME_CARDS[:10], "away-base-1"], "Not cards the team may field: away-base-1 "),
    ):
        with pytest.raises(Mn11Error, match=message):
            lineup_submit(fixture=fixture, actor=home, side=Side.HOME, cards=cards)
    assert not Lineup.objects.exists()


def test_a_card_sent_off_misses_the_next_match_with_the_suspension_setting():
    """E-D3 (setting on): the line-up refuses a card sent off in the team's previous match."""
    world = mn11_world(rounds=2, sent_off_suspension=True)
    first, second = world.fixture(1), world.fixture(2)
    sent = raw_report(
        events=[
            *raw_report()["events"],
            var("home", 2, 3, "penalty_kick", warning=True),
            var("home", 2, 3, "penalty_kick", warning=True),
            send_off("away", 2, "base-05"),
        ]
    )
    play(first, world.commissioner, **sent)
    # The team sent off is Away in round 1 and Home in round 2: its Star Player is suspended.
    team = first.away_team
    assert second.home_team == team
    coach = world.coach_of(team)
    gk_pick_choose(fixture=second, actor=coach, side=Side.HOME, card=GkCard.DEFENCE_COVER)
    cards = ["gk-defence-cover", *[f"home-{n}" for n in range(1, 10)]]
    with pytest.raises(Mn11Error, match=r"Suspended for this match .*: base-05"):
        lineup_submit(fixture=second, actor=coach, side=Side.HOME, cards=[*cards, "base-05"])
    lineup_submit(fixture=second, actor=coach, side=Side.HOME, cards=[*cards, "base-06"])


def test_the_coachs_to_do_list_says_what_waits():
    """E-S1, E-S3, E-R1: the Away set, the GK pick in turn, the line-up, the report."""
    world = mn11_world()
    fixture = world.fixture()
    away = world.coach_of(fixture.away_team)
    home = world.coach_of(fixture.home_team)
    kinds = {t.kind for entry in coach_teams(user=away) for t in entry.todos}
    assert kinds == {"away_set", "lineup", "report"}
    assert {t.kind for entry in coach_teams(user=home) for t in entry.todos} == {
        "gk_pick",
        "lineup",
        "report",
    }
    gk_pick_choose(fixture=fixture, actor=home, side=Side.HOME, card=GkCard.BUILD_UP)
    assert "gk_pick" in {t.kind for entry in coach_teams(user=away) for t in entry.todos}


def test_match_day_is_closed_once_played():
    world = mn11_world()
    fixture = world.fixture()
    play(fixture, world.commissioner)
    with pytest.raises(Mn11Error, match="has been played"):
        away_set_choose(fixture=fixture, actor=world.commissioner, away_set=AwaySet.BASE)
