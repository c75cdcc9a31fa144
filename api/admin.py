"""Admin for API tokens: a commissioner makes tokens for himself (an administrator for anyone;
the key is shown once, in the message after saving) and revokes those of his leagues'
coaches; keys are never stored."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpRequest

from api.tokens import api_token_create, api_token_revoke, users_whose_tokens
from league.admin.base import adopt
from league.errors import DomainError
from league.models import ApiToken


class ApiTokenAddForm(forms.ModelForm[ApiToken]):
    class Meta:
        model = ApiToken
        fields = ["user", "name"]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin[ApiToken]):
    list_display = (
        "name",
        "user",
        "prefix",
        "created_by",
        "created_at",
        "last_used_at",
        "revoked_at",
    )
    list_filter = ("revoked_at",)
    search_fields = ("name", "user__username", "prefix")
    readonly_fields = (
        "user",
        "name",
        "prefix",
        "created_by",
        "created_at",
        "last_used_at",
        "revoked_at",
    )
    actions = ["revoke"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[ApiToken]:
        user = request.user
        assert isinstance(user, User)
        return super().get_queryset(request).filter(user__in=users_whose_tokens(actor=user))

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        if obj is None:
            kwargs["form"] = ApiTokenAddForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return self.readonly_fields if obj is not None else ()

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "user":
            # A token acts with all its owner's rights: one makes tokens for oneself only
            # (api_token_create refuses the rest); an administrator for anyone.
            assert isinstance(request.user, User)  # the admin signs users in
            users = User.objects.order_by("username")
            if not request.user.is_superuser:
                users = users.filter(pk=request.user.pk)
            kwargs["queryset"] = users
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def _manages_tokens(self, request: HttpRequest) -> bool:
        """Administrators, and commissioners (for the coaches of their leagues)."""
        user = request.user
        return bool(
            user.is_active
            and user.is_staff
            and (user.is_superuser or user.commissioned_leagues.exists())
        )

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._manages_tokens(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._manages_tokens(request)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return self._manages_tokens(request)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Nothing of a token changes; the changelist's revoke action needs this on the list.
        return obj is None and self._manages_tokens(request)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # revoke instead: the audit log keeps which token acted

    def save_model(self, request: HttpRequest, obj: ApiToken, form: Any, change: bool) -> None:
        token, key = api_token_create(
            user=form.cleaned_data["user"], name=form.cleaned_data["name"], actor=request.user
        )
        adopt(obj, token)
        messages.warning(
            request, f"The key of “{token.name}” is {key} — copy it now, it is not shown again."
        )

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request: HttpRequest, queryset: QuerySet[ApiToken]) -> None:
        count = 0
        for token in queryset.filter(revoked_at__isnull=True):
            try:
                api_token_revoke(token=token, actor=request.user)
                count += 1
            except DomainError as error:
                messages.error(request, error.message)
        messages.success(request, f"{count} token(s) revoked.")
