"""Admin for people: a commissioner lists the people of his leagues (their commissioners,
coaches and those invited to them) and invites a coach or a fellow commissioner through the
audited service (league/services/people.py). The set-password link is shown once, to the inviter, in
the message after the invitation; no account's page shows it. Changing accounts stays with
administrators (and whoever holds the auth permissions)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.timesince import timeuntil

from league.admin.base import adopt
from league.admin.messages_once import SaysOnce
from league.admin.scoping import commissioned_league_ids, commissions_any_league, scope_to_leagues
from league.errors import DomainError
from league.models import Invitation, League
from league.roles import COMMISSIONERS_GROUP
from league.services.people import SetPasswordLink, user_invite, user_invite_link_renew


def link_message(request: HttpRequest, link: SetPasswordLink) -> str:
    """The one place a set-password link is shown: a message to whoever made it."""
    url = request.build_absolute_uri(
        reverse("password_reset_confirm", kwargs={"uidb64": link.uidb64, "token": link.token})
    )
    expires = date_format(timezone.localtime(link.expires_at), "DATETIME_FORMAT")
    return format_html(
        'Send {} this link to choose a password: <a href="{}">{}</a> — it is shown only now. '
        "It works once, until {} (in {}); after that, make a new one from the list of users.",
        link.user.get_username(),
        url,
        url,
        expires,
        timeuntil(link.expires_at),
    )


class UserInviteForm(forms.ModelForm[User]):
    """A new coach or commissioner without a password: they choose one through the link the
    admin shows after saving. Saved by ``user_invite``, never by this form."""

    commissioner = forms.BooleanField(
        required=False,
        label="Commissioner (admin access)",
        help_text=f"Staff access to this admin, as a member of the “{COMMISSIONERS_GROUP}” "
        "group. Then add them to their league's commissioners. Leave unticked for a coach, "
        "who signs in to the league's pages only.",
    )
    league = forms.ModelChoiceField(
        queryset=League.objects.none(),
        help_text="The league you invite them to: its commissioners see the account.",
    )

    class Meta:
        model = User
        fields = ("username", "email", "first_name", "last_name")
        help_texts = {"email": "Where to send the set-password link (you send it yourself)."}


def invite_form_for(request: HttpRequest) -> type[UserInviteForm]:
    """The invite form offering the user's leagues (an administrator may choose none)."""
    leagues = scope_to_leagues(League.objects.order_by("name"), request, "pk")
    field = forms.ModelChoiceField(
        queryset=leagues,
        required=not request.user.is_superuser,
        help_text=UserInviteForm.base_fields["league"].help_text,
    )
    return type("UserInviteForm", (UserInviteForm,), {"league": field})


def people_of_leagues(request: HttpRequest) -> QuerySet[User]:
    """The commissioners, coaches and invitees of the user's leagues."""
    leagues = commissioned_league_ids(request)
    return User.objects.filter(
        Q(commissioned_leagues__in=leagues)
        | Q(coached_teams__league__in=leagues)
        | Q(invitation__league__in=leagues)
    )


admin.site.unregister(User)


