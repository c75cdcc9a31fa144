"""Magic Number Eleven's admin, one module per subject."""

from mn11.admin import draft  # noqa: F401  (registers the draft's admin)
