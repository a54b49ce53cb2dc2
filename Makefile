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

# The bot needs Python 3.11 or newer: said before anything is installed.
PYTHON_CHECK := $(shell $(PYTHON) -c 'import sys; v = sys.version_info; print("%d.%d %s" % (v[0], v[1], v >= (3, 11)))' 2>/dev/null)
PYTHON_VERSION := $(word 1,$(PYTHON_CHECK))
ifneq ($(word 2,$(PYTHON_CHECK)),True)
$(error $(PYTHON) $(if $(PYTHON_VERSION),is Python $(PYTHON_VERSION),was not found): the bot needs Python 3.11 or newer. Install it and name it, for example make run PYTHON=python3.11)
endif
# A .venv made by another Python (an upgrade, or another PYTHON) cannot run this one's
# packages: it is made again, and everything installed into it again. Its pyvenv.cfg says
# which Python made it.
VENV_VERSION := $(shell sed -n 's/^version\(_info\)\{0,1\} *= *\([0-9]*\.[0-9]*\).*/\2/p' $(VENV)/pyvenv.cfg 2>/dev/null)
ifneq ($(VENV_VERSION),$(PYTHON_VERSION))
$(PY) $(RUN_STAMP) $(DEV_STAMP): FORCE
endif

.PHONY: run test bench lint lock FORCE

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
	rm -rf $(VENV)
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
