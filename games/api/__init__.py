"""MagnoBall's routes, serializers and views in the REST API, mounted by api/urls.py through its
ruleset's ``api_urls``."""
