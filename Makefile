# Everything a fresh machine needs, from Python 3.11 and PyPI alone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Stamps make the install step re-run only when pyproject.toml or the pins change.
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
# The pins are made by `make lock` on the Python it runs (3.11 here), which does not
# install what discord.py needs only from Python 3.13 on: its pin is kept here.
NEWER_PYTHON_PINS := audioop-lts==0.2.2 ; python_version >= "3.13"
LOCK_VENV := .lock-venv
LOCK_HEADER := \# Exact versions, made by make lock from pyproject.toml. Do not edit by hand.

.PHONY: run test bench lint lock

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

# The pins and the project's own ranges together: pip installs exactly the pinned versions.
$(RUN_STAMP): pyproject.toml requirements.txt | $(PY)
	$(PY) -m pip install -q -r requirements.txt -e .
	touch $@

$(DEV_STAMP): pyproject.toml requirements-dev.txt | $(PY)
	$(PY) -m pip install -q -r requirements-dev.txt -e '.[dev]'
	touch $@

# The newest versions pyproject.toml allows, resolved in a new venv and written as pins.
lock:
	rm -rf $(LOCK_VENV)
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install -q .
	{ echo "$(LOCK_HEADER)"; $(LOCK_VENV)/bin/python -m pip freeze --exclude gff-bot; \
	  echo '$(NEWER_PYTHON_PINS)'; } > requirements.txt
	$(LOCK_VENV)/bin/python -m pip install -q '.[dev]'
	{ echo "$(LOCK_HEADER)"; $(LOCK_VENV)/bin/python -m pip freeze --exclude gff-bot; \
	  echo '$(NEWER_PYTHON_PINS)'; } > requirements-dev.txt
	rm -rf $(LOCK_VENV) build
