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


#: IPv6 ranges that carry an IPv4 address in their last 32 bits and reach it: IPv4-compatible
#: (deprecated, ::a.b.c.d) and NAT64's well-known prefix (RFC 6052).
_CARRIES_IPV4 = (ipaddress.IPv6Network("::/96"), ipaddress.IPv6Network("64:ff9b::/96"))


def carried_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries and leads to: mapped (::ffff:a.b.c.d),
    compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:AABB:CCDD::) and Teredo's
    server and client."""
    carried = [mapped] if (mapped := address.ipv4_mapped) is not None else []
    if any(address in network for network in _CARRIES_IPV4) and int(address) > 1:
        carried.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    if address.sixtofour is not None:
        carried.append(address.sixtofour)
    if address.teredo is not None:
        carried.extend(address.teredo)
    return carried


def address_public(address: IPAddress) -> bool:
    """Whether `address` is on the public internet: not private, loopback, link-local,
    shared, reserved, multicast or unspecified. An IPv6 address that carries an IPv4 address
    (mapped, compatible, NAT64, 6to4, Teredo) is judged by that one too: [::127.0.0.1],
    [64:ff9b::7f00:1] and [2002:7f00:1::] lead to this machine."""
    if isinstance(address, ipaddress.IPv6Address):
        carried = carried_ipv4(address)
        if address.ipv4_mapped is not None:
            return all(address_public(ipv4) for ipv4 in carried)
        if carried and not all(address_public(ipv4) for ipv4 in carried):
            return False
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
