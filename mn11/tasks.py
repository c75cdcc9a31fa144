"""Magic Number Eleven's Celery tasks: the draft's deadlines (E-S2), swept by Celery beat
(config/settings.py's CELERY_BEAT_SCHEDULE) so the board moves on with nobody present."""

from __future__ import annotations

from celery import shared_task

from mn11.services import drafts_catch_up


@shared_task(ignore_result=True)
def draft_deadlines() -> str:
    """Draw every missed pick of a running draft with automatic picks on; safe to run twice
    or at once (each draft is locked while its picks are drawn)."""
    drawn = drafts_catch_up()
    return f"{drawn} automatic pick{'' if drawn == 1 else 's'}"
