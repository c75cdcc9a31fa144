"""Secrets a URL carries, kept out of what others read (issue #44: a coach's webhook URL with
its query-string key was shown to his commissioner and copied into the league's export by
the audit log). A redacted URL keeps its scheme, host, port and path; its user name and
password, query string and fragment become "…"."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit, urlunsplit

HIDDEN = "…"
#: An http(s) URL inside a text, up to the next space or quote.
_URL = re.compile(r"https?://[^\s\"'<>]+")


def url_redacted(url: str) -> str:
    """`url` without its user name, password, query string and fragment (each shown as …)."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return HIDDEN  # not a URL we can read: shown as nothing
    if ":" in host:
        host = f"[{host}]"
    netloc = (f"{HIDDEN}@" if parts.username or parts.password else "") + host
    if port is not None:
        netloc += f":{port}"
    return urlunsplit(
        (
            parts.scheme,
            netloc,
            parts.path,
            HIDDEN if parts.query else "",
            HIDDEN if parts.fragment else "",
        )
    )


def urls_redacted_in(value: Any) -> Any:
    """`value` (a text, or JSON of lists and objects) with every URL in its texts redacted."""
    if isinstance(value, str):
        return _URL.sub(lambda found: url_redacted(found.group()), value)
    if isinstance(value, list):
        return [urls_redacted_in(item) for item in value]
    if isinstance(value, dict):
        return {key: urls_redacted_in(item) for key, item in value.items()}
    return value
