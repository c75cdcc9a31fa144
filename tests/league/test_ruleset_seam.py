"""The seam every game implements is small (issue #48): ``Ruleset`` has at most 12 members;
everything else is a capability a game opts into (league/capabilities/), each small, found by
the core through ``capability``, and none returns HTML."""

from __future__ import annotations

import inspect
import pkgutil
from importlib import import_module
from typing import Any

import pytest

import league.capabilities
from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.rulesets import Ruleset, rulesets
from tests.dice_duel.game import DiceDuel

MAX_MEMBERS = 12


def members(cls: type[Any]) -> set[str]:
    """The public attributes and methods of `cls` and its bases but ``object``, set or only
    annotated (``key: ClassVar[str]``)."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass is object:
            continue
        names |= set(vars(klass)) | set(vars(klass).get("__annotations__", {}))
    return {name for name in names if not name.startswith("_")}


def capabilities() -> list[type[Any]]:
    """Each capability: the one class its module of league/capabilities/ defines."""
    found = []
    for info in pkgutil.iter_modules(league.capabilities.__path__):
        module = import_module(f"league.capabilities.{info.name}")
        classes = [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if c.__module__ == module.__name__
        ]
        assert len(classes) == 1, f"{module.__name__} defines {classes}"
        found.extend(classes)
    return found


def test_the_required_seam_is_small() -> None:
    assert len(members(Ruleset)) <= MAX_MEMBERS, sorted(members(Ruleset))


@pytest.mark.parametrize("kind", capabilities(), ids=lambda kind: kind.__name__)
def test_each_capability_is_small_and_returns_no_html(kind: type[Any]) -> None:
    assert len(members(kind)) <= MAX_MEMBERS, sorted(members(kind))
    for name in members(kind):
        hook = getattr(kind, name, None)
        if callable(hook):
            assert "Safe" not in str(inspect.signature(hook).return_annotation), name


def test_no_capability_shadows_another_or_the_seam() -> None:
    """A game subclasses several: a name two of them define would hide one of them."""
    seen = dict.fromkeys(members(Ruleset), "Ruleset")
    for kind in capabilities():
        for name in members(kind) - {"label"}:  # label: the game's, which the defaults name
            assert name not in seen, f"{kind.__name__}.{name} is also {seen[name]}'s"
            seen[name] = kind.__name__


def test_installed_games_opt_in_and_the_core_finds_them() -> None:
    games = rulesets()
    assert games
    for ruleset in games:
        assert isinstance(ruleset, Ruleset)
        for kind in capabilities():
            found = capability(ruleset, kind)
            assert isinstance(found, kind)
            if isinstance(ruleset, kind):
                assert found is ruleset
            else:
                assert found is capability(ruleset, kind)  # made once
                assert found.label == ruleset.label


def test_the_dice_duel_uses_the_required_seam_only() -> None:
    duel = DiceDuel()
    assert not any(isinstance(duel, kind) for kind in capabilities())
    defaults = capability(duel, TableExtras)
    assert defaults.knockout_level_line().startswith("A knockout game that ends level")


def _changed(game: type[Any], kind: type[Any]) -> list[str]:
    """The members of `kind` that `game` defines otherwise: a method of its own, or a value
    other than the default (``simulates = False`` repeated is no change)."""
    changed = []
    for name in members(kind) - {"label"}:
        mine, default = inspect.getattr_static(game, name), inspect.getattr_static(kind, name)
        if mine is default or (not callable(mine) and mine == default):
            continue
        changed.append(name)
    return changed


@pytest.mark.parametrize("ruleset", rulesets(), ids=lambda ruleset: ruleset.key)
def test_a_game_opts_into_a_capability_only_to_change_it(ruleset: Ruleset) -> None:
    """A capability whose defaults a game keeps is one the game leaves out: the core gives
    it those defaults all the same, and the ruleset's bases then say what the game adds."""
    kept = [
        kind.__name__
        for kind in capabilities()
        if isinstance(ruleset, kind) and not _changed(type(ruleset), kind)
    ]
    assert kept == [], f"{ruleset.key} opts into {kept} and changes none of their members"
