"""Magic Number Eleven's admin, one module per subject."""

from mn11.admin import catalogue, draft, reports  # noqa: F401  (each registers its admins)
