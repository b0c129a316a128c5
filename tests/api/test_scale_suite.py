"""The HTTP suite's tests of the shared ``live`` server, run again against two Ray Serve replicas.

The same test functions, imported here, get a ``live`` that is the scaled deployment (the fixture
below overrides conftest's for this module): endpoints, fields, streams, errors and the published
schema must not tell one process from N replicas. Where a test reads the server's internals
(forward passes, request counters) it reads them from the summed /metrics instead. Left out: tests
that patch the server process (the replicas are other processes) and the batching test (it counts
one engine's shared passes; two replicas batch apart).
"""

from __future__ import annotations

import sys

import httpx
import pytest

from fastapply.api import Settings

from .test_apply_endpoints import (  # noqa: F401  (collected here against the scaled deployment)
    test_apply_json_has_merged_diff_stats_warnings,
    test_apply_stream_deltas_add_up_to_merged,
    test_deterministic_mode_needs_no_engine_pass,
    test_models_health_metrics,
    test_relace_apply_json_and_stream,
    test_update_is_an_alias_of_snippet,
)
from .test_bad_input import (  # noqa: F401
    test_bad_apply_bodies,
    test_body_over_the_size_limit_is_413,
    test_input_over_the_model_context_is_413_with_the_limit,
    test_relace_and_routing_errors,
    test_undecodable_bodies,
)
from .test_contract import test_truncated_output_is_refused_through_every_door  # noqa: F401
from .test_hostile_input import (  # noqa: F401
    test_a_client_leaving_mid_upload_is_a_quiet_499,
    test_lone_surrogates_are_400,
    test_paired_surrogates_are_fine,
)
from .test_openai_compat import (  # noqa: F401
    client,
    test_apply_message_matches_native_apply,
    test_bad_chat_requests_are_400,
    test_models_list_through_client,
    test_predicted_output_is_lossless_and_accepted,
    test_stop_sequence_ends_the_text_before_it,
    test_streaming_equals_non_streaming,
    test_unknown_model_is_openai_404,
)
from .test_published_contract import (  # noqa: F401
    test_an_extralong_request_that_does_not_follow_the_protocol_is_400,
    test_openapi_declares_every_body_and_response,
)
from .test_scale import deploy, local_ray
from .test_stream_equivalence import (  # noqa: F401
    test_apply_stream_equals_json_for_every_mode_and_windowing,
    test_chat_and_relace_streams_equal_their_json_when_windowed,
    test_windows_below_line_one_stream_the_whole_file,
)

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.slow


def tiny_applier_without_loop_stop(settings: Settings):
    """conftest's make_applier, in each replica: the suite's random model must run to max_tokens."""
    import torch
    from transformers import AutoTokenizer, LlamaForCausalLM

    from fastapply.apply.applier import Applier
    from fastapply.engine.config import EngineConfig
    from fastapply.engine.engine import Engine

    model = LlamaForCausalLM.from_pretrained(settings.model, dtype=torch.float32).eval().requires_grad_(False)
    config = EngineConfig(k=settings.k, max_batch=settings.max_batch, max_kv_tokens=settings.max_kv_tokens)
    return Applier(Engine(model, AutoTokenizer.from_pretrained(settings.model), config), runaway_slack=None)


class MetricsReader:
    """The parts of the in-process server the suite reads, from the deployment's summed /metrics."""

    def __init__(self, url: str):
        self.url = url

    def counter_value(self, name: str, **labels) -> float:
        total = 0.0
        for line in httpx.get(self.url + "/metrics", timeout=30).text.splitlines():
            series, _, value = line.rpartition(" ")
            if series.split("{")[0] == name and all(f'{k}="{v}"' in series for k, v in labels.items()):
                total += float(value)
        return total

    @property
    def total_passes(self) -> int:
        return int(self.counter_value("fastapply_forward_passes_total"))


class ScaledLive:
    def __init__(self, url: str):
        self.url = url
        self.engine = MetricsReader(url)
        self.app = type("App", (), {"state": type("State", (), {"metrics": self.engine})})


@pytest.fixture(scope="module")
def live(tiny_lm, smollm_tokenizer, tmp_path_factory):
    folder = tmp_path_factory.mktemp("scale_suite_model")
    tiny_lm.save_pretrained(folder)
    smollm_tokenizer.save_pretrained(folder)
    # The loader is defined in this test module, which the replicas cannot import: send it by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    settings = Settings(
        api_key=None,
        model=str(folder),
        default_mode="model",
        k=8,
        max_batch=8,
        max_kv_tokens=65536,
        max_body_bytes=64 * 1024,
    )
    with local_ray() as url:
        deploy(settings, load=tiny_applier_without_loop_stop)
        yield ScaledLive(url)


def test_serve_replicas_command_serves_and_stops(tiny_model_dir):
    """``fastapply serve --replicas 2`` as a user runs it: its own Ray, two replicas, Ctrl-C stops it."""
    import signal
    import subprocess
    import time

    from .test_scale import free_port

    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fastapply.api.server",
            "--replicas",
            "2",
            "--port",
            str(port),
            "--model",
            str(tiny_model_dir),
            "--device",
            "cpu",
            "--log-level",
            "warning",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        url, deadline = f"http://127.0.0.1:{port}", time.time() + 240
        while True:
            assert server.poll() is None and time.time() < deadline, "the scaled server did not start"
            try:
                if len(httpx.get(url + "/health", timeout=5).json().get("replicas", [])) == 2:
                    break
            except (httpx.HTTPError, ValueError):
                pass
            time.sleep(1)
        body = {"original": "x = 1\n", "snippet": "x = 2\n", "options": {"mode": "deterministic"}}
        assert httpx.post(url + "/apply", json=body, timeout=60).json()["merged"] == "x = 2\n"
        server.send_signal(signal.SIGINT)
        assert server.wait(90) == 0
        assert "2 replica(s)" in server.stdout.read()
    finally:
        if server.poll() is None:
            server.kill()
