"""Where a delivery may go: http or https only, and (unless ``WEBHOOKS_ALLOW_PRIVATE``)
only to public addresses. The host is resolved once, every address it resolves to is
checked, and the connection is made to a checked address, so a name that resolves to a
public address when checked and a private one when connecting (DNS rebinding) gains
nothing."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

SCHEMES = ("http", "https")


class AddressRefused(Exception):
    """The URL may not be delivered to; the message says why, in plain words."""


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str  # as the URL names it: the Host header and the TLS name
    port: int
    path: str  # with its query
    address: str  # the checked address to connect to


def address_public(address: IPAddress) -> bool:
    """Whether `address` is on the public internet: not private, loopback, link-local,
    shared, reserved, multicast or unspecified (an IPv4-mapped IPv6 address is judged as
    the IPv4 address it carries)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not address.is_multicast


def url_problem(url: str) -> str:
    """Why `url` cannot be subscribed, or "": checked without a DNS lookup (a name is
    checked again, resolved, at every delivery)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (a malformed port raises)
    except ValueError:
        return "This is not a valid URL."
    if parts.scheme not in SCHEMES:
        return "The URL must start with http:// or https://."
    if not parts.hostname:
        return "The URL needs a host name."
    if parts.username or parts.password:
        return "Leave user names and passwords out of the URL; verify the signature instead."
    if settings.WEBHOOKS_ALLOW_PRIVATE:
        return ""
    try:
        literal = ipaddress.ip_address(parts.hostname)
    except ValueError:
        if parts.hostname == "localhost" or parts.hostname.endswith((".localhost", ".local")):
            return "The URL must be on the public internet, not this machine or its network."
        return ""
    if not address_public(literal):
        return "The URL must be on the public internet, not a private or reserved address."
    return ""


def target_resolve(url: str) -> Target:
    """The URL's host resolved and checked; raises AddressRefused saying why not."""
    if problem := url_problem(url):
        raise AddressRefused(problem)
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError) as error:
        raise AddressRefused(f"The host {host} could not be found ({error}).") from None
    addresses = list(dict.fromkeys(ipaddress.ip_address(info[4][0]) for info in found))
    if not addresses:
        raise AddressRefused(f"The host {host} has no address.")
    if not settings.WEBHOOKS_ALLOW_PRIVATE:
        refused = [str(address) for address in addresses if not address_public(address)]
        if refused:
            raise AddressRefused(
                f"{host} resolves to {', '.join(refused)}: a private or reserved address "
                "is not delivered to."
            )
    path = parts.path or "/"
    if parts.query:
        path = f"{path}?{parts.query}"
    return Target(parts.scheme, host, port, path, str(addresses[0]))
