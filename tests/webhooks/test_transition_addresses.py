"""IPv6 addresses that carry an IPv4 address are judged by it too (issue #44: [::127.0.0.1],
[64:ff9b::7f00:1] and [2002:7f00:1::] passed the webhook address check, and lead to this
machine), whether written in the URL or answered by DNS."""

from __future__ import annotations

import socket
from unittest import mock

import pytest

from league.webhooks.addresses import AddressRefused, target_resolve, url_problem

TO_THIS_MACHINE = [
    "::127.0.0.1",  # IPv4-compatible
    "::ffff:127.0.0.1",  # IPv4-mapped
    "64:ff9b::7f00:1",  # NAT64
    "64:ff9b::a00:1",  # NAT64 to 10.0.0.1
    "2002:7f00:1::",  # 6to4
    "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client 127.0.0.1
]
PUBLIC = ["2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]


@pytest.fixture(autouse=True)
def _public_only(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = False


@pytest.mark.parametrize("address", TO_THIS_MACHINE)
def test_a_url_naming_an_ipv6_form_of_a_private_ipv4_is_refused(address):
    assert "public internet" in url_problem(f"https://[{address}]:8443/hooks")


@pytest.mark.parametrize("address", TO_THIS_MACHINE)
def test_a_name_resolving_to_one_is_refused_at_delivery(address):
    answer = [(socket.AF_INET6, socket.SOCK_STREAM, 6, "", (address, 443, 0, 0))]
    with (
        mock.patch("league.webhooks.addresses.socket.getaddrinfo", return_value=answer),
        pytest.raises(AddressRefused, match="private or reserved"),
    ):
        target_resolve("https://hooks.example/in")


@pytest.mark.parametrize("address", PUBLIC)
def test_public_ones_pass(address):
    assert url_problem(f"https://[{address}]/hooks") == ""
