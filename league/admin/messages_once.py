"""Admin messages said once (issue #17): when our save has already told the user what
happened (a service's refusal, an invitation's link), Django's own "… was changed
successfully." would repeat it, or contradict it, so it is dropped."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest


def said_already(request: HttpRequest) -> bool:
    """Whether this request has queued a message of its own yet."""
    storage = getattr(request, "_messages", None)
    return bool(getattr(storage, "_queued_messages", ()))


class SaysOnce:
    """For a ModelAdmin: Django's success message only when nothing was said before it."""

    def message_user(
        self,
        request: HttpRequest,
        message: Any,
        level: int | str = messages.INFO,
        extra_tags: str = "",
        fail_silently: bool = False,
    ) -> None:
        if level == messages.SUCCESS and said_already(request):
            return
        super().message_user(request, message, level, extra_tags, fail_silently)  # type: ignore[misc]
