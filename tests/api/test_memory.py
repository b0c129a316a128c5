"""The idle heap trim: once after the last request in flight, never while one is running."""

from __future__ import annotations

import asyncio
import time

import httpx

from fastapply.api import Settings
from fastapply.api.memory import IdleTrim, libc_malloc_trim


def test_a_trim_follows_the_last_request_and_waits_while_another_runs():
    calls: list[int] = []

    async def scenario():
        trim = IdleTrim(calls.append, delay_s=0.05)
        trim.started(), trim.started()
        trim.finished()  # one still in flight: nothing scheduled
        await asyncio.sleep(0.1)
        assert calls == []
        trim.finished()
        trim.started()  # a new request within the delay: the pending trim stands down
        await asyncio.sleep(0.1)
        assert calls == []
        trim.finished()
        await asyncio.sleep(0.1)
        return trim.trims

    assert asyncio.run(scenario()) == 1 and calls == [0]


def test_without_malloc_trim_nothing_is_scheduled():
    async def scenario():
        trim = IdleTrim(None, delay_s=0.0)
        trim.started(), trim.finished()
        await asyncio.sleep(0.01)
        return trim.trims

    assert asyncio.run(scenario()) == 0


def test_the_server_trims_once_idle(serve_factory):
    with serve_factory(Settings(api_key=None), server_default_mode=True) as server:
        server.app.state.idle_trim.delay_s = 0.05
        body = {"original": "def f():\n    return 1\n", "snippet": "def f():\n    return 2\n"}
        assert httpx.post(server.url + "/apply", json=body, timeout=60).status_code == 200
        for _ in range(50):
            if server.app.state.idle_trim.trims:
                break
            time.sleep(0.05)
        expected = 1 if libc_malloc_trim() is not None else 0
        assert server.app.state.idle_trim.trims == expected
