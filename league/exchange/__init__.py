"""Data in and out of a league: the versioned JSON document, CSV for spreadsheets, and the
problems an import reports before anything is written (docs/data.md)."""
