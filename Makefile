# The two commands of the README: `make run` (the service) and `make test` (the whole suite).
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	touch $@

# The service on the embedded default (SQLite in var/, unless DATABASE_URL says otherwise),
# with a fresh demo game whose seat links are printed. A Celery worker will join here
# (`$(VENV)/bin/celery -A freibeuter_site worker` in the background) when tasks exist.
run: export SITE_URL ?= http://$(HOST):$(PORT)
run: $(VENV)/.installed
	$(PY) manage.py migrate --no-input
	$(PY) manage.py demo_game
	$(PY) manage.py runserver $(HOST):$(PORT)

# The whole suite on the real PostgreSQL and Redis (started, or installed as root, if missing).
test: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/freibeuter
test: export REDIS_URL ?= redis://127.0.0.1:6379/0
test: $(VENV)/.installed
	bash .ci/services
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.installed
	$(PY) bench/engine.py
