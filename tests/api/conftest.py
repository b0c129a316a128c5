"""Fixtures for the HTTP service: a tiny random Llama with the real SmolLM2 tokenizer, served by a
real uvicorn on a loopback port (a thread), with the real engine loop. A random model merges
nothing sensibly: the tests check mechanics (identical bytes, counts, protocol shapes)."""

from __future__ import annotations

import contextlib
import dataclasses
import socket
import threading
import time

import pytest
import torch

from fastapply.api import Settings, create_app
from fastapply.apply.applier import Applier
from fastapply.engine.config import EngineConfig
from fastapply.engine.engine import Engine

CONTEXT = 4096  # the tiny model's max_position_embeddings: the service's context limit in these tests


@pytest.fixture(scope="module", autouse=True)
def one_torch_thread():
    """A tiny model on a shared 2-core machine: thread hand-offs cost more than the math (25 ms vs
    4 ms per pass), so the service tests run torch on one thread and restore the setting after."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="session")
def tiny_lm(smollm_tokenizer):
    from transformers import LlamaConfig, LlamaForCausalLM

    tok = smollm_tokenizer
    # Seed 2, untied head: outputs differ per input and include a split multi-byte character,
    # which the streaming tests need (a tied head makes this tiny model print only newlines).
    torch.manual_seed(2)
    cfg = LlamaConfig(
        vocab_size=len(tok),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=CONTEXT,
        tie_word_embeddings=False,
        eos_token_id=tok.eos_token_id,
        bos_token_id=tok.bos_token_id,
    )
    model = LlamaForCausalLM(cfg)
    with torch.no_grad():  # random logits are nearly flat: sharpen them so greedy choices are far from ties
        model.lm_head.weight.mul_(4.0)
    return model.eval().requires_grad_(False)


def make_applier(model, tokenizer, **config) -> Applier:
    # runaway_slack=None: a random model loops from its first tokens, and these tests need its runs to
    # last until max_tokens (timeouts, batching); the loop stop has its own tests.
    runaway_slack = config.pop("runaway_slack", None)
    defaults = dict(k=8, max_batch=8, max_kv_tokens=65536)
    return Applier(Engine(model, tokenizer, EngineConfig(**{**defaults, **config})), runaway_slack=runaway_slack)


class LiveServer:
    """uvicorn in a thread on a socket bound here (no port race); ``url`` once it is serving."""

    def __init__(self, app):
        import uvicorn

        self.app = app
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.time() + 30
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(15)
        self.sock.close()

    @property
    def engine(self) -> Engine:
        return self.app.state.engine_loop.engine


@contextlib.contextmanager
def serve(model, tokenizer, settings: Settings | None = None, server_default_mode: bool = False, **engine_config):
    settings = settings or Settings(api_key=None)
    if not server_default_mode:
        # These tests check the model path's mechanics; the service's default mode (auto) would answer
        # confident edits with the deterministic merge and never reach the model.
        settings = dataclasses.replace(settings, default_mode="model")
    app = create_app(make_applier(model, tokenizer, **engine_config), settings)
    with LiveServer(app) as live:
        yield live


@pytest.fixture(scope="module")
def live(tiny_lm, smollm_tokenizer):
    with serve(tiny_lm, smollm_tokenizer, Settings(api_key=None, max_body_bytes=64 * 1024)) as server:
        yield server


@pytest.fixture(scope="session")
def serve_factory(tiny_lm, smollm_tokenizer):
    """``serve_factory(settings, **engine_config)``: a context manager for a dedicated server."""
    return lambda settings, **engine_config: serve(tiny_lm, smollm_tokenizer, settings, **engine_config)


@pytest.fixture
def merge_flagged(monkeypatch):
    """Complete answers the validator flags: the merge's answer, with a syntax error reported in it
    (the real merge refuses to answer with one, and a random model never finishes on its own)."""
    import fastapply.apply.applier
    from fastapply.merge.codes import ApplyWarning

    real = fastapply.apply.applier.settle

    def settle(request, prepared):
        result = real(request, prepared)
        if result is not None:
            result.warnings.append(ApplyWarning("syntax_error", "1 parse error(s) not in the original", (2,)))
        return result

    monkeypatch.setattr(fastapply.apply.applier, "settle", settle)
