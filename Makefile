# Two commands on a fresh machine: `make run` serves the app, `make test`
# passes every test. Both build .venv from the requirements when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8501
CHROMIUM ?= /usr/bin/chromium
# make serve / make load: Streamlit processes behind HAProxy (one per core).
WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
SERVE_PORT ?= 8500
SESSIONS ?= 100
RAMP ?= 10
RERUNS ?= 1000

.PHONY: run dev serve test lint format docs i18n bench profile load load-pages soak chromium haproxy clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files: reinstall only when a requirements file changes. The editable
# install puts the checkout's benchstats and the leadorluck command in .venv
# (PYTHONWARNINGS quiets setuptools' banner about editable installs).
$(VENV)/.runtime: $(BIN)/python requirements.txt pyproject.toml
	$(BIN)/pip install --quiet -r requirements.txt
	PYTHONWARNINGS=ignore $(BIN)/pip install --quiet --no-deps -e .
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

# Debian's HAProxy for make serve, make load and the proxy test.
haproxy:
	@if command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's haproxy for make serve"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null; \
	else \
		echo "make serve needs HAProxy (a load balancer in front of several Streamlit processes)."; \
		echo "Install it with: sudo apt-get install haproxy"; \
		exit 1; \
	fi

run: $(VENV)/.runtime
	$(BIN)/python serve.py --server.port $(PORT)

# For development: reruns the page when a file is saved (the shipped config has no watcher).
dev: $(VENV)/.runtime
	$(BIN)/python serve.py --server.port $(PORT) --server.fileWatcherType auto --server.runOnSave true

# A room: WORKERS Streamlit processes behind HAProxy on http://127.0.0.1:$(SERVE_PORT)
# (deploy/haproxy.cfg; Ctrl-C stops them all). BIND=0.0.0.0 to serve the network.
serve: $(VENV)/.runtime haproxy
	$(BIN)/python tools/serve_room.py --workers $(WORKERS) --port $(SERVE_PORT) --bind $(or $(BIND),127.0.0.1)

test: $(VENV)/.dev chromium haproxy
	$(BIN)/ruff check .
	CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# docs/urls.md from the pages' key specs, docs/benchmarks.md from the catalogue (tests check both).
docs: $(VENV)/.runtime
	$(BIN)/python -m ui.urls_doc > docs/urls.md
	$(BIN)/python -m benchstats benchmarks --format markdown > docs/benchmarks.md

# The catalogues (benchstats/locale/*/LC_MESSAGES/messages.po) from the code's messages, then
# how many are translated; docs/i18n.md says how to translate them (a test checks they are whole).
i18n: $(VENV)/.runtime
	$(BIN)/python tools/messages.py update

# Speed ratios (browser, AppTest, served CPU a run, benchstats) side by side: about 20 minutes.
bench: $(VENV)/.dev chromium
	CHROMIUM=$(CHROMIUM) $(BIN)/python tools/bench_all.py

# Where a loaded server's CPU goes: py-spy on one server as make run starts it,
# 30 readers on the recorded links for 40 s (needs root or ptrace rights).
profile: $(VENV)/.dev
	$(BIN)/python tools/profile_server.py

# A class: SESSIONS readers (100) open deep links within RAMP seconds (10), then
# each edits every 4 s for 60 s, through HAProxy in front of WORKERS servers as
# make serve starts them; WORKERS=0: one server as make run starts it, no proxy.
# Prints the first page's p50/p95 beside the edits'.
load: $(VENV)/.dev haproxy
	$(BIN)/python tools/load_test.py --workers $(WORKERS) --sessions $(SESSIONS) --ramp $(RAMP)

# Server CPU a run of each page against the minimal app, both served as make run
# serves them, 30 readers for 40 s a page (about 7 minutes).
load-pages: $(VENV)/.dev
	$(BIN)/python tools/load_test.py --per-page

# RERUNS edits (1,000) of each page in one server, memory growth reported (long: minutes).
soak: $(VENV)/.dev
	$(BIN)/python tools/soak.py --reruns $(RERUNS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts
