"""Mechanism: several verification passes on the device between two host syncs (a "burst").

The host hands each slot its state once per burst (``BurstRow`` in ``runners/base.py``), in one
copy: the last known token, a window of the reference the draft follows, the first pass's draft
length, the draft length of later passes, how many tokens it may still emit and its stop tokens.
Then every pass (``step``) runs on the device alone, shapes fixed so that it can be captured:

    n        = the pass's draft length, cut to the window and to the tokens the row may still emit
    tokens   = [last, *window[c : c + n]]  -> forward over the slab -> greedy_accept -> a, bonus t
    emitted  = draft[:a] + [t], appended to the row's output buffer; cache length += a + 1
    cursor   c += a; the row follows iff window[c] == t (then c += 1), as ``proposer.advance``
    next n   = draft_max while following, else 0 (plain decoding: the host searches after the burst)
    a row stops (emits nothing more, its length stays) after a pass that emitted a stop token or its
    last allowed token; the tokens after a stop token in that pass are the host's to drop

``read`` brings back the output buffer and each pass's (draft length, accepted) per slot in one
``tolist``: the burst's one host sync. The host then replays the passes through its policies (stop
strings, stop criteria, statistics), so every stop keeps its exact token.
"""

from __future__ import annotations

import numpy as np
import torch

from fastapply.runners.base import BurstRow

MAX_STOPS = 16  # stop tokens a slot checks on the device (a row with more is stopped by the host alone)
# Columns of the packed state after the window and the stop tokens.
FIELDS = ("window_len", "cursor", "next_len", "draft_max", "limit", "emitted", "last", "active")


class DeviceLoop:
    def __init__(self, static, passes: int):
        """``static``: the StaticRunner whose slab and lengths the passes use; ``passes``: the most
        passes a burst may run."""
        slots, k1 = static.lengths.shape[0], static.k + 1
        self.static, self.passes, self.k = static, passes, static.k
        self.width = (passes + 1) * k1  # window tokens a burst can reach: its cursor moves <= K+1 a pass
        self.out_width = passes * k1 + 1  # emitted tokens, then one column that takes masked writes
        self.columns = self.width + MAX_STOPS + len(FIELDS)
        long = dict(dtype=torch.long, device=static.device)
        self.state = torch.zeros(slots, self.columns, **long)  # loaded from the host in one copy
        self.window = self.state[:, : self.width]  # [S, W]; -1 past a row's window
        self.stops = self.state[:, self.width : self.width + MAX_STOPS]  # [S, MAX_STOPS]; -1 = none
        fields = (self.state[:, self.width + MAX_STOPS + i] for i in range(len(FIELDS)))  # [S] views
        (
            self.window_len,
            self.cursor,
            self.next_len,
            self.draft_max,
            self.limit,
            self.emitted,
            self.last,
            self.active,
        ) = fields
        self.out = torch.zeros(slots, self.out_width, **long)
        self.record = torch.zeros(passes, 2, slots, **long)  # per pass: draft length, accepted (-1: idle)
        self.pass_index = torch.zeros(1, **long)
        self.k_range = torch.arange(self.k, **long)
        self.k1_range = torch.arange(k1, **long)
        pinned = static.device.type == "cuda"
        self.host = torch.zeros(slots, self.columns, dtype=torch.long, pin_memory=pinned)
        # the host buffer is copied asynchronously: the next load waits until the last copy is done
        self.copied = torch.cuda.Event() if pinned else None

    def load(self, rows: list[BurstRow], lengths: np.ndarray) -> None:
        """Write every slot's state (slots without a row are idle) and every slot's cache length
        (``lengths`` [S]: a slot without a row keeps its own, the passes write past it)."""
        if self.copied is not None:
            self.copied.synchronize()
        state = self.host.numpy()
        state[:] = 0
        state[:, : self.width + MAX_STOPS] = -1
        base = self.width + MAX_STOPS
        for row in rows:
            slot, window = row.cache.slot, np.asarray(row.window[: self.width], dtype=np.int64)
            stops = list(row.stop_ids)[:MAX_STOPS]
            state[slot, : len(window)] = window
            state[slot, self.width : self.width + len(stops)] = stops
            state[slot, base:] = (len(window), 0, row.first_len, row.draft_max, row.limit, 0, row.last_token, 1)
        self.state.copy_(self.host, non_blocking=True)
        if self.copied is not None:
            self.copied.record()
        self.static.lengths.copy_(torch.from_numpy(lengths), non_blocking=True)
        self.pass_index.zero_()

    def step(self, keys: int) -> None:
        """One pass for every slot, on the device; attention over the first ``keys`` positions."""
        from fastapply.kernels import greedy_accept

        active = self.active > 0
        n = torch.minimum(self.next_len, self.window_len - self.cursor)
        n = torch.minimum(n, self.limit - self.emitted - 1).clamp(0, self.k)
        n = torch.where(active, n, 0)
        at = (self.cursor[:, None] + self.k_range).clamp(max=self.width - 1)
        draft = torch.where(self.k_range < n[:, None], self.window.gather(1, at), 0)  # [S, K], padded with 0
        tokens = torch.cat([self.last[:, None], draft], dim=1)  # [S, K+1]
        accepted, bonus = greedy_accept(self.static.logits(tokens, keys), draft, n)
        accepted = torch.where(active, accepted, 0)
        # the tokens this pass emits: draft[:a], then the bonus at index a
        emitted = torch.where(self.k1_range < accepted[:, None], torch.cat([draft, bonus[:, None]], 1), bonus[:, None])
        valid = (self.k1_range <= accepted[:, None]) & active[:, None]  # [S, K+1]
        column = torch.where(valid, self.emitted[:, None] + self.k1_range, self.out_width - 1)
        self.out.scatter_(1, column, emitted)
        stopped = ((emitted[:, :, None] == self.stops[:, None, :]).any(-1) & valid).any(-1)
        progress = torch.where(active, accepted + 1, 0)
        self.emitted.add_(progress)
        self.static.lengths.add_(progress)
        cursor = self.cursor + accepted
        ahead = self.window.gather(1, cursor.clamp(max=self.width - 1)[:, None])[:, 0]
        follows = (cursor < self.window_len) & (ahead == bonus)
        taken = torch.stack([torch.where(active, n, -1), torch.where(active, accepted, -1)])  # [2, S]
        self.record.index_copy_(0, self.pass_index, taken[None])
        self.pass_index.add_(1)
        self.cursor.copy_(torch.where(active, cursor + follows.long(), self.cursor))
        self.next_len.copy_(torch.where(active, torch.where(follows, self.draft_max, 0), self.next_len))
        self.last.copy_(torch.where(active, bonus, self.last))
        self.active.copy_((active & ~stopped & (self.emitted < self.limit)).long())

    def read(self, rows: list[BurstRow], passes: int) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
        """Per row: the emitted tokens, and the draft length and accepted count of each pass it took
        part in. One ``tolist``: the burst's host sync."""
        record = self.record[:passes].reshape(-1)
        flat = torch.cat([record, self.out[:, : passes * (self.k + 1)].reshape(-1)]).tolist()
        slots, span = self.out.shape[0], passes * (self.k + 1)
        tokens, drafted, accepted = [], [], []
        for row in rows:
            slot = row.cache.slot
            n = [flat[(2 * i) * slots + slot] for i in range(passes)]
            a = [flat[(2 * i + 1) * slots + slot] for i in range(passes)]
            took_part = [i for i in range(passes) if n[i] >= 0]
            drafted.append([n[i] for i in took_part])
            accepted.append([a[i] for i in took_part])
            start = 2 * passes * slots + slot * span
            tokens.append(flat[start : start + sum(a[i] + 1 for i in took_part)])
        return tokens, drafted, accepted
