"""The verification link's token: the account and the email it was sent to, signed with the
site's secret and a salt of its own (django.core.signing), valid SIGNUP_VERIFY_HOURS. Opening
it once verifies the account; opened again it finds the account verified and says so."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core import signing

SALT = "league.signup.verify-email"


@dataclass(frozen=True)
class LinkRead:
    """What a token says: the account and email it names (None when it was not ours or was
    altered), and whether it is past its time."""

    account_id: int | None
    email: str = ""
    expired: bool = False


def verification_token(*, account_id: int, email: str) -> str:
    return signing.dumps({"a": account_id, "e": email}, salt=SALT, compress=True)


def verification_read(token: str) -> LinkRead:
    max_age = settings.SIGNUP_VERIFY_HOURS * 3600
    try:
        return _named(signing.loads(token, salt=SALT, max_age=max_age))
    except signing.SignatureExpired:
        # Still signed by us: whose it was tells the page where to send a new one.
        read = _named(signing.loads(token, salt=SALT))
        return LinkRead(read.account_id, read.email, expired=True)
    except signing.BadSignature:
        return LinkRead(None)


def _named(payload: Any) -> LinkRead:
    if not isinstance(payload, dict) or not isinstance(payload.get("a"), int):
        return LinkRead(None)
    return LinkRead(payload["a"], str(payload.get("e", "")))
