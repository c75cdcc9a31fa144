"""Every error code the API can return is documented (docs/api.md and the schema), and the
schema's descriptions read as user docs, not code comments (issue #18, item 6)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rest_framework import exceptions

from api.schema import error_codes

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "api.md").read_text()
#: A code a refusal names in the source: `code="already_played"`, `default_code = "…"`.
RAISED = re.compile(r'\b(?:default_)?code\s*=\s*"([a-z_]+)"')
#: The project's own packages, which the API's modules import.
PACKAGES = ("api", "league", "rosters", "injuries", "games", "arenaball", "mn11", "rules")

#: Codes raised in a module the API imports, by a function no endpoint calls; each line
#: says which, so a new code is either documented or placed here knowingly.
NOT_FROM_THE_API = {
    # league/honours: opening, voting in and closing the MVP vote (the season's web pages;
    # the API only reads the awards), and league/services/season_end.py's rollover (the admin)
    "mvp_opened",
    "mvp_closed",
    "mvp_ended",
    "no_vote",
    "no_candidates",
    "season_running",
    # injuries/services.py: putting a player on the injured list and taking him off (admin)
    "not_active",
    "not_listed",
    "still_injured",
    # games/services/jobs.py: cancelling, retrying and dismissing a job (the admin's
    # simulations page)
    "job_dismissed",
    "job_not_cancellable",
    "job_not_failed",
    # league/rulesets.py: a league whose game is not installed on this server (a
    # configuration error, never the answer to a request)
    "unknown_ruleset",
    # mn11/selectors/draft.py: starting a draft of a season of another game; the API's draft paths
    # are 404 for another game's season before the service is called
    "wrong_game",
    # league/services/divisions.py: setting up a season's divisions and scheduling it with them (the
    # admin's season page; the API only reads divisions)
    "divisions",
    "rules_frozen",
    "tournament",
}


#: The API's modules: the core's, and each game's in its own package (games/api/, …).
API_SOURCES = [ROOT / "api", *(ROOT / package / "api" for package in PACKAGES)]


def api_imported_files() -> set[Path]:
    """The project's source files the API's modules import directly."""
    files: set[Path] = set()
    for source in (path for tree in API_SOURCES for path in tree.rglob("*.py")):
        files.add(source)
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                if name.split(".")[0] not in PACKAGES:
                    continue
                path = ROOT.joinpath(*name.split("."))
                for candidate in (path.with_suffix(".py"), path / "__init__.py"):
                    if candidate.is_file():
                        files.add(candidate)
                if (path / "__init__.py").is_file():
                    files |= _named_by_package(path)
    return files


def _named_by_package(package: Path) -> set[Path]:
    """The modules a package's __init__ names its public functions from (``from .results
    import …``): importing ``games.services`` imports what they raise."""
    init = package / "__init__.py"
    modules = set()
    for node in ast.walk(ast.parse(init.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            candidate = package.joinpath(*node.module.split(".")).with_suffix(".py")
            if candidate.is_file():
                modules.add(candidate)
    return modules


def raised_codes() -> dict[str, Path]:
    codes: dict[str, Path] = {}
    for path in sorted(api_imported_files()):
        for code in RAISED.findall(path.read_text()):
            codes.setdefault(code, path.relative_to(ROOT))
    return codes


def documented(code: str) -> bool:
    return f"`{code}`" in GUIDE


def test_every_code_the_apis_services_raise_is_in_the_guide():
    codes = raised_codes()
    assert {"already_played", "job_exists", "season_not_running"} <= set(codes)  # found

    missing = {
        code: str(path)
        for code, path in codes.items()
        if not documented(code) and code not in NOT_FROM_THE_API
    }

    assert missing == {}


def test_every_code_drfs_refusals_carry_is_in_the_guide():
    # The exception handler renames a ValidationError `invalid`, a ParseError
    # `malformed_body` and a PermissionDenied `forbidden`; the rest keep DRF's code.
    renamed = {
        exceptions.ValidationError,
        exceptions.ParseError,
        exceptions.PermissionDenied,
    }
    drf = {
        cls.default_code
        for cls in vars(exceptions).values()
        if isinstance(cls, type)
        and issubclass(cls, exceptions.APIException)
        and cls is not exceptions.APIException
        and cls not in renamed
    }

    assert {code for code in drf if not documented(code)} == set()
    assert {"invalid", "malformed_body", "forbidden"} <= {c for c in error_codes() if documented(c)}


def test_the_schema_and_the_guide_list_the_same_codes():
    table = GUIDE.split("## Errors", 1)[1].split("\n## ", 1)[0]
    in_table = set(re.findall(r"`([a-z_]+)`", table)) - {"fields", "body", "error"}

    assert in_table - set(error_codes()) == set()
    assert {code for code in error_codes() if not documented(code)} == set()


def test_every_raised_code_is_in_the_schemas_error_codes():
    codes = set(raised_codes()) - NOT_FROM_THE_API

    assert codes - set(error_codes()) == set()


# --- the schema's descriptions are user docs ---------------------------------------------------

#: Words of code comments, never of user docs.
TELL_TALES = re.compile(
    r"access helper|selector|\bservices?\b|parse,|\bTODO\b|\.py\b|queryset|serializer", re.I
)


def descriptions(node: Any, where: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("description", "summary") and isinstance(value, str):
                yield f"{where}/{key}", value
            yield from descriptions(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from descriptions(value, f"{where}[{index}]")


@pytest.mark.django_db
def test_no_description_in_the_schema_reads_as_a_code_comment(client):
    schema = client.get("/api/v1/schema/?format=json").json()

    leaks = {where: text for where, text in descriptions(schema) if TELL_TALES.search(text)}

    assert leaks == {}


@pytest.mark.django_db
def test_every_operation_says_what_it_does(client):
    schema = client.get("/api/v1/schema/?format=json").json()

    silent = [
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if not operation.get("summary")
    ]

    assert silent == []
