# gmtool: `make run` opens the demo campaign, `make test` runs the whole suite.
# Both create .venv and install what they need on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint pytest bench clean

$(VENV)/.installed-run: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/gmtool

lint: $(VENV)/.installed-test
	$(BIN)/ruff check gmtool tests bench
	$(BIN)/ruff format --check gmtool tests bench
	$(BIN)/mypy

# Snapshot tests need animations off before pytest starts, and NO_COLOR unset.
# Three workers on two cores: a screen test spends about a third of its time waiting for
# the app to be idle (each wait at least 20 ms), time a third worker uses.
pytest: $(VENV)/.installed-test
	env -u NO_COLOR TEXTUAL_ANIMATIONS=none $(BIN)/python -m pytest -n 3 --dist worksteal -q

test: lint pytest

bench: $(VENV)/.installed-test
	for script in bench/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
