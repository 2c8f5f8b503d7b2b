# Two commands for a fresh machine: `make sim` and `make test`.
PY := .venv/bin/python
STAMP := .venv/.installed
MPY := node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs

.PHONY: sim test deps screenshots bench tournament clean

$(STAMP): requirements.txt
	python3 -m venv .venv
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $(STAMP)

$(MPY): package.json
	npm install --no-audit --no-fund --silent
	touch $(MPY)

deps: $(STAMP) $(MPY)

sim: deps
	$(PY) -m simulator $(ARGS)

test: deps
	$(PY) -m pytest -q -p no:cacheprovider tests

screenshots: deps
	$(PY) -m tools.screenshots

bench: deps
	$(PY) -m tools.bench --json

clean:
	rm -rf .venv node_modules
