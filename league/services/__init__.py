"""Writes of the league core, a module by subject: each service changes rows, checks who may,
and audits what it did (reads: league/selectors/)."""
