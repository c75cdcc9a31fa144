"""The sign-up emails, sent by Django's mail (EMAIL_URL, docs/operations.md), each from a
plain-text template under templates/signup/email/. Services queue them with
``transaction.on_commit``: no email about something that was rolled back."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)


def email_send(*, to: Sequence[str], template: str, context: dict[str, Any]) -> bool:
    """Send the template's email (its first line the subject); False, logged, when the mail
    server refused it: the person can ask again (a new link) or read the status on his page."""
    recipients = [address for address in to if address]
    if not recipients:
        return False
    # Rendered without a request, so without the context processors: the name is given here.
    context = {"product_name": settings.PRODUCT_NAME, **context}
    subject, _, body = render_to_string(f"signup/email/{template}.txt", context).partition("\n")
    try:
        send_mail(subject.strip(), body.strip() + "\n", None, recipients)
    except Exception:  # an SMTP error of any kind: the change it reports stands
        logger.exception("sign-up email %s to %s not sent", template, ", ".join(recipients))
        return False
    return True
