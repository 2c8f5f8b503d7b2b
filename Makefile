# Two commands for a fresh machine: `make sim` and `make test`.
PY := .venv/bin/python
# the interpreter the venv is made from (make test PYTHON=python3.13)
PYTHON ?= python3
STAMP := .venv/.installed
.DEFAULT_GOAL := help
MPY := node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs
CP9 := build/circuitpython9-stubs/.installed

.PHONY: help sim test deps screenshots bench clean

$(STAMP): requirements.txt
	$(PYTHON) -m venv .venv
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $(STAMP)

$(MPY): package.json
	npm install --no-audit --no-fund --silent
	touch $(MPY)

# CircuitPython 9's API, beside the 10.3 one in requirements.txt (tests/test_circuitpython_api.py)
$(CP9): $(STAMP)
	$(PY) -m pip install -q --no-deps --upgrade --target build/circuitpython9-stubs circuitpython-stubs==9.2.9
	touch $(CP9)

help:  ## this list: each target and what it does
	@sed -n 's/^\([a-z]*\):.*## /\1\t/p' Makefile

deps: $(STAMP) $(MPY)  ## install the venv, its PyPI packages and the npm MicroPython build

sim: deps  ## play in the simulator (ARGS="--board hack_club_sprig"; ARGS=--help for more)
	$(PY) -m simulator $(ARGS)

test: deps $(CP9)  ## install everything and run every test (what CI runs)
	$(PY) -m pytest -q -p no:cacheprovider tests

screenshots: deps  ## render every board's screens into docs/screens and the README's figures
	$(PY) -m tools.screenshots $(ARGS)

# always with its JSON line (the figures the README quotes); ARGS=--json does not repeat it
bench: deps  ## MicroPython heap bytes and times, ending in a JSON line
	$(PY) -m tools.bench --json $(filter-out --json,$(ARGS))

clean:  ## remove the venv and node_modules
	rm -rf .venv node_modules
