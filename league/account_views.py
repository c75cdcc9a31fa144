"""The sign-in pages where a person sets a password: through an invitation or reset link,
or by changing it. Django's views, with forms whose save goes through the audited service."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib.auth import forms as auth_forms
from django.contrib.auth import views as auth_views
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from league.services.people import user_password_set
from league.signup.throttle import account_mail_allowed, throttled_response

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


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset, throttled: per client address ("password_reset", the 429 page), and
    per email address ("account_mail": past its share the page answers the same and sends
    nothing; 30 resets for one address sent 30 mails). The answer never says whether the
    address has an account."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if (throttled := throttled_response(request, "password_reset")) is not None:
            return throttled
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: Any) -> HttpResponse:
        if not account_mail_allowed(email=form.cleaned_data["email"]):
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)
