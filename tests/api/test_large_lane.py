"""The large lane's queue: first come first served, bounded (503 beyond it), and a client that hangs
up while waiting leaves it without costing the worker anything."""

from __future__ import annotations

import asyncio

import pytest

from fastapply.api.errors import APIError
from fastapply.api.large_lane import LargeLane
from fastapply.apply.request import ApplyRequest


class Client:
    """The ASGI side of a connection whose body has been read: ``receive`` blocks until hang-up."""

    def __init__(self):
        self.gone = asyncio.Event()

    async def receive(self):
        await self.gone.wait()
        return {"type": "http.disconnect"}


def lane_with_slow_worker(max_waiting: int, seconds: float = 0.2):
    lane = LargeLane(tokenizer=None, prompt_format="morph", context_length=2048, max_waiting=max_waiting)
    ran = []

    async def run(fn, key, request):
        ran.append(request.snippet)
        await asyncio.sleep(seconds)
        return [], "", request.snippet

    lane._run = run  # the worker process, replaced by a coroutine that takes its time
    return lane, ran


def request(name: str) -> ApplyRequest:
    return ApplyRequest("a = 1\n", name)


def test_applies_beyond_the_waiting_limit_get_503_at_once():
    async def main():
        lane, ran = lane_with_slow_worker(max_waiting=1)
        first = asyncio.create_task(lane.plan(request("first")))
        await asyncio.sleep(0.01)  # first is at the worker
        second = asyncio.create_task(lane.plan(request("second")))
        await asyncio.sleep(0.01)  # second waits
        with pytest.raises(APIError) as refused:
            await lane.plan(request("third"))
        assert (await first)[3] == "first" and (await second)[3] == "second"
        fourth = await lane.plan(request("fourth"))  # the queue has room again
        return refused.value, ran, fourth

    error, ran, fourth = asyncio.run(main())
    assert error.status == 503 and error.code == "large_lane_busy" and error.headers == {"Retry-After": "5"}
    assert ran == ["first", "second", "fourth"] and fourth[3] == "fourth"


def test_a_client_that_hangs_up_while_waiting_never_reaches_the_worker():
    async def main():
        lane, ran = lane_with_slow_worker(max_waiting=2)
        first = asyncio.create_task(lane.plan(request("first")))
        await asyncio.sleep(0.01)
        client = Client()
        waiting = asyncio.create_task(lane.plan(request("abandoned"), client))
        third = asyncio.create_task(lane.plan(request("third")))
        await asyncio.sleep(0.05)
        client.gone.set()
        with pytest.raises(APIError) as left:
            await waiting
        await first, await third
        return left.value, ran, lane.waiting

    error, ran, waiting = asyncio.run(main())
    assert error.status == 499 and error.code == "client_disconnected"
    assert ran == ["first", "third"] and waiting == 0


def test_a_request_cancelled_while_waiting_gives_its_turn_to_the_next():
    async def main():
        lane, ran = lane_with_slow_worker(max_waiting=2, seconds=0.1)
        first = asyncio.create_task(lane.plan(request("first")))
        await asyncio.sleep(0.01)
        cancelled = asyncio.create_task(lane.plan(request("cancelled"), Client()))
        third = asyncio.create_task(lane.plan(request("third")))
        await asyncio.sleep(0.01)
        cancelled.cancel()
        await first, await third
        await asyncio.wait_for(lane.plan(request("after")), 1)  # the turn was not leaked
        return ran

    assert asyncio.run(main()) == ["first", "third", "after"]