@admin.register(User)
class UserAdmin(SaysOnce, DjangoUserAdmin[User]):
    add_form = UserInviteForm
    add_fieldsets = (
        (
            None,
            {
                "fields": (
                    "username",
                    "email",
                    "first_name",
                    "last_name",
                    "league",
                    "commissioner",
                ),
                "description": "The new account has no password: after saving you get a "
                "link where they choose one, shown once. Send it to them.",
            },
        ),
    )
    list_display = (
        "username",
        "email",
        "first_name",
        "last_name",
        "role",
        "is_staff",
        "last_login",
    )
    list_filter = ("is_staff", "is_superuser", "is_active", "groups")
    actions = ["renew_set_password_link"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[User]:
        queryset = (
            super()
            .get_queryset(request)
            .select_related("invitation__league")
            .prefetch_related("commissioned_leagues", "coached_teams")
        )
        return self.scope(queryset, request)

    def scope(self, queryset: QuerySet[User], request: HttpRequest) -> QuerySet[User]:
        if request.user.is_superuser or request.user.has_perm("auth.view_user"):
            return queryset
        return queryset.filter(pk__in=people_of_leagues(request).values("pk"))

    def _commissioner(self, request: HttpRequest) -> bool:
        return bool(request.user.is_staff) and commissions_any_league(request)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return super().has_module_permission(request) or self._commissioner(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_view_permission(request, obj) or self._commissioner(request)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return super().has_add_permission(request) or self._commissioner(request)

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if self.has_change_permission(request) or not self._commissioner(request):
            return super().add_view(request, form_url, extra_context)
        # Django's user admin lets only those who may change users add one, lest they make a
        # superuser; the invite form has no permission fields, so a commissioner may invite.
        # The plain ModelAdmin page serves it (with CSRF protection and a transaction).
        username = User._meta.get_field(User.USERNAME_FIELD)
        context = {
            "auto_populated_fields": (),
            "username_help_text": getattr(username, "help_text", ""),
            **(extra_context or {}),
        }
        return admin.ModelAdmin.add_view(self, request, form_url, context)

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        if obj is None:
            kwargs["form"] = invite_form_for(request)
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None or self.has_change_permission(request, obj):
            return super().get_fieldsets(request, obj)
        # A commissioner reads who someone is, not their permissions.
        return (
            (None, {"fields": ("username", "first_name", "last_name", "email")}),
            ("Access", {"fields": ("is_staff", "is_active", "last_login", "date_joined")}),
        )

    def save_model(self, request: HttpRequest, obj: User, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        data = form.cleaned_data
        link = user_invite(
            username=data["username"],
            email=data["email"],
            first_name=data["first_name"],
            last_name=data["last_name"],
            league=data.get("league"),
            commissioner=bool(data.get("commissioner")),
            actor=request.user,
        )
        adopt(obj, link.user)
        self.message_user(request, link_message(request, link), messages.SUCCESS)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        if change:
            super().save_related(request, form, formsets, change)
        # An invitation's groups were set by user_invite.

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        extra_context = dict(extra_context or {})
        user = self.get_object(request, unquote(object_id))
        if user is not None and not user.has_usable_password():
            extra_context["panels"] = [("Password", self.no_password_text(user))]
        return super().change_view(request, object_id, form_url, extra_context)

    def no_password_text(self, user: User) -> str:
        invitation = Invitation.objects.filter(user=user).select_related("invited_by").first()
        invited = (
            format_html(
                " They were invited by {} on {}.",
                invitation.invited_by or "the server",
                date_format(timezone.localtime(invitation.created_at), "DATETIME_FORMAT"),
            )
            if invitation
            else ""
        )
        return format_html(
            '<p class="help">{} has not chosen a password yet.{} Their set-password link was '
            "shown once, to whoever made it, and works until they use it or for {}. "
            "Whoever invited them (or an administrator) can make a new one with the action "
            "“Make a new set-password link” on the list of users.</p>",
            user.get_username(),
            invited,
            self.link_lifetime(),
        )

    @staticmethod
    def link_lifetime() -> str:
        """PASSWORD_RESET_TIMEOUT in words, e.g. "3 days"."""
        now = timezone.now()
        return timeuntil(now + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT), now)

    @admin.display(description="Role")
    def role(self, obj: User) -> str:
        parts = [f"Commissioner of {league}" for league in obj.commissioned_leagues.all()]
        parts += [f"Coach of {team}" for team in obj.coached_teams.all()]
        invitation = getattr(obj, "invitation", None)
        if not parts and invitation is not None and invitation.league is not None:
            parts.append(f"Invited to {invitation.league}")
        return "; ".join(parts) or "—"

    @admin.action(description="Make a new set-password link")
    def renew_set_password_link(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        for user in queryset:
            try:
                link = user_invite_link_renew(user=user, actor=request.user)
            except DomainError as error:
                self.message_user(request, error.message, messages.ERROR)
            else:
                self.message_user(request, link_message(request, link), messages.SUCCESS)
