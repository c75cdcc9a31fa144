"""What every HTML view shares: refusals shown as a clear message, and the redirect back to
the page a change was made from with the changed row highlighted (docs/ux.md)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

from league.errors import DomainError, PermissionRefused


def refused(
    request: HttpRequest, message: str, *, back: str = "", status: int = 403
) -> HttpResponse:
    """The page a refused request gets: what was refused and why, with a way back: the
    `next` it names, else the same-site page it came from, else the object's page
    (`back`)."""
    return render(
        request,
        "refused.html",
        {"message": message, "back": safe_next(request, default="") or _referrer(request) or back},
        status=status,
    )


def _referrer(request: HttpRequest) -> str:
    """The page the request came from, if it is on this site and not the refused page."""
    referrer = request.headers.get("referer", "")
    if not referrer or not _is_safe(request, referrer):
        return ""
    parts = urlsplit(referrer)
    if parts.path == request.path:
        return ""
    return urlunsplit(("", "", parts.path, parts.query, parts.fragment))


def _is_safe(request: HttpRequest, target: str) -> bool:
    return url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )


P = ParamSpec("P")


def shows_refusal(
    view: Callable[P, HttpResponse],
) -> Callable[P, HttpResponse]:
    """A view whose access_* helper refuses (a game's access module's) answers
    with the 403 page that says why, as when a service refuses."""

    @wraps(view)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        try:
            return view(*args, **kwargs)
        except PermissionRefused as error:
            request = args[0]
            assert isinstance(request, HttpRequest)
            return refused(request, error.message)

    return wrapped


def safe_next(request: HttpRequest, *, default: str) -> str:
    """The `next` the request names (form field or query), if it stays on this site."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and _is_safe(request, target):
        return target
    return default


def back_with_highlight(url: str, *, changed: str) -> str:
    """`url` with ``changed=<row id>`` (the page highlights that row) and the row's anchor."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "changed"]
    query.append(("changed", changed))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), changed))


def run_action(
    request: HttpRequest,
    action: Callable[[], Any],
    *,
    success: str | Callable[[Any], str],
    back: str,
    changed: str | None = None,
) -> HttpResponse:
    """Run one service call for a POST; on success say so and go back (highlighting the
    changed row), on a refusal go back with the service's message, and answer a permission
    refusal with a 403 page that says why."""
    if not request.user.is_authenticated:
        return redirect_to_login(back)
    try:
        outcome = action()
    except PermissionRefused as error:
        return refused(request, error.message, back=back)
    except DomainError as error:
        messages.error(request, error.message)
        return HttpResponseRedirect(back)
    messages.success(request, success(outcome) if callable(success) else success)
    return HttpResponseRedirect(back_with_highlight(back, changed=changed) if changed else back)


def confirm_page(
    request: HttpRequest,
    action: Callable[[], Any],
    *,
    title: str,
    intro: str,
    submit: str,
    success: str | Callable[[Any], str],
    back: str,
    changed: str | Callable[[Any], str] | None = None,
    **context: Any,
) -> HttpResponse:
    """A destructive action asked first on its own page (no script needed): GET says what
    it does and offers `submit`, a POST does it (issue #17: no one-click loss)."""
    return form_page(
        request,
        forms.Form(request.POST if request.method == "POST" else None),
        lambda _data: action(),
        context={"title": title, "intro": intro, "submit": submit, "danger": True, **context},
        success=success,
        back=back,
        changed=changed,
    )


def form_page(
    request: HttpRequest,
    form: Any,
    action: Callable[[Any], Any],
    *,
    context: dict[str, Any],
    success: str | Callable[[Any], str],
    back: str,
    changed: str | Callable[[Any], str] | None = None,
    template: str = "form_page.html",
) -> HttpResponse:
    """A short form page: GET shows it, a valid POST calls one service with the cleaned data.
    A refusal is shown beside the field it names (or above the form); a permission refusal
    gets the 403 page."""
    if request.method == "POST" and form.is_valid():
        try:
            outcome = action(form.cleaned_data)
        except PermissionRefused as error:
            return refused(request, error.message, back=back)
        except DomainError as error:
            named = [name for name in error.fields if name in form.fields]
            for name in named:
                form.add_error(name, error.fields[name])
            if not named:
                form.add_error(None, error.message)
        else:
            messages.success(request, success(outcome) if callable(success) else success)
            row = changed(outcome) if callable(changed) else changed
            return HttpResponseRedirect(back_with_highlight(back, changed=row) if row else back)
    return render(request, template, {**context, "form": form, "back": back})


def add_domain_error(form: forms.Form, error: DomainError) -> None:
    """Show a service's refusal beside the fields it names (a form may translate the
    service's keys with ``field_for_error``, as the result form does for the report page and
    the admin's steps alike); the rest at the top of the form."""
    translate = getattr(form, "field_for_error", lambda key: key)
    for key, message in error.fields.items():
        name = translate(key)
        form.add_error(name if name in form.fields else None, message)
    if not error.fields:
        form.add_error(None, error.message)
