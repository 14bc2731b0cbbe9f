# make install  - .venv with spieltisch and everything the tests need (quick when nothing changed)
# make run      - install, then the main job: the web lobby on SQLite (prints the URL to open)
# make play     - install, then a terminal game of mancala against the strongest bot
# make test     - install, then ruff and the whole test suite
# make bench    - install, then every game's speed beside OpenSpiel (one table; JSON in build/bench.json)
# make system   - the Debian packages the tests need (Chromium, PostgreSQL), where missing
# make mutate   - install, then mutation testing of the rules modules in tests/mutation.toml
#                 (mutmut; slow, not part of make test): MODULE=src/... for one of them,
#                 ARGS="--max-children 1" to keep a run to one core

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
UV := uv==0.13.8
EXTRAS := .[test,research,ray]

.PHONY: install run play test lint bench clean system mutate

install: $(STAMP)

# setup.py and _kalah.pyx: Kalah's compiled state (Cython), built by the install into the
# source tree; a changed .pyx is built again here
$(STAMP): pyproject.toml setup.py src/spieltisch/games/mancala/_kalah.pyx
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip $(UV)
	# uv installs the project from pip's indexes (scripts/uv_install.py), in parallel: about
	# 15 s where pip alone takes 220 s; pip does it where uv fails
	$(BIN)/python scripts/uv_install.py --quiet -e '$(EXTRAS)' \
	  || $(BIN)/python -m pip install --quiet -e '$(EXTRAS)'
	# compile mancala's numba kernel and solver once, into their caches (two minutes of CPU,
	# the two side by side): the lobby's strongest mancala bot would otherwise compile on the
	# first table that seats it, and the tests' first games on the kernel would wait for it.
	# numba caches each function in files of its own, written whole, so the two can share
	$(BIN)/python -c "import spieltisch; from spieltisch.bots import make_bot; make_bot('solver', spieltisch.load_game('kalah'))" & solver=$$!; \
	$(BIN)/python -c "import numpy, spieltisch; g = spieltisch.load_game('kalah'); k = g.kernel(); k.playouts(numpy.arange(2)); k.trace(1); k.rollout(g.new_state(seed=1), 1, 1); k.play_move([4] * 12, [0, 0], 0, 2, 1)" \
	  && wait $$solver
	touch $(STAMP)

run: install
	$(BIN)/spieltisch serve

play: install
	$(BIN)/spieltisch play mancala

lint: install
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

system:
	sh scripts/system-packages.sh

test: lint system
	$(BIN)/python -m pytest -q -n 2

bench: install
	$(BIN)/spieltisch bench --save build/bench.json

mutate: install
	$(BIN)/python scripts/mutate.py $(ARGS) $(MODULE)

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .ruff_cache
	rm -f src/spieltisch/games/mancala/_kalah.c src/spieltisch/games/mancala/_kalah.*.so
