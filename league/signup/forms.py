"""The sign-up pages' forms. They check what they are given; the services do the rest."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm, UsernameField
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.html import format_html

from league.models import Season
from league.services.teams import TEAM_COLOUR
from league.signup.models import SignupAccount


class SignUpForm(forms.Form):
    username = UsernameField(
        max_length=150,
        help_text="Letters, digits and @ . + - _ only; others see it beside your team.",
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    email = forms.EmailField(
        help_text="We send a link here to check it is yours.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password1 = forms.CharField(
        label="Password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label="Password again",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    #: A honeypot: hidden from people (and from screen readers), filled in by bots.
    website = forms.CharField(
        required=False,
        label="Leave this empty",
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    def clean_username(self) -> str:
        username: str = self.cleaned_data["username"]
        User.username_validator(username)
        # Whether it is taken is not said here (the page would tell anyone who has an
        # account): the service mails the address instead.
        return username

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        if cleaned.get("website"):
            raise ValidationError("Leave the last field empty to sign up.")
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", "The two passwords differ.")
        elif first:
            candidate = User(username=cleaned.get("username", ""), email=cleaned.get("email", ""))
            try:
                password_validation.validate_password(first, candidate)
            except ValidationError as weak:
                self.add_error("password1", weak)
        return cleaned


class SignInForm(AuthenticationForm):
    """Django's sign-in form, refusing an account whose email is not verified yet (django-axes
    has counted the attempt as it counts every other)."""

    def confirm_login_allowed(self, user: Any) -> None:
        super().confirm_login_allowed(user)
        account = SignupAccount.objects.filter(user=user).first()
        if account is not None and not account.verified:
            raise ValidationError(
                format_html(
                    "Verify your email first: open the link we sent to {}. "
                    '<a href="{}">Send a new link</a>.',
                    account.email,
                    reverse("signup-resend"),
                ),
                code="unverified",
            )


class ResendForm(forms.Form):
    email = forms.EmailField(
        help_text="The email you signed up with.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


class JoinRequestForm(forms.Form):
    """A coach's team for a season: its name, short name and colour. A game with creation
    choices of its own subclasses it (its ruleset's ``join_request_form``), names them in
    ``game_fields`` and returns them from ``choices()`` as JSON for the request to keep."""

    name = forms.CharField(
        label="Team name", max_length=60, help_text="As the tables and fixtures will show it."
    )
    short_name = forms.CharField(
        min_length=2,
        max_length=4,
        help_text="Two to four letters for tables, e.g. DET.",
        widget=forms.TextInput(attrs={"autocapitalize": "characters"}),
    )
    colour = forms.CharField(
        initial=TEAM_COLOUR,
        max_length=7,
        widget=forms.TextInput(attrs={"type": "color"}),
        help_text="The team's colour beside its name.",
    )

    game_fields: ClassVar[tuple[str, ...]] = ()

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.season = season

    def clean_short_name(self) -> str:
        short: str = self.cleaned_data["short_name"].strip().upper()
        if not short.isalnum():
            raise ValidationError("Use letters or digits only.")
        return short

    def clean_colour(self) -> str:
        colour: str = self.cleaned_data["colour"]
        if len(colour) != 7 or colour[0] != "#" or not _hex(colour[1:]):
            raise ValidationError("Use a colour like #1f6feb.")
        return colour

    def choices(self) -> dict[str, Any]:
        """The game's own choices of a valid form, as the request stores them."""
        return {name: self.cleaned_data.get(name) for name in self.game_fields}


def _hex(digits: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in digits)


class RefuseForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Sent to the coach who asked, and shown on his page.",
    )
