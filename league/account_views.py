"""The sign-in pages where a person sets a password: through an invitation or reset link,
or by changing it. Django's views, with forms whose save goes through the audited service."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib.auth import forms as auth_forms
from django.contrib.auth import views as auth_views
from django.contrib.auth.models import User

from league.people import user_password_set

if TYPE_CHECKING:  # generic in the stubs only: Django's class takes no [User] at run time
    _SetPasswordForm = auth_forms.SetPasswordForm[User]
else:
    _SetPasswordForm = auth_forms.SetPasswordForm


class SetPasswordForm(_SetPasswordForm):
    def save(self, commit: bool = True) -> Any:
        # Whoever holds a valid link acts as the account's owner.
        user: User = self.user
        return user_password_set(user=user, password=self.cleaned_data["new_password1"], actor=user)


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    def save(self, commit: bool = True) -> Any:
        user: User = self.user
        return user_password_set(user=user, password=self.cleaned_data["new_password1"], actor=user)


class PasswordSetView(auth_views.PasswordResetConfirmView):
    form_class = SetPasswordForm


class PasswordChangeView(auth_views.PasswordChangeView):
    form_class = PasswordChangeForm
