# Everything a fresh machine needs, from Python 3.11 and PyPI alone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Stamps make the install step re-run only when pyproject.toml changes.
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: run test bench lint

run: $(RUN_STAMP)
	$(PY) -m bot

test: $(DEV_STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest -q

bench: $(DEV_STAMP)
	$(PY) -m bench

lint: $(DEV_STAMP)
	$(PY) -m ruff check .

$(PY):
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[dev]'
	touch $@
