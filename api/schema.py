"""The error shape and each endpoint's error codes, for the OpenAPI schema."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils.functional import lazy
from django.utils.module_loading import import_string
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers

from league.capabilities import capability
from league.capabilities.api import ApiParts
from league.rulesets import rulesets_as_installed

#: The core's error codes, each with what it means: those of its own endpoints and those more
#: than one game answers. A code only one game answers is in that game's catalogue (its
#: ruleset's ``api_error_codes``); :func:`error_codes` has them all (docs/api.md lists them).
ERROR_CODES = {
    # the request itself
    "invalid": "The body does not have the expected shape; `fields` names each problem.",
    "malformed_body": "The body is not valid JSON.",
    "body_too_large": "The body is over the limit (2.5 MB for JSON; an import's file has its "
    "own, docs/data.md): send less, or the file as multipart.",
    "unsupported_media_type": "Send the body as application/json.",
    "not_acceptable": "The API answers in JSON only: send `Accept: application/json` (or none).",
    "method_not_allowed": "The path does not take this method; the schema lists the ones it takes.",
    # who asks
    "not_authenticated": "Send Authorization: Token <key>.",
    "authentication_failed": "The token is unknown or revoked.",
    "forbidden": "The user may not do this (not the coach, not the league's commissioner).",
    "throttled": "Too many requests (anonymous reads or failed logins); see Retry-After.",
    "not_found": "No such object, or not in a league the user can see.",
    "idempotency_key_reused": "The Idempotency-Key was used with another request.",
    "service_unavailable": "The league's database is away for a moment: retry after "
    "Retry-After seconds; nothing was done.",
    # the season services
    "invalid_report": "The result does not hold (players, scores, stats, injuries).",
    "already_played": "The fixture already has a result; the message names it.",
    "not_ready": "The fixture cannot take a result now (scheduled, inspections, simulating).",
    "season_not_running": "The season is not active or in its playoffs.",
    "already_decided": "The inspection is already decided.",
    "already_entered": "That coach's roll is already entered.",
    "not_in_fixture": "The team does not play in this fixture.",
    "other_game": "The fixture or team plays another game: the message names its endpoint.",
    "not_played": "The fixture has no result to correct or void.",
    "season_closed": "The season is closed: its results can no longer change.",
    "season_started": "The season has left draft: its draft is closed.",
    "invalid_rule": "A season setting the rules refuse: `fields` names each beside its own.",
    "rules_frozen": "The season has started: its settings are frozen.",
    # teams
    "roster_full": "The roster is full: release someone first.",
    "name_taken": "The team already has something of that name.",
    # export and import (docs/data.md)
    "invalid_import": "The file was not imported: `problems` names each row and column.",
    "unknown_format": "No export or import format of that key.",
    "season_required": "The format exports one season: name it.",
    "no_players_table": "The league's game has no players table.",
    "too_many_jobs": "The league has several exports under way: wait for one to finish.",
    "export_not_ready": "The export is not done yet: poll its URL.",
    "file_expired": "The export's file was deleted after a day: ask for a new export.",
    "refused": "The league's rules or state refuse the request; the message says why.",
    # arranging a match (league/arranging)
    "proposal_closed": "The kick-off proposal is no longer open (accepted, withdrawn or "
    "superseded): read the fixture's proposals again.",
    # webhooks (docs/data.md)
    "too_many_webhooks": "The user has 10 webhooks in the league already: delete one first.",
    "switched_off": "The webhook is switched off after repeated failure: switch it on first.",
}


def error_codes() -> dict[str, str]:
    """Every code an error can carry with what it means: the core's, then each installed
    game's (its ruleset's ``api_error_codes``, imported when first read, at run time: the
    rulesets are registered by then). A game may not give a core code a meaning of its own."""
    codes = dict(ERROR_CODES)
    for ruleset in rulesets_as_installed():
        if not capability(ruleset, ApiParts).api_error_codes:
            continue
        own: Mapping[str, str] = import_string(capability(ruleset, ApiParts).api_error_codes)
        if clash := sorted(codes.keys() & own.keys()):
            raise ImproperlyConfigured(
                f"{ruleset.key}'s api_error_codes redefine {', '.join(clash)}: a code more "
                "than one game answers is the core's (api/schema.py)."
            )
        codes.update(own)
    return codes


class ProblemSerializer(serializers.Serializer[Any]):
    """One broken game rule."""

    code = serializers.CharField(help_text="Stable, for programs, e.g. `goals_total`.")
    rule = serializers.CharField(help_text="The id of the rule it breaks, as its game cites it.")
    field = serializers.CharField(help_text="The input it concerns, e.g. `goals.0.scorer`.")
    message = serializers.CharField()

    class Meta:
        ref_name = "Problem"


class ErrorDetailSerializer(serializers.Serializer[dict[str, Any]]):
    class Meta:
        ref_name = "ErrorDetail"

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        # Declared here: a class attribute named `fields` would hide Serializer.fields.
        return {
            "code": serializers.ChoiceField(choices=sorted(error_codes())),
            "message": serializers.CharField(),
            "fields": serializers.DictField(
                child=serializers.ListField(child=serializers.CharField()),
                help_text="Each offending input (e.g. `lines[2].points`) with its messages.",
            ),
            "problems": ProblemSerializer(
                many=True,
                required=False,
                help_text="Present when the refusal names broken game rules (a game whose "
                "refusals cite its rules): each with its rule id and field.",
            ),
        }


class ErrorSerializer(serializers.Serializer[dict[str, Any]]):
    error = ErrorDetailSerializer()

    class Meta:
        ref_name = "Error"


_READ = {401: ["authentication_failed"], 404: ["not_found"], 429: ["throttled"]}
_WRITE = {
    400: ["invalid", "malformed_body"],
    401: ["not_authenticated", "authentication_failed"],
    403: ["forbidden"],
    404: ["not_found"],
    413: ["body_too_large"],
    415: ["unsupported_media_type"],
    422: ["idempotency_key_reused"],
    429: ["throttled"],
}


def _described(names: list[str]) -> str:
    meanings = error_codes()
    return "Codes: " + "; ".join(f"`{c}`: {meanings[c]}" for c in names)


#: Read when the schema is built: the views that call the helpers below are imported before
#: a game's codes may be (e.g. by the URLconf).
_described_lazily = lazy(_described, str)


def _responses(codes: dict[int, list[str]]) -> dict[int, OpenApiResponse]:
    return {
        status: OpenApiResponse(ErrorSerializer, description=_described_lazily(list(names)))
        for status, names in sorted(codes.items())
    }


def read_errors() -> dict[int, OpenApiResponse]:
    """The errors of reading one object."""
    return _responses(_READ)


def list_errors() -> dict[int, OpenApiResponse]:
    """The errors of reading a list: also a filter value it does not know (400) and a page
    past the end (404)."""
    return _responses({**_READ, 400: ["invalid"]})


def signed_in_errors() -> dict[int, OpenApiResponse]:
    """The errors of a read only a signed-in user may make."""
    return _responses({401: ["not_authenticated", "authentication_failed"], 429: ["throttled"]})


def conflict_errors(*codes: str) -> dict[int, OpenApiResponse]:
    """A read's 409, for the league's state refusing it (e.g. ``other_game``)."""
    return _responses({409: list(codes)})


def write_errors(**extra: list[str]) -> dict[int, OpenApiResponse]:
    """The errors of a post, with the domain codes it adds, e.g. ``conflict=["already_played"]``
    (409) or ``invalid=["invalid_report"]`` (400)."""
    codes = {status: list(names) for status, names in _WRITE.items()}
    codes[400] += extra.get("invalid", [])
    if extra.get("conflict"):
        codes[409] = extra["conflict"]
    return _responses(codes)


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    description="Any unique string up to 255 characters. A retry with the same key and body "
    "gets the first response again (with `Idempotent-Replayed: true`); the same key with "
    "another body is refused (422). Only successful responses are kept.",
)


class NamedChoiceField(serializers.ChoiceField):
    """A choice field whose enum has its own name in the schema (several models have a
    ``status`` with different choices; unnamed, their enums would collide)."""

    def __init__(self, *, enum_name: str, **kwargs: Any) -> None:
        self.enum_name = enum_name
        super().__init__(**kwargs)


class NamedChoiceFieldExtension(OpenApiSerializerFieldExtension):
    target_class = NamedChoiceField

    def get_name(self) -> str:
        return str(self.target.enum_name)

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.target.choices)}


def lib_doc_excludes() -> list[type]:
    """Classes whose docstrings never describe an operation or a body in the schema (the
    ``GET_LIB_DOC_EXCLUDES`` setting): DRF's own, and the API's base classes, whose
    docstrings are for the people who write views, not for script authors."""
    from drf_spectacular.plumbing import get_lib_doc_excludes

    from api.base import ApiListView, ApiMixin, ApiRetrieveView, ApiView
    from api.fields import StrictInputSerializer

    own: list[type] = [ApiView, ApiMixin, ApiListView, ApiRetrieveView, StrictInputSerializer]
    return [*get_lib_doc_excludes(), *own]


def product_title(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """A ``POSTPROCESSING_HOOKS`` hook: the schema's title names the product as it is set
    when the schema is served (``PRODUCT_NAME``), as every page's title does."""
    result["info"]["title"] = f"{settings.PRODUCT_NAME} API"
    return result
