# The two commands of the README: `make run` (the service) and `make test` (the whole suite).
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench messages

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	touch $@

# The service on the embedded default (SQLite in var/, unless DATABASE_URL says otherwise),
# with a fresh demo game: web, Celery worker and beat together (`manage.py serve`); the
# seats' turn emails appear at http://$(HOST):$(PORT)/dev/mail/.
run: export SITE_URL ?= http://$(HOST):$(PORT)
run: $(VENV)/.installed messages
	$(PY) manage.py migrate --no-input
	$(PY) manage.py demo_game
	$(PY) manage.py serve $(HOST):$(PORT)

# Translations: the .po files under locale/ compiled to .mo by Babel (pure Python, so no
# system gettext is needed); the .mo files are build output, not in git.
messages: $(VENV)/.installed
	$(VENV)/bin/pybabel compile --domain django --directory locale --use-fuzzy --statistics

# The code checks the tests begin with: ruff's lint and format, mypy (strict, with Django's
# and DRF's stubs) over engine/, games/ and freibeuter_site/. mypy's Django plugin loads the
# settings, which want a key once a database is configured (as `make test`'s is): it gets one.
lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	SECRET_KEY=type-checking-only $(VENV)/bin/mypy

# The whole suite on the real PostgreSQL and Redis (started, or installed as root, if missing),
# spread over the machine's cores by pytest-xdist, with the 25 slowest tests listed at the end.
# Every test runs on the suite's clock, drawn per run from a seed (tests/clock.py): the run
# prints it, and PYTEST_ARGS="--clock-seed N" repeats it. PYTEST_ARGS replaces the options
# for a focused run, e.g. `make test PYTEST_ARGS="tests/site/test_deadlines.py -x"`.
PYTEST_ARGS ?= -n auto --durations=25
test: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/freibeuter
test: export REDIS_URL ?= redis://127.0.0.1:6379/0
test: $(VENV)/.installed messages lint
	bash .ci/services
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.installed
	$(PY) bench/engine.py
