"""No file of the core names a game (issue #48): not a game's name, not a game's app as an
import, a dotted path, a file path or an admin URL name, and not a game's rule id. The core
asks the league's ruleset; what a game does and which rule it follows is said in the game.

The games are read from the registry (each ruleset's key, label, app labels and the rule ids
of its reference), so a game added later is covered without editing this test.
"""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

from django.apps import apps

from league.rulesets import Ruleset, rulesets

ROOT = Path(__file__).resolve().parent.parent
#: The core's code folders (config/, the project's wiring, lists the installed apps): the
#: league and the API, whose error codes only one game answers are that game's own (its
#: ruleset's ``api_error_codes``) and which imports no game either (pyproject.toml's
#: "core-names-no-game" contract).
CORE = ("league", "api")
#: (file, text) a game's name may stay in, each for a reason that is not the core's choice.
ALLOWED = {
    # The product's name (MagnoBall League) in what others already rely on: the webhooks'
    # headers and User-Agent, the export's format and schema id, the demo's documented
    # password, the product's icon. Renaming any would break a client, not free the core.
    ("league/webhooks/signing.py", "MagnoBall-Signature"),
    ("league/webhooks/signing.py", "MagnoBall-Event"),
    ("league/webhooks/signing.py", "MagnoBall-Delivery"),
    ("league/webhooks/services/sending.py", "MagnoBall-League-Webhooks"),
    ("league/webhooks/forms.py", "bot.example.com/magnoball"),
    ("templates/webhooks/detail.html", "MagnoBall-Signature"),
    ("api/views/webhooks.py", "MagnoBall-Signature"),
    ("league/exchange/document_export.py", "magnoball-league-export"),
    ("api/views/export_schema.py", "magnoball-league-export"),
    ("league/exchange/document_schema.py", "magnoball.example"),
    ("league/demo.py", "magnoball-demo"),
    ("templates/base.html", "img/magnoball.svg"),
    ("templates/admin/base_site.html", "img/magnoball.svg"),
}

_RULE_ID = re.compile(r"\b[A-Z]-[A-Z]{1,2}\d+\b")


def _games() -> list[Ruleset]:
    """The installed games: each ruleset an installed app registers (a test's skeleton
    ruleset, registered for a while by another test, is none)."""
    return [
        ruleset
        for ruleset in rulesets()
        if apps.get_containing_app_config(type(ruleset).__module__) is not None
    ]


def _game_apps(ruleset: Ruleset) -> dict[str, set[str]]:
    """Each of the game's app labels with the names of its modules and packages."""
    found: dict[str, set[str]] = {}
    for label in ruleset.app_labels:
        module = apps.get_app_config(label).module
        found[label] = {info.name for info in pkgutil.iter_modules(module.__path__)}
    return found


def _patterns() -> list[re.Pattern[str]]:
    patterns: list[re.Pattern[str]] = []
    for ruleset in _games():
        for name in {ruleset.key, ruleset.label}:
            patterns.append(re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE))
        for label, modules in _game_apps(ruleset).items():
            # A dotted path into the app (not "games.append"), an import, a file path,
            # an admin URL name.
            patterns.append(re.compile(rf"\b{label}\.({'|'.join(sorted(modules))})\b"))
            patterns.append(re.compile(rf"^\s*(from|import) {label}\b", re.MULTILINE))
            patterns.append(re.compile(rf"\b{label}/"))
            patterns.append(re.compile(rf"\badmin:{label}_"))
        if ruleset.reference:
            ids = set(_RULE_ID.findall((ROOT / ruleset.reference).read_text()))
            if ids:
                alternatives = "|".join(sorted(re.escape(one) for one in ids))
                patterns.append(re.compile(rf"\b({alternatives})\b"))
    return patterns


def _core_files() -> list[Path]:
    found: list[Path] = []
    for folder in CORE:
        for path in (ROOT / folder).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if "/migrations/" not in relative:
                found.append(path)
    game_labels = {label for ruleset in _games() for label in ruleset.app_labels}
    for path in (ROOT / "templates").rglob("*"):
        parts = path.relative_to(ROOT / "templates").parts
        owner = parts[1] if parts[0] == "admin" and len(parts) > 2 else parts[0]
        if path.is_file() and owner not in game_labels:
            found.append(path)
    return sorted(found)


def test_the_registry_names_every_game_and_its_apps() -> None:
    assert _games(), "no game is registered"
    for ruleset in _games():
        assert ruleset.app_labels, f"{ruleset.key} names no app"
        owner = apps.get_containing_app_config(type(ruleset).__module__)
        assert owner is not None
        assert owner.label in ruleset.app_labels, ruleset.key


def test_no_core_file_names_a_game() -> None:
    patterns = _patterns()
    files = _core_files()
    assert len(files) > 100, "found too few core files: is ROOT the project?"
    offenders: list[str] = []
    for path in files:
        relative = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if any(relative == where and text in line for where, text in ALLOWED):
                continue
            for pattern in patterns:
                match = pattern.search(line)
                if match is not None:
                    offenders.append(f"{relative}:{number}: {match.group(0)!r} in {line.strip()}")
                    break
    assert not offenders, "the core names a game:\n" + "\n".join(offenders)
