"""Magic Number Eleven's writes, one module per subject: the Star Player draft (draft), match
day's choices and line-ups (match_day) and match reports with their part of a result's
lifecycle (reports). Every write is named here, so callers import from ``mn11.services``;
the reads they check against are ``mn11.selectors``."""

from __future__ import annotations

from .draft import (
    DEFAULT_PICK_HOURS,
    MAX_PICK_HOURS,
    draft_catch_up,
    draft_pick,
    draft_start,
    drafts_catch_up,
)
from .match_day import AwaySetChosen, away_set_choose, gk_pick_choose, lineup_submit
from .reports import (
    MN11_RESULTS,
    Mn11Results,
    report_check,
    report_correct,
    report_record,
    report_void,
)

__all__ = [
    "DEFAULT_PICK_HOURS",
    "MAX_PICK_HOURS",
    "MN11_RESULTS",
    "AwaySetChosen",
    "Mn11Results",
    "away_set_choose",
    "draft_catch_up",
    "draft_pick",
    "draft_start",
    "drafts_catch_up",
    "gk_pick_choose",
    "lineup_submit",
    "report_check",
    "report_correct",
    "report_record",
    "report_void",
]
