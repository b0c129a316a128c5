"""Large inputs (megabytes, under the body limit) go through the worker process for large applies:
they are answered correctly or refused, and small requests sent meanwhile are not held up."""

from __future__ import annotations

import threading
import time

import httpx
import pytest

from fastapply.api import Settings

BIG = "".join(f"value_{i} = compute({i}, {i * 7})\n" for i in range(80_000))  # 2.5 MB
LARGE = BIG[:265_000]  # over the 256 KiB that sends an apply to the worker, small enough to validate quickly
SMALL = {
    "original": "def add(a, b):\n    return a + b\n",
    "snippet": "def add(a, b):\n    return b + a\n",
    "options": {"mode": "deterministic"},
}


@pytest.fixture(scope="module")
def roomy(serve_factory):
    with serve_factory(Settings(api_key=None)) as server:
        # The worker process starts once per test session (a fork server imports torch once); wait
        # for it here so the measurements below see a warm worker, as a served process would have.
        server.app.state.service.large_lane.warm_up()
        yield server


def small_latency(client: httpx.Client) -> float:
    started = time.perf_counter()
    response = client.post("/apply", json=SMALL)
    assert response.status_code == 200, response.text
    return time.perf_counter() - started


def test_a_large_request_does_not_stall_small_ones(roomy):
    with httpx.Client(base_url=roomy.url, timeout=60) as client:
        solo = min(small_latency(client) for _ in range(3))
        out = {}

        def large():
            started = time.perf_counter()
            out["response"] = httpx.post(
                roomy.url + "/apply", timeout=60, json={"original": BIG, "snippet": "totally_new = 1\n"}
            )
            out["seconds"] = time.perf_counter() - started

        thread = threading.Thread(target=large)
        thread.start()
        time.sleep(0.2)  # the large body is being read and merged now
        during = [small_latency(client) for _ in range(8)]
        thread.join(60)
    assert out["response"].status_code == 413, out["response"].text  # too long and not anchorable
    assert out["seconds"] < 20
    assert max(during) < 5 * solo + 0.25, (solo, during)


def test_large_applies_are_merged_in_the_worker(roomy):
    snippet = "# ... existing code ...\nvalue_4000 = compute(4000, 1)\n# ... existing code ...\n"
    expected = LARGE.replace("value_4000 = compute(4000, 28000)\n", "value_4000 = compute(4000, 1)\n")
    body = {"original": LARGE, "snippet": snippet, "path": "values.py", "options": {"mode": "deterministic"}}
    result = httpx.post(roomy.url + "/apply", json=body, timeout=60).json()
    assert "merged" in result, result
    assert result["merged"] == expected and result["stats"]["output_tokens"] > 50_000  # usage counted there
    body["options"] = {"mode": "model", "max_tokens": 16, "allow_flagged": True, "stream": True}
    stream = httpx.post(roomy.url + "/apply", json=body, timeout=60).text
    assert "event: done" in stream and '"windowed": true' in stream


def test_large_applies_beyond_the_lane_limit_are_refused_with_503(serve_factory):
    body = {
        "original": LARGE,
        "snippet": "# ... existing code ...\nvalue_9 = 0\n",
        "options": {"mode": "deterministic"},
    }
    with serve_factory(Settings(api_key=None, max_large_waiting=0)) as server:
        server.app.state.service.large_lane.warm_up()
        out: list = []
        threads = [
            threading.Thread(target=lambda: out.append(httpx.post(server.url + "/apply", json=body, timeout=60)))
            for _ in range(3)
        ]
        for thread in threads:
            thread.start()
            time.sleep(0.05)
        for thread in threads:
            thread.join(60)
    statuses = sorted(r.status_code for r in out)
    assert statuses[0] == 200 and 503 in statuses, statuses
    refused = next(r for r in out if r.status_code == 503)
    assert refused.json()["error"]["code"] == "large_lane_busy" and refused.headers["retry-after"] == "5"
