"""The error shape and each endpoint's error codes, for the OpenAPI schema."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers

#: Every code an error can carry, with what it means (docs/api.md lists them too).
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
    "fixture_not_ready": "Only a fixture still to play (ready, or awaiting a decision).",
    "round_not_open": "The round is not open yet.",
    "job_exists": "The fixture already has a simulation queued.",
    "already_decided": "The inspection is already decided.",
    "rule_off": "The season does not use this rule.",
    "already_attempted": "The injury has had its one force-healing attempt.",
    "not_injured": "The player is not out injured.",
    "too_late": "The team has played since the injury.",
    # table dice
    "bad_faces": "An entered face is not on the die the rule rolls (1 to its sides), or "
    "there are too few or too many faces; the message says which.",
    "bad_side": "Whose roll: owner (the player's coach) or inspector (the opposing coach).",
    "faces_required": "The season's coaches roll this at the table: send the faces.",
    "server_dice": "The server rolls this in this season: leave the faces out.",
    "already_entered": "That coach's roll is already entered.",
    "place_not_vacant": "The place's first-stringer plays: there is nobody to replace (M-P3).",
    "reserve_not_available": "Name a fit reserve of the team who is not already starting.",
    "lineup_fixed": "The fixture has kicked off: its line-up is fixed.",
    "not_in_fixture": "The team does not play in this fixture.",
    # export and import (docs/data.md)
    "invalid_import": "The file was not imported: `problems` names each row and column.",
    "unknown_format": "No export or import format of that key.",
    "season_required": "The format exports one season: name it.",
    "no_players_table": "The league's game has no players table.",
    "too_many_jobs": "The league has several exports under way: wait for one to finish.",
    "export_not_ready": "The export is not done yet: poll its URL.",
    "file_expired": "The export's file was deleted after a day: ask for a new export.",
    "refused": "The league's rules or state refuse the request; the message says why.",
    # Arenaball (each refusal of a broken rule lists its `problems` with their rule ids)
    "other_game": "The fixture or team plays another game: the message names its endpoint.",
    "design_illegal": "The design breaks the rules (A-T1 … A-T5): see `problems`.",
    "design_in_use": "A car uses the design: give the car another design first.",
    "team_illegal": "The cars and crews break the rules (A-T1, A-T2): see `problems`.",
    "roster_full": "The roster has its 12 characters (A-T2): release one first.",
    "name_taken": "The team already has a design or character of that name.",
    "not_on_roster": "The character is not on the roster (dead or released).",
    "character_seated": "The character crews a car: seat someone else first.",
    "pits_invalid": "Choose two track cars (1 to 5) to start in the pits (A-G4).",
    "not_played": "The fixture has no result to correct or void.",
    "season_closed": "The season is closed: its results can no longer change.",
    "invalid_rule": "A season setting the rules refuse: `fields` names each beside its own.",
    "rules_frozen": "The season has started: its settings are frozen.",
    # Magic Number Eleven's draft (E-S2)
    "unknown_card": "No Star Player card of this draft has that key.",
    "taken": "Another team signed that card already.",
    "draft_done": "The draft is over: every team has signed its cards.",
    "not_started": "The season's draft has not started.",
    "season_started": "The season has left draft: its draft is closed.",
    "deadline_passed": "The pick's deadline passed: it waits for the commissioner.",
    "already_started": "The season's draft has started already.",
    "draft_impossible": "The draft cannot be held: too few teams, or a pool too small.",
    "turn_moved": "The pick named is not the one on the clock (made meanwhile, or not yet due): "
    "the message names the pick on the clock.",
    # Magic Number Eleven (a refused report lists its `problems` with their E-… rule ids)
    "gk_pick_refused": "Not this GK card now: Home picks first, then Away one of the two "
    "left (E-S3); or the season plays no GK cards.",
    "lineup_invalid": "The line-up breaks the rules (E-S3: 11 of the team's cards, its GK "
    "card among them, each once and by its one key; no suspended card, E-D3), or the Away set "
    "is not chosen yet (E-S1).",
    "lineup_final": "Both line-ups are in and revealed, so they are final: only a commissioner "
    "changes one (E-S3).",
    "away_set_final": "A line-up is in, so the Away set is final: only a commissioner changes "
    "it (E-S1).",
    # webhooks (docs/data.md)
    "too_many_webhooks": "The user has 10 webhooks in the league already: delete one first.",
    "switched_off": "The webhook is switched off after repeated failure: switch it on first.",
}


class ProblemSerializer(serializers.Serializer[Any]):
    """One broken game rule (rules.arenaball.Problem)."""

    code = serializers.CharField(help_text="Stable, for programs, e.g. `goals_total`.")
    rule = serializers.CharField(help_text="The rule id it breaks, e.g. `A-G1`.")
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
            "code": serializers.ChoiceField(choices=sorted(ERROR_CODES)),
            "message": serializers.CharField(),
            "fields": serializers.DictField(
                child=serializers.ListField(child=serializers.CharField()),
                help_text="Each offending input (e.g. `lines[2].points`) with its messages.",
            ),
            "problems": ProblemSerializer(
                many=True,
                required=False,
                help_text="Present when the refusal names broken game rules (Arenaball): "
                "each with its rule id and field.",
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


def _responses(codes: dict[int, list[str]]) -> dict[int, OpenApiResponse]:
    return {
        status: OpenApiResponse(
            ErrorSerializer,
            description="Codes: " + "; ".join(f"`{c}`: {ERROR_CODES[c]}" for c in names),
        )
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
