"""Noticing that a client has hung up while its request still waits or runs.

The body is read before any of this: the next ASGI message of the connection is the disconnect.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from fastapi import Request


async def hung_up(http: Request) -> bool:
    """Waits for the client to hang up: True; False when the connection is torn down without saying."""
    try:
        while (await http.receive())["type"] != "http.disconnect":
            pass
        return True
    except asyncio.CancelledError:
        raise
    except Exception:  # the server is tearing the connection down: nothing to watch any more
        return False


async def on_disconnect(http: Request, callback: Callable[[], None]) -> None:
    """Calls ``callback`` once the client hangs up."""
    if await hung_up(http):
        callback()
