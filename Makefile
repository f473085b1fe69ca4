# Two commands set everything up on a fresh machine (Python 3.11+ and make are the only prerequisites):
#   make play   creates .venv, installs amul_table into it and opens the game
#   make test   does the same install and runs the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-fast lint bench clean

# setup.py compiles the playouts with mypyc in place: a change to their source, or to the rules modules whose
# types they are compiled against (rules/phases.py's enums, rules/state.py's GameState...), rebuilds them.
$(STAMP): pyproject.toml setup.py amul_table/ai/playout.py amul_table/ai/fastscore.py $(wildcard amul_table/rules/*.py)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/amul-table

test: $(STAMP)
	$(BIN)/ruff check amul_table tests benchmarks tools setup.py
	$(BIN)/lint-imports
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n auto

# The inner loop: every behaviour at its most demanding cases, without the slow fuzz, monkey, round-trip and autoplay
# suites and the wider cases of sweeps (tests/budget.py); make test runs them all.
test-fast: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n auto -m "not slow"

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/bots.py
	$(BIN)/python benchmarks/saves.py
	$(BIN)/python benchmarks/records.py
	$(BIN)/python benchmarks/review.py
	$(BIN)/python benchmarks/hint.py
	$(BIN)/python benchmarks/finder.py
	SDL_VIDEODRIVER=dummy $(BIN)/python benchmarks/layouts.py
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python benchmarks/frames.py

clean:
	rm -rf $(VENV) .pytest_cache
