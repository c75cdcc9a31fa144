"""The served schema (/api/v1/schema/) as Schemathesis loads it, in-process through the WSGI
app, and the checks an answer must pass: no server error, and its status code, content type
and body as the schema says."""

from __future__ import annotations

import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
