"""The match centre's key moments (games/selectors/match_moments.py): every goal with the
score after it, every Incapacitation, and only the saves made while the score was level or
one apart; each line says its half once."""

from __future__ import annotations

from games.models import MatchEvent
from games.selectors import event_lines

HOME, AWAY = 1, 2


def _event(kind: str, team: int | None, text: str, half: int = 1) -> MatchEvent:
    return MatchEvent(kind=kind, team_id=team, text=text, half=half, data={})


def test_goals_incapacitations_and_close_saves_are_key_moments_and_the_rest_not():
    lines = event_lines(
        [
            _event("possession", HOME, "half 1: Ada wins the face-off"),
            _event("save", AWAY, "Gus saves"),  # 0-0: mattered
            _event("goal", HOME, "Ada scores: 2 point(s)"),
            _event("save", AWAY, "Gus saves"),  # 2-0: did not
            _event("hurt", AWAY, "Bo is hurt"),
            _event("incapacitated", AWAY, "Cy is incapacitated"),
            _event("goal", AWAY, "Dee scores: 1 point(s)", half=2),
            _event("save", HOME, "Hal saves", half=2),  # 2-1: mattered
        ],
        home_team_id=HOME,
    )

    assert [line.moment for line in lines] == [
        "",
        "Save at 0–0",
        "Goal · 2–0",
        "",
        "",
        "Incapacitated",
        "Goal · 2–1",
        "Save at 2–1",
    ]


def test_a_line_names_its_half_once():
    first, end, overtime = event_lines(
        [
            _event("possession", HOME, "half 1: Ada wins the face-off"),
            _event("half_end", None, "half 1 ends with no goal"),
            _event("goal", HOME, "Ada scores: 1 point(s)", half=3),
        ],
        home_team_id=HOME,
    )

    assert (first.text, first.caption) == ("Ada wins the face-off", "Half 1: Ada wins the face-off")
    assert end.caption == "Half 1 ends with no goal"
    assert overtime.caption == "Overtime: Ada scores: 1 point(s)"
