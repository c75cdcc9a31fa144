"""Magic Number Eleven's admin, one module per subject."""
