"""A visitor signs up (issue #19, 5): his account signs in only once the link emailed to him
has verified it; expired, used and altered links say so and offer a new one; sign-up and
verification are throttled per address like the API, and a bot filling the honeypot is
refused."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User
from django.core import mail, signing

from league.models import AuditEntry
from league.signup.links import verification_token
from league.signup.models import SignupAccount
from tests.signup.helpers import PASSWORD, last_link, sign_up_data

pytestmark = pytest.mark.django_db


def sign_up(client, django_capture_on_commit_callbacks, **data):
    with django_capture_on_commit_callbacks(execute=True):
        return client.post("/accounts/sign-up/", sign_up_data(**data))


def test_a_visitor_signs_up_and_is_sent_a_link(client, django_capture_on_commit_callbacks):
    response = sign_up(client, django_capture_on_commit_callbacks)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/sign-up/sent/"
    user = User.objects.get(username="stranger")
    assert user.check_password(PASSWORD)
    assert not user.signup.verified
    (email,) = mail.outbox
    assert email.to == ["stranger@example.com"]
    assert "Verify your email" in email.subject
    assert AuditEntry.objects.filter(action="account.sign_up", object_id=str(user.pk)).exists()
    page = client.get("/accounts/sign-up/sent/")
    assert "stranger@example.com" in page.content.decode()


def test_an_unverified_account_cannot_sign_in_and_is_offered_a_new_link(
    client, django_capture_on_commit_callbacks
):
    sign_up(client, django_capture_on_commit_callbacks)
    page = client.post("/accounts/login/", {"username": "stranger", "password": PASSWORD})
    assert page.status_code == 200
    body = page.content.decode()
    assert "Verify your email first" in body
    assert 'href="/accounts/verify/resend/"' in body
    assert "_auth_user_id" not in client.session


def test_the_link_verifies_the_account_once_then_he_signs_in(
    client, django_capture_on_commit_callbacks
):
    sign_up(client, django_capture_on_commit_callbacks)
    link = last_link()
    page = client.get(link)
    assert page.status_code == 200
    assert "Your email is verified" in page.content.decode()
    assert SignupAccount.objects.get().verified
    again = client.get(link)
    assert again.status_code == 400
    assert "Already verified" in again.content.decode()
    signed = client.post("/accounts/login/", {"username": "stranger", "password": PASSWORD})
    assert signed.status_code == 302
    assert client.session["_auth_user_id"] == str(User.objects.get(username="stranger").pk)
    assert AuditEntry.objects.filter(action="account.verify_email").count() == 1


def test_an_expired_link_says_so_and_offers_a_new_one(
    client, django_capture_on_commit_callbacks, settings, monkeypatch
):
    settings.SIGNUP_VERIFY_HOURS = 1
    sign_up(client, django_capture_on_commit_callbacks)
    account = SignupAccount.objects.get()
    two_hours_ago = time.time() - 7200
    monkeypatch.setattr(signing.time, "time", lambda: two_hours_ago)
    token = verification_token(account_id=account.pk, email=account.email)
    monkeypatch.undo()
    page = client.get(f"/accounts/verify/{token}/")
    assert page.status_code == 400
    body = page.content.decode()
    assert "out of date" in body
    assert 'value="stranger@example.com"' in body  # the new link's form, filled in
    assert not SignupAccount.objects.get().verified
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounts/verify/resend/", {"email": "stranger@example.com"})
    assert len(mail.outbox) == 2
    assert client.get(last_link()).status_code == 200
    assert SignupAccount.objects.get().verified


def test_an_altered_link_is_refused_and_changes_nothing(client, django_capture_on_commit_callbacks):
    sign_up(client, django_capture_on_commit_callbacks)
    page = client.get(last_link().rstrip("/") + "x/")
    assert page.status_code == 400
    assert "not one we sent" in page.content.decode()
    assert not SignupAccount.objects.get().verified


def test_a_link_for_another_email_is_refused(client, django_capture_on_commit_callbacks):
    sign_up(client, django_capture_on_commit_callbacks)
    account = SignupAccount.objects.get()
    token = verification_token(account_id=account.pk, email="someone@else.example")
    assert client.get(f"/accounts/verify/{token}/").status_code == 400
    assert not SignupAccount.objects.get().verified


def test_resending_says_the_same_for_unknown_and_verified_emails(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post("/accounts/verify/resend/", {"email": "nobody@example.com"}, follow=True)
    assert "If that email signed up" in page.content.decode()
    assert mail.outbox == []


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"password2": "something else entirely"}, "password2", "The two passwords differ."),
        ({"password1": "password", "password2": "password"}, "password1", "too common"),
        ({"email": "not an email"}, "email", "valid email"),
        ({"username": "bad name!"}, "username", "valid username"),
    ],
)
def test_bad_input_is_refused_beside_its_field_and_makes_no_account(client, change, field, message):
    page = client.post("/accounts/sign-up/", sign_up_data(**change))
    assert page.status_code == 200
    assert message in " ".join(page.context["form"].errors[field])
    assert not User.objects.exists()
    assert mail.outbox == []


def test_a_bot_filling_the_honeypot_is_refused(client):
    page = client.post("/accounts/sign-up/", sign_up_data(website="http://spam.example"))
    assert page.status_code == 200
    assert not User.objects.exists()


def test_sign_up_is_throttled_per_address(client, settings, django_capture_on_commit_callbacks):
    settings.API_THROTTLE_RATES = {"signup": "2/hour"}
    for index in range(2):
        sign_up(
            client,
            django_capture_on_commit_callbacks,
            username=f"u{index}",
            email=f"u{index}@example.com",
        )
    client.logout()
    refused = client.post("/accounts/sign-up/", sign_up_data(username="u3", email="u3@example.com"))
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Too many tries" in refused.content.decode()
    assert User.objects.count() == 2


def test_verification_attempts_are_throttled_per_address(client, settings):
    settings.API_THROTTLE_RATES = {"verify": "3/hour"}
    for _ in range(3):
        assert client.get("/accounts/verify/guess/").status_code == 400
    assert client.get("/accounts/verify/guess/").status_code == 429
    assert client.post("/accounts/verify/resend/", {"email": "a@example.com"}).status_code == 429


def test_a_signed_in_person_is_not_asked_to_sign_up_again(client):
    user = User.objects.create_user("coach", "coach@example.com", PASSWORD)
    client.force_login(user)
    page = client.get("/accounts/sign-up/")
    assert "You are signed in" in page.content.decode()
    assert client.post("/accounts/sign-up/", sign_up_data()).status_code == 200
    assert User.objects.count() == 1


def test_accounts_the_commissioners_made_sign_in_as_before(client):
    User.objects.create_user("old_hand", "old@example.com", PASSWORD)
    signed = client.post("/accounts/login/", {"username": "old_hand", "password": PASSWORD})
    assert signed.status_code == 302


def test_the_sign_in_and_home_pages_link_to_sign_up(client):
    assert 'href="/accounts/sign-up/"' in client.get("/accounts/login/").content.decode()
    assert 'href="/accounts/sign-up/"' in client.get("/").content.decode()


def test_a_failed_sign_in_of_an_unverified_account_still_counts_towards_the_lockout(
    client, settings, django_capture_on_commit_callbacks
):
    settings.AXES_FAILURE_LIMIT = 2
    sign_up(client, django_capture_on_commit_callbacks)
    for _ in range(2):
        client.post("/accounts/login/", {"username": "stranger", "password": "wrong one"})
    locked = client.post("/accounts/login/", {"username": "stranger", "password": PASSWORD})
    assert locked.status_code == 429


def test_the_address_the_issue_names_leads_to_sign_up(client):
    response = client.get("/account/sign-up/")
    assert (response.status_code, response["Location"]) == (301, "/accounts/sign-up/")
