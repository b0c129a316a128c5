"""fastapply.kernels: per-pass speculative-decoding work that should stay on the GPU.

Public API (the engine imports only these)::

    accepted, next_token[, target] = greedy_accept(logits, draft, draft_len, return_target=False)
    start, match_len, draft, draft_len = ngram_propose(refs, ref_len, tail, tail_len, cursor, k, max_ngram)

Both dispatch on the tensors' device: Triton (the winning version, see README) for CUDA tensors
when triton is installed, otherwise the plain-torch references, which are exported too
(``greedy_accept_ref``, ``ngram_propose_ref``) and define the semantics. All versions are
bit-identical; set ``FASTAPPLY_KERNELS=torch`` to force the references everywhere.

Importing this package never imports triton (see ``_triton`` for why).
"""
from __future__ import annotations

import os
from types import SimpleNamespace

from ._triton import HAS_TRITON
from .accept import greedy_accept_ref
from .ngram import ngram_propose_ref

__all__ = ["greedy_accept", "ngram_propose", "greedy_accept_ref", "ngram_propose_ref", "select",
           "HAS_TRITON", "WINNERS"]

# The versions exported on CUDA. v3 is the expected winner for greedy acceptance (fills the GPU
# at B=1 and splits large vocabularies); re-run `python -m fastapply.kernels.bench` on the target
# GPU and update this table if another version wins there.
WINNERS = {"greedy_accept": "v3", "ngram_propose": "v1"}


def _use_triton(device) -> bool:
    return (HAS_TRITON and getattr(device, "type", str(device)) == "cuda"
            and os.environ.get("FASTAPPLY_KERNELS", "auto") != "torch")


def select(device) -> SimpleNamespace:
    """The implementations used for tensors on ``device``: namespace with ``greedy_accept``,
    ``ngram_propose`` and ``backend`` ("triton" or "torch")."""
    if _use_triton(device):
        from ._triton import load

        acc = load("accept_triton").VERSIONS[WINNERS["greedy_accept"]]
        ng = load("ngram_triton").VERSIONS[WINNERS["ngram_propose"]]
        return SimpleNamespace(greedy_accept=acc, ngram_propose=ng, backend="triton")
    return SimpleNamespace(greedy_accept=greedy_accept_ref, ngram_propose=ngram_propose_ref,
                           backend="torch")


def greedy_accept(logits, draft, draft_len, return_target: bool = False):
    """logits [B, K+1, V] float, draft [B, K] int64, draft_len [B] int ->
    accepted [B] int64, next_token [B] int64 (+ target [B, K+1] int64). See accept.py."""
    return select(logits.device).greedy_accept(logits, draft, draft_len, return_target)


def ngram_propose(refs, ref_len, tail, tail_len, cursor, k: int, max_ngram: int):
    """refs [B, R], ref_len [B], tail [B, N] (right-aligned), tail_len [B], cursor [B] ->
    start [B], match_len [B], draft [B, k] (-1 padded), draft_len [B]. See ngram.py."""
    return select(refs.device).ngram_propose(refs, ref_len, tail, tail_len, cursor, k, max_ngram)
