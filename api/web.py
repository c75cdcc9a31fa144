"""The account page where a signed-in user makes and revokes their API tokens."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from api.tokens import api_token_create, api_token_revoke
from league.errors import DomainError
from league.models import ApiToken


class TokenCreateForm(forms.Form):
    name = forms.CharField(max_length=60, help_text="What the token is for, e.g. “results bot”.")


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request: HttpRequest) -> HttpResponse:
    """List the user's tokens; POST ``name`` makes one (its key shown on this response only),
    POST ``revoke`` (a token id) revokes one."""
    user = request.user
    assert user.is_authenticated  # login_required
    form = TokenCreateForm()
    new_key = None
    if request.method == "POST" and "revoke" in request.POST:
        token = get_object_or_404(ApiToken, pk=request.POST.get("revoke", ""), user=user)
        api_token_revoke(token=token, actor=user)
        messages.success(request, f"Token “{token.name}” revoked: its key no longer works.")
        return HttpResponseRedirect(reverse("api-tokens"))
    if request.method == "POST":
        form = TokenCreateForm(request.POST)
        if form.is_valid():
            try:
                _, new_key = api_token_create(user=user, name=form.cleaned_data["name"], actor=user)
                form = TokenCreateForm()
            except DomainError as error:
                form.add_error("name", error.message)
    context = {
        "form": form,
        "new_key": new_key,
        "tokens": ApiToken.objects.filter(user=user).order_by("revoked_at", "-created_at"),
    }
    return render(request, "account/tokens.html", context, status=400 if form.errors else 200)
