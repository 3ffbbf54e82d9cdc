# Two commands on a fresh machine: `make run` serves the app, `make test`
# passes every test. Both build .venv from the requirements when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8501
CHROMIUM ?= /usr/bin/chromium

.PHONY: run test lint format bench load soak chromium clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files: reinstall only when a requirements file changes.
$(VENV)/.runtime: $(BIN)/python requirements.txt
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

# Debian's Chromium for the browser tests (Playwright's own download cannot
# work on these machines).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "The browser tests need Chromium at $(CHROMIUM)."; \
		echo "Install it with: sudo apt-get install chromium (or set CHROMIUM=/path/to/chromium)"; \
		exit 1; \
	fi

run: $(VENV)/.runtime
	$(BIN)/python serve.py --server.port $(PORT)

test: $(VENV)/.dev chromium
	$(BIN)/ruff check .
	CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Speed ratios (browser, AppTest, benchstats) side by side: a few minutes.
bench: $(VENV)/.dev chromium
	CHROMIUM=$(CHROMIUM) $(BIN)/python tools/bench_all.py

# 50 concurrent sessions on one loopback server for 60 s (tools/load_test.py --help).
load: $(VENV)/.dev
	$(BIN)/python tools/load_test.py

# 1,000 edits of each page in one server, memory growth reported (long: minutes).
soak: $(VENV)/.dev
	$(BIN)/python tools/soak.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts
