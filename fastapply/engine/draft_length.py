"""Policy: how many draft tokens to verify in the next pass.

A verification pass with n draft tokens costs about ``1 + cost_per_token * n`` single-token steps
(on 2 CPU threads with the default model, 64 draft tokens cost ≈ 5 steps, so ≈ 0.06; on a GPU the
curve is nearly flat). If each draft token is accepted with probability p, independently until the
first rejection, a pass yields on average ``(1 - p**(n+1)) / (1 - p)`` tokens (the accepted prefix
plus the model's own bonus token). The policy picks the n with the best tokens per unit of cost, with
p estimated from recent passes. When drafts keep failing, p falls and the best n becomes 0 (plain
decoding); after full acceptances p rises and n grows back to ``k_max``.

>>> policy = AdaptiveDraftLength(k_max=64, cost_per_token=0.06)
>>> policy.next_length(available=1000)        # prior p = 0.8: a short draft
8
>>> for _ in range(5):
...     n = policy.next_length(1000); policy.update(drafted=n, accepted=n)
>>> policy.next_length(available=1000)        # everything accepted: the maximum
64
>>> for _ in range(12):
...     n = policy.next_length(1000); policy.update(drafted=n, accepted=0)
>>> policy.next_length(available=1000)        # nothing matches any more: plain decoding
0
>>> policy.next_length(available=1000, probe=True)  # ...except a one-token probe where the draft looks right
1
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class AdaptiveDraftLength:
    k_max: int
    cost_per_token: float
    decay: float = 0.5  # weight of the previous pass's evidence; low: react fast to an edit region
    prior_accepted: float = 4.0  # initial pseudo-counts (p = 0.8), decaying like real evidence
    prior_rejected: float = 1.0
    _accepted: float = field(default=0.0, init=False)
    _rejected: float = field(default=0.0, init=False)

    def __post_init__(self):
        if self.k_max < 0:
            raise ValueError(f"k_max must be >= 0, got {self.k_max}")
        if self.cost_per_token < 0:
            raise ValueError(f"cost_per_token must be >= 0, got {self.cost_per_token}")
        if not 0.0 <= self.decay < 1.0:
            raise ValueError(f"decay must be in [0, 1), got {self.decay}")
        self._accepted, self._rejected = self.prior_accepted, self.prior_rejected

    @property
    def acceptance(self) -> float:
        """Estimated probability that the next draft token is accepted."""
        return self._accepted / (self._accepted + self._rejected)

    def next_length(self, available: int, probe: bool = False) -> int:
        """Draft length for the next pass given ``available`` reference tokens. ``probe``: the cursor
        says the output is following the reference again, so draft at least one token: on a cursor
        the evidence can only come back through drafts, and one token costs little."""
        limit = min(self.k_max, available)
        if limit <= 0:
            return 0
        floor = 1 if probe else 0
        p = min(self.acceptance, 0.9999)
        best_n, best_rate = 0, 1.0  # plain decoding: one token per one-step pass
        n = 1
        while True:
            rate = (1.0 - p ** (n + 1)) / (1.0 - p) / (1.0 + self.cost_per_token * n)
            if rate > best_rate * 1.0001:
                best_n, best_rate = n, rate
            if n >= limit:
                return max(best_n, floor)
            n = min(2 * n, limit)

    def update(self, drafted: int, accepted: int) -> None:
        """Record a pass: geometric evidence is ``accepted`` successes and one failure if the draft
        was cut short (a fully accepted draft says nothing about where it would have failed)."""
        if drafted == 0:
            return
        self._accepted = self.decay * self._accepted + accepted
        self._rejected = self.decay * self._rejected + (1.0 if accepted < drafted else 0.0)


@dataclass
class DraftLengthByCursorState:
    """Two estimates: one while the cursor follows the reference (the model is copying: p near 1)
    and one after a re-anchoring search (edit regions: p low). Without the split, the rejections
    inside an edit drag the draft length down for the copy that follows it, and the draft needs
    several passes to grow back; with it, the first pass after re-anchoring drafts at full length.
    """

    k_max: int
    cost_per_token: float
    following: AdaptiveDraftLength = field(init=False)
    searching: AdaptiveDraftLength = field(init=False)

    def __post_init__(self):
        self.following = AdaptiveDraftLength(self.k_max, self.cost_per_token)
        self.searching = AdaptiveDraftLength(self.k_max, self.cost_per_token, prior_accepted=1.0, prior_rejected=1.0)

    def next_length(self, available: int, following: bool) -> int:
        if following:
            return self.following.next_length(available, probe=True)
        return self.searching.next_length(available)

    def update(self, drafted: int, accepted: int, following: bool) -> None:
        (self.following if following else self.searching).update(drafted, accepted)
