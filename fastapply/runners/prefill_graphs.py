"""Mechanism: one fresh prompt prefilled from a CUDA graph captured per padded width.

An eager prefill of a small model is as launch-bound as a verification pass: a thousand kernel
launches for one row (19–22 ms of a 55 ms one-row request for SmolLM2-135M on an H100). A lone
fresh prompt (the latency case: one request at a time) is padded to a multiple of ``BLOCK`` tokens
and replayed from a graph captured for that width; its padding writes keys past the row's new
length, which a later pass overwrites before any query sees them (as in
``StaticRunner.prefill_rows``). Several rows, or a chunk after the first, prefill eagerly.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import numpy as np
import torch

from fastapply.runners.static import StaticRunner

BLOCK = 256  # a captured prefill pads its prompt to a multiple of this
WIDEST = 4096  # wider prompts prefill eagerly
log = logging.getLogger(__name__)


def prefill_width(tokens: int) -> int:
    """The padded width of a captured prefill: at most ``BLOCK - 1`` tokens of padding.

    >>> prefill_width(1), prefill_width(256), prefill_width(1086)
    (256, 256, 1280)
    """
    return -(-max(tokens, 1) // BLOCK) * BLOCK


class PrefillGraphs:
    def __init__(self, static: StaticRunner, capture: Callable, key_bucket: Callable[[int], int]):
        self.static, self.capture, self.key_bucket = static, capture, key_bucket
        self.graphs: dict[int, object] = {}  # padded width -> captured prefill of one row
        self.inputs: dict[int, tuple[torch.Tensor, torch.Tensor, torch.Tensor]] = {}  # ids [1, W], count [1], slot [1]
        self.failed = False  # a capture failed: every prompt prefills eagerly

    def takes(self, chunks: list[list[int]], starts: list[int]) -> bool:
        """Whether these prefill chunks are a lone fresh prompt a graph holds."""
        return not self.failed and len(chunks) == 1 and starts[0] == 0 and prefill_width(len(chunks[0])) <= WIDEST

    def run(self, slot: int, tokens: list[int]) -> bool:
        """Prefill one fresh prompt from its width's graph; False when the graph cannot be captured
        on this device: the caller prefills eagerly (what a failed capture's warm-up wrote is this
        prompt, in its own slot), and so do later prompts."""
        self.static.check_chunk(0, len(tokens))
        width = prefill_width(len(tokens))
        # inputs first: a graph captured now warms up on them, and must write this prompt into this
        # slot, not another row's (the rows around it are running)
        ids, count, slot_in = self._inputs(width)
        padded = np.zeros((1, width), dtype=np.int64)
        padded[0, : len(tokens)] = tokens
        ids.copy_(torch.from_numpy(padded), non_blocking=True)
        count.fill_(len(tokens))
        slot_in.fill_(slot)
        try:
            graph = self.graph(width)
        except RuntimeError as error:  # a capture this build refuses: eager prefill is still right
            self.failed = True
            log.warning("captured prefill disabled, prefilling eagerly: %s", error)
            return False
        graph.replay()
        return True

    def prepare(self, positions: int) -> None:
        """Capture every width a prompt of up to ``positions`` tokens pads to; with an empty prompt,
        so the warm-up writes nothing a row can see (call while no sequence runs)."""
        for width in range(BLOCK, min(prefill_width(positions), WIDEST) + 1, BLOCK):
            try:
                self.graph(width)
            except RuntimeError as error:
                self.failed = True
                log.warning("captured prefill disabled, prefilling eagerly: %s", error)
                return

    def graph(self, width: int):
        if width not in self.graphs:
            ids, count, slot = self._inputs(width)
            first = torch.zeros(1, dtype=torch.long, device=self.static.device)
            keys = self.key_bucket(width)  # every prompt this width holds fits these keys
            # the warm-up runs for real with the inputs' prompt: the same writes the replay makes
            self.graphs[width] = self.capture(lambda: self.static.prefill_padded(ids, first, count, slot, keys))
        return self.graphs[width]

    def _inputs(self, width: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        if width not in self.inputs:
            device = self.static.device
            zeros = torch.zeros(1, dtype=torch.long, device=device)
            self.inputs[width] = (torch.zeros(1, width, dtype=torch.long, device=device), zeros.clone(), zeros)
        return self.inputs[width]
