"""E-R1, E-S3, E-D3: every card a report names was on that side's pitch: its sealed
line-up (a shootout kicker may be its GK card), not suspended, not sent off earlier; a GK
skill once a half; and the messages' English (issue #46)."""

from __future__ import annotations

from rules.mn11 import (
    GkCard,
    GkSkill,
    Goal,
    MatchReport,
    Mn11Settings,
    SendOff,
    ShootoutKick,
    Side,
    SideCards,
    VarCard,
    VarDecision,
    article,
    counted,
    possessive,
    report_errors,
)

HOME, AWAY = Side.HOME, Side.AWAY
ON = Mn11Settings()
CARDS = {
    HOME: SideCards(
        cards=frozenset({"home-1", "home-2", "base-01"}),
        gk="gk-build-up",
        team="Rhine Rockets",
    ),
    AWAY: SideCards(
        cards=frozenset({"away-base-1", "away-base-2", "base-04"}),
        gk="gk-counterattack",
        suspended=frozenset({"base-04"}),
        team="Basque Buzz",
        lineup=False,
    ),
}


def messages(*events, home=0, away=0, shootout=(), settings=ON) -> dict[str, str]:
    report = MatchReport(
        home_score=home,
        away_score=away,
        events=events,
        shootout=shootout,
        gk_home=GkCard.BUILD_UP,
        gk_away=GkCard.COUNTERATTACK,
    )
    found = report_errors(report, settings=settings, cards=CARDS)
    return {error.field: f"{error.message} ({error.rule})" for error in found}


def test_a_scorer_is_a_card_of_its_sides_line_up() -> None:
    found = messages(Goal(HOME, 1, "base-04"), Goal(AWAY, 2, "home-1"), home=1, away=1)
    assert found == {
        "events[0].card": "base-04 is not in Rhine Rockets' line-up: only a card on the pitch "
        "scores. (E-R1)",
        "events[1].card": "home-1 is not one of Basque Buzz's cards (its set and its Star "
        "Players): only a card on the pitch scores. (E-R1)",
    }
    assert messages(Goal(HOME, 1, "base-01"), home=1) == {}


def test_a_suspended_card_neither_scores_nor_is_sent_off() -> None:
    found = messages(Goal(AWAY, 1, "base-04"), away=1)
    assert found == {
        "events[0].card": "base-04 is suspended for this match (sent off in Basque Buzz's "
        "last) and does not play. (E-D3)"
    }


def test_a_sent_off_card_is_one_of_the_warned_sides_cards() -> None:
    twice = (
        VarDecision(HOME, 1, 4, VarCard.PENALTY_KICK, warning=True, warned="away-base-1"),
        VarDecision(HOME, 1, 3, VarCard.PENALTY_KICK, warning=True, warned="base-01"),
    )
    found = messages(*twice, SendOff(AWAY, 1, "base-01"))
    assert found == {
        "events[1].warned": "base-01 is not one of Basque Buzz's cards (its set and its Star "
        "Players): only a card on the pitch is warned. (E-R1)",
        "events[2].card": "base-01 is not one of Basque Buzz's cards (its set and its Star "
        "Players): only a card on the pitch is sent off. (E-R1)",
    }
    assert messages(*twice[:1], VarDecision(HOME, 1, 3, VarCard.PENALTY_KICK, warning=True),
                    SendOff(AWAY, 1, "away-base-2")) == {}  # fmt: skip


def test_a_warned_card_needs_a_warning() -> None:
    found = messages(VarDecision(HOME, 1, 1, VarCard.FREE_KICK, warned="away-base-1"))
    assert found == {
        "events[0].warned": "Only a Warning has a warned card: this decision gave none. (E-D2)"
    }


def test_a_kicker_is_on_the_pitch_and_may_be_the_gk_card_but_not_a_card_sent_off() -> None:
    kicks = (
        ShootoutKick(HOME, True, "gk-build-up"),
        ShootoutKick(AWAY, False, "gk-build-up"),
        ShootoutKick(HOME, True, "home-2"),
        ShootoutKick(AWAY, False, "away-base-1"),
        ShootoutKick(HOME, True, "home-1"),
        ShootoutKick(AWAY, False),
    )
    red = (
        VarDecision(AWAY, 1, 4, VarCard.PENALTY_KICK, warning=True),
        VarDecision(AWAY, 2, 5, VarCard.PENALTY_KICK, warning=True),
        SendOff(HOME, 2, "home-2"),
    )
    found = messages(*red, shootout=kicks, settings=Mn11Settings(shootout_league=True))
    assert found == {
        "shootout[1].card": "gk-build-up is not one of Basque Buzz's cards (its set and its "
        "Star Players): only a card on the pitch takes a kick. (E-R1)",
        "shootout[2].card": "home-2 was sent off and plays no more. (E-D3)",
    }


def test_a_gk_card_never_scores_nor_is_sent_off() -> None:
    assert messages(Goal(HOME, 1, "gk-build-up"), home=1) == {
        "events[0].card": "gk-build-up is a GK card, never on the field: it never scores. (E-S3)"
    }
    red = (
        VarDecision(AWAY, 1, 4, VarCard.PENALTY_KICK, warning=True),
        VarDecision(AWAY, 2, 5, VarCard.PENALTY_KICK, warning=True),
        SendOff(HOME, 2, "gk-build-up"),
    )
    assert messages(*red) == {
        "events[2].card": "gk-build-up is a GK card, never on the field: it is never sent off. "
        "(E-S3)"
    }


def test_e_s3_a_gk_skill_is_used_once_a_half() -> None:
    found = messages(GkSkill(HOME, 1), GkSkill(AWAY, 1), GkSkill(HOME, 2), GkSkill(HOME, 2))
    assert found == {
        "events[3]": "Rhine Rockets' GK skill is used once a half: it was used in this half "
        "already. (E-S3)"
    }
    off = report_errors(
        MatchReport(home_score=0, away_score=0, events=(GkSkill(HOME, 1),)),
        settings=Mn11Settings(gk_expansion=False),
    )
    assert [error.message for error in off] == [
        "This league plays without GK cards: there is no GK skill."
    ]


def test_messages_speak_english() -> None:
    assert (possessive("Rhine Rockets"), possessive("Home"), possessive("Lions")) == (
        "Rhine Rockets'",
        "Home's",
        "Lions'",
    )
    assert (article("Away"), article("Home"), article("open play")) == (
        "an Away",
        "a Home",
        "an open play",
    )
    assert (counted(1, "Warning"), counted(2, "Warning")) == ("1 Warning", "2 Warnings")
    found = messages(
        VarDecision(HOME, 1, 4, VarCard.PENALTY_KICK, warning=True),
        VarDecision(HOME, 1, 3, VarCard.PENALTY_KICK, warning=True),
        SendOff(HOME, 2, "home-1"),
    )
    assert found == {
        "events[1].warning": "A second or further Warning sends off an Away Player Card: "
        "record which. (E-D3)",
        "events[2]": "Rhine Rockets has had 0 Warnings: a card is sent off only for a second "
        "or further Warning, one card each. (E-D3)",
    }
