"""Magic Number Eleven's reads, one module per subject: what its fixture, team and
discipline pages show (pages) and the web report form's page (report_page). Every public
read is named here, so callers import from ``mn11.selectors``."""

from __future__ import annotations

from .pages import discipline_page, event_text, fixture_page, match_day_fragment, team_page
from .report_page import (
    CardChoices,
    card_choices,
    fraction_text,
    odds_line,
    odds_table,
    report_form,
    stored_report,
)

__all__ = [
    "CardChoices",
    "card_choices",
    "discipline_page",
    "event_text",
    "fixture_page",
    "fraction_text",
    "match_day_fragment",
    "odds_line",
    "odds_table",
    "report_form",
    "stored_report",
    "team_page",
]
