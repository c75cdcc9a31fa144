"""Make an API token for a user from the command line and print its key (shown once): a
script's token without the web page, e.g. for the demo's coaches (docs/api.md)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.tokens import api_token_create
from league.errors import DomainError


class Command(BaseCommand):
    help = "Make an API token for USERNAME and print its key (it is never shown again)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="script", help="What the token is for.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            user = User.objects.get(username=options["username"], is_active=True)
        except User.DoesNotExist:
            raise CommandError(f"No active user {options['username']!r}.") from None
        try:
            _, key = api_token_create(user=user, name=options["name"], actor=None)
        except DomainError as error:
            raise CommandError(error.message) from None
        self.stdout.write(key)
