"""The odds' and power ranking's template filters, and what the rating chart draws."""

from __future__ import annotations

from typing import Any

from django import template

from league.models import Team
from league.odds.selectors import RatingHistory
from rules.ratings import INITIAL_RATING

register = template.Library()

#: The chart's drawing box (the SVG scales to its container's width).
WIDTH, HEIGHT, PAD = 320, 120, 8


@register.filter
def percent(value: float | str | None) -> str:
    """A chance in plain figures: "100%", "<1%", "0%", "37%", ">99%"; "-" for none yet."""
    if value is None or isinstance(value, str):
        return "–"
    if value >= 1:
        return "100%"
    if value <= 0:
        return "0%"
    if value < 0.005:
        return "<1%"
    if value > 0.995:
        return ">99%"
    return f"{value:.0%}"


@register.filter
def bar_width(value: float | str | None) -> str:
    """A chance as a CSS width, "37.2%"."""
    chance = value if isinstance(value, float | int) else 0.0
    return f"{max(0.0, min(1.0, chance)) * 100:.1f}%"


def rating_chart_context(history: RatingHistory | None, team: Team) -> dict[str, Any]:
    """What the rating chart (an SVG, league/odds_rating_chart.svg) draws: the line of the
    team's rating after each game from the start, the 1500 line, the scale."""
    if history is None:
        return {"history": None, "team": team, "width": WIDTH, "height": HEIGHT}
    values = [INITIAL_RATING, *(point.rating for point in history.points)]
    low, high = min(values), max(values)
    spread = max(high - low, 20.0)
    low, high = (low + high) / 2 - spread / 2 - 5, (low + high) / 2 + spread / 2 + 5

    def y(value: float) -> float:
        return round(PAD + (high - value) / (high - low) * (HEIGHT - 2 * PAD), 1)

    step = (WIDTH - 2 * PAD) / max(len(values) - 1, 1)
    points = " ".join(f"{round(PAD + i * step, 1)},{y(v)}" for i, v in enumerate(values))
    return {
        "history": history,
        "team": team,
        "width": WIDTH,
        "height": HEIGHT,
        "points": points,
        "baseline": y(INITIAL_RATING),
        "initial": int(INITIAL_RATING),
        "high": round(high),
        "low": round(low),
        "last": values[-1],
    }
