"""Scale-out on a real local Ray cluster: two CPU engine replicas of a tiny random model behind the
Ray Serve front, on loopback, against the single-process server loading the same model folder with
the same settings. Same bytes through every door, same errors and auth, one file on one replica,
summed /health and /metrics, a cancelled stream frees its row, and a killed replica loses no request
silently and is replaced."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import time

import httpx
import openai
import pytest

from fastapply.api import Settings, create_app

from .conftest import LiveServer
from .test_apply_endpoints import sse_events

ray = pytest.importorskip("ray")
serve = pytest.importorskip("ray.serve")

KEY = "sekret"
AUTH = {"Authorization": f"Bearer {KEY}"}
ORIGINAL = "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(12))
SNIPPET = "# ... existing code ...\n\ndef f5(x):\n    return x * 5\n\n# ... existing code ...\n"
MESSAGE = f"<instruction>scale f5</instruction>\n<code>{ORIGINAL}</code>\n<update>{SNIPPET}</update>"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def local_ray(cpus: int = 2):
    """A Ray cluster on this machine and Serve's HTTP proxy on a free loopback port."""
    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
    try:
        port = free_port()
        serve.start(http_options={"host": "127.0.0.1", "port": port})
        yield f"http://127.0.0.1:{port}"
    finally:
        serve.shutdown()
        ray.shutdown()


def deploy(settings: Settings, replicas: int = 2, load=None, **scale) -> None:
    from fastapply.scale import ScaleConfig
    from fastapply.scale.deploy import build_application

    config = ScaleConfig(replicas=replicas, cpus_per_replica=1, **scale)
    serve.run(build_application(settings, config, load), name=config.app_name, route_prefix="/")


@pytest.fixture(scope="module")
def model_settings(tiny_lm, smollm_tokenizer, tmp_path_factory) -> Settings:
    """The tiny model as a folder both servers load with the production loader."""
    folder = tmp_path_factory.mktemp("scale_model")
    tiny_lm.save_pretrained(folder)
    smollm_tokenizer.save_pretrained(folder)
    return Settings(
        api_key=KEY,
        model=str(folder),
        device="cpu",
        dtype="float32",
        default_mode="model",
        k=8,
        max_body_bytes=64 * 1024,
    )


@pytest.fixture(scope="module")
def single(model_settings):
    with LiveServer(create_app(settings=model_settings)) as server:
        yield server


@pytest.fixture(scope="module")
def scaled(model_settings):
    with local_ray() as url:
        deploy(model_settings)
        yield url


def replicas(url: str) -> list[dict]:
    return httpx.get(url + "/health", timeout=30).json()["replicas"]


def apply_body(path="calc.py", **options) -> dict:
    return {
        "original": ORIGINAL,
        "snippet": SNIPPET,
        "path": path,
        "options": {"max_tokens": 48, "allow_flagged": True, **options},
    }


def answers(url: str) -> dict:
    """What a client sees from every door, minus timings (which no two runs share)."""
    native = httpx.post(url + "/apply", json=apply_body(), headers=AUTH, timeout=60).json()
    streamed = sse_events(httpx.post(url + "/apply", json=apply_body(stream=True), headers=AUTH, timeout=60).text)
    relace = httpx.post(
        url + "/v1/code/apply",
        headers=AUTH,
        timeout=60,
        json={"initial_code": ORIGINAL, "edit_snippet": SNIPPET, "allow_flagged": True},
    ).json()
    client = openai.OpenAI(base_url=url + "/v1", api_key=KEY, max_retries=0, timeout=60)
    chat = dict(
        model="morph-v3-fast",
        max_tokens=40,
        messages=[{"role": "user", "content": MESSAGE}],
        extra_body={"allow_flagged": True},
    )
    completion = client.chat.completions.create(**chat)
    chunks = list(client.chat.completions.create(stream=True, **chat))
    predicted = client.chat.completions.create(
        model="auto",
        max_tokens=24,
        prediction={"type": "content", "content": ORIGINAL},
        messages=[{"role": "user", "content": "go"}],
    )
    return {
        "merged": native["merged"],
        "diff": native["diff"],
        "warnings": native["warnings"],
        "tokens": native["stats"]["output_tokens"],
        "finish": native["finish_reason"],
        "streamed": "".join(json.loads(d)["text"] for name, d in streamed if name == "delta"),
        "streamed_done": json.loads(streamed[-1][1])["merged"],
        "relace": relace["mergedCode"],
        "chat": completion.choices[0].message.content,
        "chat_usage": completion.usage.model_dump(),
        "chat_stream": "".join(c.choices[0].delta.content or "" for c in chunks if c.choices),
        "predicted": predicted.choices[0].message.content,
    }


