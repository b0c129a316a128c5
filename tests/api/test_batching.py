"""Batched verification across concurrent requests: identical bytes, fewer forward passes."""

from __future__ import annotations

import asyncio

import httpx

FUNCTIONS = ["add", "sub", "mul", "div", "mod", "pow", "neg", "inc"]


def body(i: int) -> dict:
    name = FUNCTIONS[i]
    original = f"import math\n\n\ndef {name}(a, b):\n    return math.{name}(a, b)\n\n\nVALUE = {i}\n"
    snippet = f"# ... existing code ...\n\ndef {name}(a, b):\n    # step {i}\n    return math.{name}(b, a)\n"
    return {"original": original, "snippet": snippet, "options": {"max_tokens": 24 + 3 * i, "allow_flagged": True}}


def test_concurrent_requests_are_byte_identical_and_share_passes(live):
    one_by_one, sequential_passes = [], 0
    with httpx.Client(base_url=live.url, timeout=120) as client:
        for i in range(8):
            before = live.engine.total_passes
            one_by_one.append(client.post("/apply", json=body(i)).json())
            sequential_passes += live.engine.total_passes - before

    async def all_at_once():
        async with httpx.AsyncClient(base_url=live.url, timeout=120) as client:
            return await asyncio.gather(*(client.post("/apply", json=body(i)) for i in range(8)))

    before = live.engine.total_passes
    together = [r.json() for r in asyncio.run(all_at_once())]
    concurrent_passes = live.engine.total_passes - before
    assert [r["merged"] for r in together] == [r["merged"] for r in one_by_one]
    assert [r["stats"]["output_tokens"] for r in together] == [24 + 3 * i for i in range(8)]
    assert len({r["merged"] for r in together}) > 1  # distinct outputs: rows did not leak into each other
    assert concurrent_passes < sequential_passes / 2, (concurrent_passes, sequential_passes)
