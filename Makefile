# Shortcuts for ./dev, which needs nothing but Python 3.11+.
.PHONY: run test setup lint ci bench

run:        ## Set up, build the demo league, run the web server and a Celery worker
	./dev run

test:       ## The whole test suite
	./dev test

setup:      ## Only create .venv and install the pinned dependencies
	./dev setup

lint: setup ## ruff, the layer contracts, mypy and the migrations check
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/lint-imports --no-cache
	.venv/bin/mypy .
	.venv/bin/python manage.py makemigrations --check --dry-run

ci:         ## What CI runs (needs PostgreSQL and Redis)
	bash .ci/run

bench: setup ## Engine benchmark
	.venv/bin/python bench/engine.py
