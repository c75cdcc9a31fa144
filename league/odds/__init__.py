"""Power ranking (Elo ratings) and Monte Carlo playoff and title odds, for every game
(docs/odds.md). The maths is pure (rules/ratings.py, rules/odds.py); this app stores the
ratings and the odds runs, and runs them on the workers."""
