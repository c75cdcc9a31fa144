"""Magic Number Eleven's admin, one module per subject."""

from mn11.admin import (
    catalogue,  # noqa: F401  (registers the Star Player names)
    reports,  # noqa: F401  (registers the fixtures and their match reports)
)
