"""The scale-out parts that need no cluster: routing keys and rendezvous, the summed /metrics, the
replica options and autoscaling defaults, the ``fastapply serve`` flags and the config-file builder."""

from __future__ import annotations

import json

import pytest

from fastapply.api.server import build_parser
from fastapply.api.server import main as serve_main
from fastapply.scale.affinity import file_key, rendezvous
from fastapply.scale.cli import scale_from_args
from fastapply.scale.config import ScaleConfig
from fastapply.scale.prometheus import Aggregator

FILE = "def f():\n    return 1\n"


def body(**fields) -> bytes:
    return json.dumps(fields).encode()


def test_a_file_has_one_key_through_every_door():
    message = f"<instruction>x</instruction><code>{FILE}</code><update>y</update>"
    keys = {
        file_key("/apply", body(original=FILE, snippet="a")),
        file_key("/v1/code/apply", body(initial_code=FILE, edit_snippet="b")),
        file_key("/v1/code/apply", body(initialCode=FILE, editSnippet="c")),
        file_key("/v1/chat/completions", body(model="m", messages=[{"role": "user", "content": message}])),
        file_key(
            "/v1/apply/chat/completions",
            body(messages=[{"role": "user", "content": [{"type": "text", "text": message}]}]),
        ),
        file_key(
            "/v1/chat/completions",
            body(messages=[{"role": "user", "content": "hi"}], prediction={"type": "content", "content": FILE}),
        ),
    }
    assert len(keys) == 1 and None not in keys
    named = file_key("/apply", body(original=FILE, snippet="a", path="src/x.py"))
    assert named == file_key("/apply", body(original="other\n", snippet="b", path="src/x.py")) != keys.pop()


@pytest.mark.parametrize(
    "path, raw",
    [
        ("/apply", b"{not json"),
        ("/apply", b"[1]"),
        ("/health", b""),
        ("/apply", body(original=3)),
        ("/v1/chat/completions", body(messages="x")),
    ],
)
def test_requests_without_a_file_have_no_key(path, raw):
    assert file_key(path, raw) is None


def test_rendezvous_moves_only_the_files_of_a_replica_that_leaves():
    keys = [f"file{i}" for i in range(400)]
    three = {k: rendezvous(k, ["a", "b", "c"]) for k in keys}
    two = {k: rendezvous(k, ["a", "c"]) for k in keys}
    assert all(two[k] == home for k, home in three.items() if home != "b")
    assert 100 < sum(home == "b" for home in three.values()) < 170  # an even share each
    assert rendezvous("x", []) is None


def exposition(tokens: float, drafted: float, accepted: float, queue: float) -> str:
    return (
        "\n".join(
            [
                "# HELP fastapply_output_tokens_total output tokens",
                "# TYPE fastapply_output_tokens_total counter",
                f'fastapply_output_tokens_total{{endpoint="/apply"}} {tokens}',
                "# HELP fastapply_draft_tokens_total drafted",
                "# TYPE fastapply_draft_tokens_total counter",
                f'fastapply_draft_tokens_total{{endpoint="/apply"}} {drafted}',
                "# HELP fastapply_accepted_draft_tokens_total accepted",
                "# TYPE fastapply_accepted_draft_tokens_total counter",
                f'fastapply_accepted_draft_tokens_total{{endpoint="/apply"}} {accepted}',
                "# HELP fastapply_request_latency_seconds latency",
                "# TYPE fastapply_request_latency_seconds histogram",
                'fastapply_request_latency_seconds_bucket{endpoint="/apply",le="1"} 1',
                'fastapply_request_latency_seconds_bucket{endpoint="/apply",le="+Inf"} 2',
                'fastapply_request_latency_seconds_sum{endpoint="/apply"} 3.5',
                'fastapply_request_latency_seconds_count{endpoint="/apply"} 2',
                "# HELP fastapply_queue_depth waiting",
                "# TYPE fastapply_queue_depth gauge",
                f"fastapply_queue_depth {queue}",
                "# HELP fastapply_acceptance_rate ratio",
                "# TYPE fastapply_acceptance_rate gauge",
                f"fastapply_acceptance_rate {accepted / drafted}",
            ]
        )
        + "\n"
    )


def samples(text: str) -> dict[str, float]:
    return {
        line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line and not line.startswith("#")
    }


