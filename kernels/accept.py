"""Greedy acceptance for lossless speculative decoding: plain-torch reference.

One verification forward over ``[last_token, d1..dK]`` gives logits at K+1 positions. Position j
predicts the token that should follow; the draft token ``d_{j+1}`` is accepted iff it equals
``argmax(logits[j])`` and every earlier draft token was accepted. The argmax at the first
rejected position (or at position K when everything was accepted) is the "bonus" token the
target model emits for free, so each pass makes ``accepted + 1`` tokens of progress and the
output is bit-identical to plain greedy decoding.

Why a kernel at all: with K=64 and V=151936 the logits are ~40 MB per request in fp32; pulling
them to the host to argmax is the dominant per-pass cost. Only ``accepted``/``next_token``
(2 ints per row) need to leave the GPU.

This reference defines the semantics; ``accept_triton.greedy_accept_triton`` must match it bit for
bit. Ties: the *first* maximal index wins, like ``torch.argmax``, otherwise a tie in bf16 logits
would make speculative output differ from plain greedy decoding. NaN logits are unspecified
(torch.argmax returns the first NaN; the Triton kernel does not).
"""

from __future__ import annotations

import torch


def greedy_accept_ref(
    logits: torch.Tensor,  # [B, K+1, V] float (any float dtype; last dim contiguous or not)
    draft: torch.Tensor,  # [B, K] int64, padded beyond draft_len
    draft_len: torch.Tensor,  # [B] int32/int64, valid draft tokens per row (0..K)
    return_target: bool = False,
):
    """Reference greedy acceptance.

    Returns ``(accepted [B] int64, next_token [B] int64)`` and, with ``return_target``, also
    ``target`` [B, K+1] int64 (argmax per position).

    Example (V=4, K=3)::

        argmax per position  target = [2, 0, 3, 1]
        draft                        = [2, 0, 1]     draft_len = 3
        matches                      =  T  T  F      -> accepted = 2
        next_token = target[2] = 3   (the model's own choice where the draft went wrong)
    """
    B, K1, V = logits.shape
    assert draft.shape == (B, K1 - 1), (logits.shape, draft.shape)
    target = logits.argmax(dim=-1)  # [B, K+1]; ties -> first index
    pos = torch.arange(K1 - 1, device=draft.device)
    ok = (draft == target[:, :-1]) & (pos[None, :] < draft_len.to(draft.device)[:, None])
    # leading run of True: cumprod stays 1 until the first mismatch / padding.
    accepted = ok.to(torch.int64).cumprod(dim=1).sum(dim=1)  # [B]
    next_token = target.gather(1, accepted[:, None]).squeeze(1)  # [B]
    if return_target:
        return accepted, next_token, target
    return accepted, next_token
