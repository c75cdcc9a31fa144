"""Export and import jobs: a league's data built on a worker and kept for a day, and the
record of every import (docs/data.md, "Export and import jobs")."""
