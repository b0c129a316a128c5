"""n-gram / cursor proposal: the vectorised reference against a brute-force oracle written from
the spec, and every Triton version against the reference (CPU interpreter; CUDA when present)."""
import pytest
import torch

from fastapply.kernels import ngram_propose_ref

# docstring example of ngram.py: 99 = "}", 98 = "\n"
FILE = [10, 11, 99, 98, 12, 13, 99, 98, 14, 15, 99, 98, 16]


def oracle(ref, tail, cursor, k, max_ngram):
    """Row-wise brute force of the documented rule (python lists, no padding)."""
    for n in range(min(max_ngram, len(tail)), 0, -1):
        suf = tail[-n:]
        conts = [p + n for p in range(len(ref) - n) if ref[p:p + n] == suf]  # p + n < len(ref)
        if conts:
            fwd = [c for c in conts if c >= cursor]
            c = min(fwd) if fwd else max(conts)
            d = ref[c:c + k]
            return c, n, d + [-1] * (k - len(d)), len(d)
    return -1, 0, [-1] * k, 0


def batch(rows, R=None, N=None):
    """rows: (ref, tail, cursor) lists -> padded tensors (ref right-padded with 7s, tail
    left-padded with 0s -- both real tokens, so padding that leaks into a match or a draft
    changes the answer)."""
    R = R or max(len(r) for r, _, _ in rows) + 2
    N = N or max(max(len(t) for _, t, _ in rows), 1)
    refs = torch.full((len(rows), R), 7, dtype=torch.int64)
    tail = torch.zeros((len(rows), N), dtype=torch.int64)
    for b, (r, t, _) in enumerate(rows):
        refs[b, : len(r)] = torch.tensor(r, dtype=torch.int64)
        if t:
            tail[b, N - len(t):] = torch.tensor(t, dtype=torch.int64)
    ref_len = torch.tensor([len(r) for r, _, _ in rows])
    tail_len = torch.tensor([len(t) for _, t, _ in rows], dtype=torch.int32)
    cursor = torch.tensor([c for _, _, c in rows])
    return refs, ref_len, tail, tail_len, cursor


EDGE_ROWS = [  # (ref, tail, cursor), plus expected (start, match_len) for the documented ones
    ((FILE, [5, 77, 99], 7), (7, 1)),  # cursor picks the "}" ahead, not the leftmost one
    ((FILE, [5, 77, 99], 0), (3, 1)),  # cursor at 0: leftmost is also nearest-forward
    ((FILE, [5, 77, 99], 12), (11, 1)),  # nothing ahead: nearest behind
    ((FILE, [5, 77, 99], 99), (11, 1)),  # cursor past the end
    ((FILE, [5, 77, 99], -4), (3, 1)),  # negative cursor
    ((FILE, [5, 15, 99], 0), (11, 2)),  # longer match beats the cursor
    ((FILE, [14, 15, 99, 98], 0), (12, 4)),  # match right before the end: one-token draft
    ((FILE, [98, 16], 0), (-1, 0)),  # match at the very end has no continuation
    ((FILE, [1, 2], 5), (-1, 0)),  # no match
    ((FILE, [], 5), (-1, 0)),  # empty tail
    (([], [99], 0), (-1, 0)),  # empty reference
    (([99], [99], 0), (-1, 0)),  # one-token reference
    (([3, 3, 3, 3], [3, 3, 3], 2), (3, 3)),  # self-overlapping run
    (([0, 6, 1, 6, 2], [6], 3), (4, 1)),  # tail padding (0) must not extend the match to c=2
    (([7, 3], [7], 0), (1, 1)),  # ref padding (7) must not be matched or drafted
    (([1, 2, 1, 2, 1], [2, 1, 2], 0), (2, 2)),  # max_ngram=2: [1,2] at c=2,4 (3-gram would be c=4)
]


def test_oracle_matches_documented_rows():
    for (ref, tail, cur), (start, n) in EDGE_ROWS:
        got = oracle(ref, tail, cur, 6, 2 if ref == [1, 2, 1, 2, 1] else 4)
        assert got[:2] == (start, n), (ref, tail, cur, got)


def _edge_batch():
    rows = [r for r, _ in EDGE_ROWS]
    return rows, batch(rows, N=6)


def _random_batch(seed, B=12, R=48, N=7, vocab=3):
    g = torch.Generator().manual_seed(seed)
    rows = []
    for _ in range(B):
        rl = int(torch.randint(0, R + 1, (1,), generator=g))
        tl_ = int(torch.randint(0, N + 1, (1,), generator=g))
        ref = torch.randint(0, vocab, (rl,), generator=g).tolist()
        tail = torch.randint(0, vocab, (tl_,), generator=g).tolist()
        rows.append((ref, tail, int(torch.randint(-2, R + 3, (1,), generator=g))))
    return rows, batch(rows, R=R, N=N)


@pytest.mark.parametrize("k,max_ngram", [(6, 4), (1, 1), (9, 8), (0, 3)])
def test_reference_vs_oracle(k, max_ngram):
    for rows, args in [_edge_batch(), _random_batch(0), _random_batch(1, vocab=2)]:
        start, mlen, draft, dlen = ngram_propose_ref(*args, k=k, max_ngram=max_ngram)
        for b, (ref, tail, cur) in enumerate(rows):
            want = oracle(ref, tail, cur, k, max_ngram)
            got = (start[b].item(), mlen[b].item(), draft[b].tolist(), dlen[b].item())
            assert got == want, (b, ref, tail, cur, got, want)


def test_reference_docstring_drafts():
    refs, ref_len, tail, tail_len, cursor = batch([(FILE, [5, 77, 99], 7), (FILE, [5, 77, 99], 12)])
    _, _, draft, dlen = ngram_propose_ref(refs, ref_len, tail, tail_len, cursor, k=6, max_ngram=4)
    assert draft.tolist() == [[98, 14, 15, 99, 98, 16], [98, 16, -1, -1, -1, -1]]
    assert dlen.tolist() == [6, 2]


@pytest.mark.parametrize("k,max_ngram", [(6, 4), (9, 8), (0, 3)])
def test_parity_v1(k, max_ngram, triton_device):
    from fastapply.kernels import _triton

    batches = [_edge_batch()[1], _random_batch(2, B=8)[1], _random_batch(3, B=8, vocab=2)[1]]
    for args in batches:
        args = [a.to(triton_device) for a in args]
        fn = _triton.for_tensor("ngram_triton", args[0]).VERSIONS["v1"]
        want = ngram_propose_ref(*args, k=k, max_ngram=max_ngram)
        got = fn(*args, k=k, max_ngram=max_ngram, block_r=32)  # several R blocks
        for name, w, g_ in zip(["start", "match_len", "draft", "draft_len"], want, got):
            assert g_.dtype == torch.int64 and torch.equal(w, g_), (name, w, g_)


def test_parity_v1_strided_int32(triton_device):
    """Row-strided views and int32 tokens (e.g. a slice of a larger token buffer)."""
    from fastapply.kernels import _triton

    _, (refs, ref_len, tail, tail_len, cursor) = _random_batch(4, B=5, R=40)
    refs32 = torch.cat([refs, refs], 1).to(torch.int32)[:, :40]
    args = [refs32, ref_len, tail.to(torch.int32), tail_len, cursor]
    args = [a.to(triton_device) for a in args]
    fn = _triton.for_tensor("ngram_triton", args[0]).ngram_v1
    for w, g_ in zip(ngram_propose_ref(*args, k=5, max_ngram=3), fn(*args, k=5, max_ngram=3)):
        assert torch.equal(w, g_)
