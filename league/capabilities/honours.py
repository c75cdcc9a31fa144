"""A game's honours (league/honours): its awards at close, the MVP vote, its records and
the holders they name.

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, Honours)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from league.honours.awards import AwardWinner, Holder, HolderKind, Record
    from league.models import League, Season


class Honours:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    def season_awards(self, *, season: Season) -> Sequence[AwardWinner]:
        """The winners of `season`'s awards, worked out from its stored games when it
        closes (e.g. top scorer, best goalie, most improved, Rookie of the
        year); a tie is shared (league.honours.awards.best_of). None by default."""
        return ()

    def mvp_candidates(self, *, season: Season) -> Sequence[Holder]:
        """Whom a coach may vote MVP of `season`: the players who played in it, each with
        his team (the vote refuses a coach's own). None by default: the game has no vote."""
        return ()

    def league_records(self, *, league: League) -> Sequence[Record]:
        """The game's own records of `league` for its hall of fame (a player's most goals in
        a match, career leaders), beside the core's team records. None by default."""
        return ()

    def honours_holder_kinds(self) -> Mapping[str, HolderKind]:
        """The kinds of holder the game's awards and MVP ballots name, by their handle's
        prefix (e.g. ``player`` → Player, whose page is ``player``), so the league's
        JSON document can rewrite the ids in a handle and its page (league/honours/
        exchange.py). None by default: the game names nobody."""
        return {}