def test_every_door_answers_the_same_bytes_as_one_process(single, scaled):
    expected, got = answers(single.url), answers(scaled)
    assert got == expected
    assert got["streamed"] == got["merged"] and got["tokens"] > 0


ERRORS = [
    ("POST", "/apply", b'{"original": "x", '),
    ("POST", "/apply", b"[1, 2]"),
    ("GET", "/nowhere", b""),
    ("GET", "/apply", b""),
    ("POST", "/apply", json.dumps(apply_body() | {"original": "x" * 70_000}).encode()),
    ("POST", "/v1/chat/completions", json.dumps({"model": "gpt-9", "messages": []}).encode()),
    ("POST", "/v1/code/apply", b'{"edit_snippet": "x"}'),
]


@pytest.mark.parametrize("method, path, body", ERRORS)
def test_errors_are_the_same_as_one_process(single, scaled, method, path, body):
    headers = {**AUTH, "content-type": "application/json"}
    one, many = (
        httpx.request(method, url + path, content=body, headers=headers, timeout=30) for url in (single.url, scaled)
    )
    assert many.status_code == one.status_code >= 400 and many.json() == one.json()


def test_auth_is_the_same_as_one_process(scaled):
    assert httpx.post(scaled + "/apply", json=apply_body()).status_code == 401
    wrong = httpx.post(scaled + "/apply", json=apply_body(), headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "invalid_api_key"
    assert httpx.post(scaled + "/apply", json=apply_body(), headers={"x-api-key": KEY}, timeout=60).status_code == 200
    assert httpx.get(scaled + "/metrics").status_code == 401  # answered by the front itself
    assert httpx.get(scaled + "/health").status_code == 200  # open for probes
    with pytest.raises(openai.AuthenticationError):
        openai.OpenAI(base_url=scaled + "/v1", api_key="bad", max_retries=0).models.list()


def test_one_file_goes_to_its_home_replica(scaled):
    from fastapply.scale.affinity import file_key, rendezvous

    ids = [r["replica"] for r in replicas(scaled)]
    # Replica ids are random: pick two files homed on each replica (computed, not hoped for).
    bodies: dict[str, list[bytes]] = {home: [] for home in ids}
    for i in range(200):
        body = json.dumps(apply_body(f"f{i}.py", max_tokens=4)).encode()
        home = rendezvous(file_key("/apply", body), ids)
        if len(bodies[home]) < 2:
            bodies[home].append(body)
    assert all(len(b) == 2 for b in bodies.values())
    for home, homed in bodies.items():
        for body in homed:
            for _ in range(2):
                response = httpx.post(scaled + "/apply", content=body, headers=AUTH, timeout=60)
                assert response.status_code == 200 and response.headers["x-fastapply-replica"] == home


def test_a_busy_home_sends_its_file_to_the_other_replica(scaled):
    """Six requests for one file at once: the home takes them until it is 3 ahead, then they spill."""
    body = apply_body("busy.py", max_tokens=300, k=0, stop_loops=False)  # k=0: ~1 s each, so they overlap
    with httpx.Client(timeout=120, headers=AUTH) as client:
        threads, served = [], []
        together = threading.Barrier(6)  # a loaded machine starts threads late; send all six at once

        def post() -> None:
            together.wait()
            served.append(client.post(scaled + "/apply", json=body).headers["x-fastapply-replica"])

        for _ in range(6):
            threads.append(threading.Thread(target=post))
            threads[-1].start()
        for thread in threads:
            thread.join()
    assert len(set(served)) == 2 and max(served.count(r) for r in served) >= 3, served


def test_health_and_metrics_sum_the_replicas(scaled):
    health = httpx.get(scaled + "/health", timeout=30).json()
    assert health["status"] == "ok" and len(health["replicas"]) == 2
    assert health["max_batch"] == sum(r["max_batch"] for r in health["replicas"]) == 16
    text = httpx.get(scaled + "/metrics", headers=AUTH, timeout=30).text
    values = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            values[name] = float(value)
    per_replica = [v for k, v in values.items() if k.startswith("fastapply_replica_output_tokens_total{")]
    assert values["fastapply_replicas"] == 2 and len(per_replica) == 2
    totals = [v for k, v in values.items() if k.startswith("fastapply_output_tokens_total{")]
    assert sum(totals) == sum(per_replica) > 0
    assert values['fastapply_requests_total{endpoint="/metrics",status="401"}'] >= 1  # the front's own answers
    assert 'fastapply_request_latency_seconds_bucket{endpoint="/apply",le="+Inf"}' in values


def test_a_cancelled_stream_frees_its_row(scaled):
    def cancelled() -> float:
        text = httpx.get(scaled + "/metrics", headers=AUTH, timeout=30).text
        return sum(
            float(line.rsplit(" ", 1)[1])
            for line in text.splitlines()
            if line.startswith('fastapply_cancelled_total{reason="disconnected"}')
        )

    before = cancelled()
    body = apply_body(max_tokens=3000, k=0, stop_loops=False, stream=True)
    with httpx.stream("POST", scaled + "/apply", json=body, headers=AUTH, timeout=60) as response:
        for line in response.iter_lines():
            if line.startswith("event: delta"):
                break  # generating; now hang up
    deadline = time.time() + 10
    while cancelled() != before + 1 or httpx.get(scaled + "/health").json()["running"]:
        assert time.time() < deadline, "the cancelled stream kept its row"
        time.sleep(0.1)


def test_a_killed_replica_loses_no_request_and_is_replaced(scaled):
    """Requests in flight on the killed replica: those that had sent nothing yet are re-sent to the
    other replica (200, same bytes); streams under way end in a replica_failed error event."""
    reference = httpx.post(
        scaled + "/apply", json=apply_body(max_tokens=400, stop_loops=False), headers=AUTH, timeout=60
    ).json()["merged"]
    results: dict[int, httpx.Response] = {}

    def send(i: int, stream: bool):
        body = apply_body(f"file{i}.py", max_tokens=400, stop_loops=False, stream=stream)
        results[i] = httpx.post(scaled + "/apply", json=body, headers=AUTH, timeout=120)

    threads = [threading.Thread(target=send, args=(i, i % 3 == 0)) for i in range(8)]
    for thread in threads:
        thread.start()
    deadline = time.time() + 20
    while not [r for r in replicas(scaled) if r["running"]]:
        assert time.time() < deadline, "no request started"
        time.sleep(0.05)
    victim = next(r["replica"] for r in replicas(scaled) if r["running"])
    ray.kill(ray.get_actor(f"SERVE_REPLICA::fastapply#engine#{victim}", namespace="serve"), no_restart=True)
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive(), "a request hung after its replica died"
    text = httpx.get(scaled + "/metrics", headers=AUTH, timeout=30).text
    rescued = [
        line
        for line in text.splitlines()
        if line.startswith(("fastapply_retried_requests_total ", "fastapply_broken_streams_total "))
    ]
    assert sum(float(line.split()[1]) for line in rescued) >= 1  # the victim really had requests in flight
    for i, response in results.items():
        assert response.status_code == 200, response.text
        if i % 3:
            assert response.json()["merged"] == reference  # re-sent or untouched: the same bytes
        else:
            name, data = sse_events(response.text)[-1]
            assert name in ("done", "error"), response.text[-300:]
            assert (
                name == "done"
                and json.loads(data)["merged"] == reference
                or json.loads(data)["error"]["code"] == "replica_failed"
            )
    deadline = time.time() + 90
    while len(ids := [r["replica"] for r in replicas(scaled)]) < 2:
        assert time.time() < deadline, "the killed replica was not replaced"
        time.sleep(0.5)
    assert victim not in ids
    for i in range(4):  # the replacement serves its share of files
        response = httpx.post(
            scaled + "/apply", json=apply_body(f"after{i}.py", max_tokens=4), headers=AUTH, timeout=60
        )
        assert response.status_code == 200