def test_metrics_sum_replicas_and_keep_the_counts_of_replicas_that_are_gone():
    aggregator = Aggregator()
    front = (
        "# HELP fastapply_requests_total requests\n# TYPE fastapply_requests_total counter\n"
        'fastapply_requests_total{endpoint="/metrics",status="200"} 1\n'
    )
    first = samples(aggregator.render({"r1": exposition(10, 8, 6, 1), "r2": exposition(30, 12, 3, 2)}, True, front))
    assert first['fastapply_output_tokens_total{endpoint="/apply"}'] == 40
    assert first['fastapply_request_latency_seconds_bucket{endpoint="/apply",le="+Inf"}'] == 4
    assert first["fastapply_queue_depth"] == 3 and first["fastapply_acceptance_rate"] == 9 / 20
    assert first['fastapply_replica_output_tokens_total{replica="r2"}'] == 30 and first["fastapply_replicas"] == 2
    assert first['fastapply_requests_total{endpoint="/metrics",status="200"}'] == 1  # the front's own
    # r2 is replaced by r3: its counts stay in the sums, its gauges go.
    second = samples(aggregator.render({"r1": exposition(11, 8, 6, 0), "r3": exposition(5, 4, 4, 0)}, True))
    assert second['fastapply_output_tokens_total{endpoint="/apply"}'] == 11 + 5 + 30
    assert second['fastapply_request_latency_seconds_count{endpoint="/apply"}'] == 6
    assert second["fastapply_queue_depth"] == 0 and 'fastapply_replica_output_tokens_total{replica="r2"}' not in second
    # A scrape some replica did not answer retires nobody (it may only be slow).
    third = samples(aggregator.render({"r1": exposition(12, 8, 6, 0)}, False))
    assert third['fastapply_output_tokens_total{endpoint="/apply"}'] == 12 + 30
    fourth = samples(aggregator.render({"r1": exposition(12, 8, 6, 0), "r3": exposition(6, 4, 4, 0)}, True))
    assert fourth['fastapply_output_tokens_total{endpoint="/apply"}'] == 12 + 6 + 30


def test_replica_options_fit_one_gpu_per_replica():
    fixed = ScaleConfig(replicas=3).engine_options(max_batch=8, max_queue=64, cluster_gpus=4)
    assert fixed["num_replicas"] == 3 and fixed["ray_actor_options"]["num_gpus"] == 1.0
    assert fixed["max_ongoing_requests"] == 72 and fixed["max_queued_requests"] == 64
    auto = ScaleConfig(min_replicas=1).engine_options(max_batch=8, max_queue=64, cluster_gpus=4)["autoscaling_config"]
    assert (auto["min_replicas"], auto["max_replicas"], auto["target_ongoing_requests"]) == (1, 4, 8)
    cpu = ScaleConfig(max_replicas=2, target_ongoing_requests=3).engine_options(8, 64, cluster_gpus=0)
    assert cpu["ray_actor_options"]["num_gpus"] == 0 and cpu["autoscaling_config"]["target_ongoing_requests"] == 3
    assert ScaleConfig(cpus_per_replica=2.5).threads == 2 and ScaleConfig(torch_threads=4).threads == 4


@pytest.mark.parametrize(
    "fields, needle",
    [
        (dict(replicas=0), "replicas"),
        (dict(min_replicas=3, max_replicas=2), "exceeds"),
        (dict(target_ongoing_requests=0), "target_ongoing"),
        (dict(gpus_per_replica=-1), "gpus"),
        (dict(retries=-1), "retries"),
        (dict(front_replicas=0), "front_replicas"),
    ],
)
def test_bad_scale_settings_are_refused(fields, needle):
    with pytest.raises(ValueError, match=needle):
        ScaleConfig(**fields)


def test_serve_flags():
    parse = build_parser().parse_args
    assert scale_from_args(parse([])) is None  # no flag: the single-process server, no Ray
    config = scale_from_args(parse(["--replicas", "2", "--gpus-per-replica", "0.5", "--ray-address", "auto"]))
    assert (config.replicas, config.gpus_per_replica, config.address) == (2, 0.5, "auto")
    config = scale_from_args(parse(["--min-replicas", "1", "--max-replicas", "4", "--target-ongoing-requests", "6"]))
    assert config.autoscaling and (config.min_replicas, config.max_replicas) == (1, 4)


@pytest.mark.parametrize(
    "argv",
    [["--replicas", "2", "--max-replicas", "3"], ["--replicas", "0"], ["--min-replicas", "5", "--max-replicas", "2"]],
)
def test_contradicting_serve_flags_exit_2(argv, capsys):
    assert serve_main(argv) == 2
    assert "fastapply serve: error:" in capsys.readouterr().err


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # Ray's own pydantic fields, at import
def test_config_file_builder_names_unknown_args():
    pytest.importorskip("ray")
    from fastapply.scale.deploy import build

    with pytest.raises(ValueError, match="unknown fastapply args replica_count"):
        build({"replica_count": 2})
    app = build({"model": "default", "replicas": 2, "max_batch": 4, "gpus_per_replica": 0})
    assert type(app).__name__ == "Application"
