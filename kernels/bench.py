"""Micro-benchmark: every kernel version vs its torch reference (llm.c dev/cuda style).

    python -m fastapply.kernels.bench                 # CUDA: full table; CPU: see below
    python -m fastapply.kernels.bench --vocab 151936 --dtype float32

CUDA: times each version with ``triton.testing.do_bench`` (median, µs per call, includes launch
overhead, which is the point at these sizes) and checks parity against the reference on the
same inputs. CPU: times the torch reference at the sizes that fit in memory, then runs a tiny
parity-only pass of the Triton versions through TRITON_INTERPRET -- interpreter timings are
meaningless (Python executes every program) and are not shown as speedups.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

import torch

if not torch.cuda.is_available():  # before triton is first imported (fastapply.kernels is lazy)
    os.environ.setdefault("TRITON_INTERPRET", "1")

from . import _triton  # noqa: E402
from .accept import greedy_accept_ref  # noqa: E402
from .ngram import ngram_propose_ref  # noqa: E402

CPU_MAX_ELEMS = 64 * 2**20  # skip CPU reference configs with bigger logits
BATCHES = (1, 8, 32)
DRAFT_KS = (16, 64, 128)  # K for greedy_accept, k for ngram_propose


def timeit_us(fn, cuda: bool) -> float:
    if cuda:
        import triton.testing

        return triton.testing.do_bench(fn, warmup=25, rep=100) * 1e3
    fn()
    ts = []
    for _ in range(5):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts) * 1e6


def same(a, b) -> bool:
    return all(torch.equal(x, y) for x, y in zip(a, b))


def accept_inputs(B, K, V, dtype, device, seed=0):
    """Logits, and a draft that matches the argmax up to a random cut (some rows fully)."""
    g = torch.Generator(device=device).manual_seed(seed)
    logits = torch.randn(B, K + 1, V, device=device, dtype=dtype, generator=g)
    draft = logits.argmax(-1)[:, :K].clone()
    cut = torch.randint(0, 2 * K + 1, (B,), device=device, generator=g)  # >= K: all accepted
    rows = torch.nonzero(cut < K).flatten()
    draft[rows, cut[rows]] = (draft[rows, cut[rows]] + 1) % V
    draft_len = torch.randint(K // 2, K + 1, (B,), device=device, generator=g)
    return logits, draft, draft_len


def ngram_inputs(B, R, N, device, seed=0, vocab=2000):
    """Per-row file-like references (with repeated lines) and tails copied from them."""
    g = torch.Generator(device="cpu").manual_seed(seed)
    line = torch.randint(0, vocab, (B, R // 8, 8), generator=g)
    line[:, ::3, -1] = 99  # a recurring "}" line ending
    refs = line.reshape(B, -1)[:, :R]
    ref_len = torch.randint(R // 2, R + 1, (B,), generator=g)
    cursor = (torch.rand(B, generator=g) * ref_len).long()
    tail = torch.stack([refs[b, max(int(cursor[b]) - N, 0):][:N] for b in range(B)])  # needs R >= N
    tail_len = torch.full((B,), N)
    return [t.to(device) for t in (refs, ref_len, tail, tail_len, cursor)]


def row(kernel, version, shape, us, ref_us, ok):
    sp = f"{ref_us / us:6.2f}x" if us and ref_us else "     -"
    t = f"{us:10.1f}" if us else "         -"
    print(f"{kernel:14s} {version:5s} {shape:28s} {t} {sp}  {'OK' if ok else 'MISMATCH' if ok is not None else '-'}")


def bench_cuda(args, dev=torch.device("cuda"), timer=lambda fn: timeit_us(fn, True)):
    dtype = getattr(torch, args.dtype)
    acc_mod, ng_mod = _triton.load("accept_triton"), _triton.load("ngram_triton")
    for B in BATCHES:
        for K in DRAFT_KS:
            x = accept_inputs(B, K, args.vocab, dtype, dev)
            ref = greedy_accept_ref(*x)
            ref_us = timer(lambda: greedy_accept_ref(*x))
            shape = f"B={B} K={K} V={args.vocab}"
            row("greedy_accept", "ref", shape, ref_us, ref_us, True)
            for name, fn in acc_mod.VERSIONS.items():
                ok = same(fn(*x), ref)
                row("greedy_accept", name, shape, timer(lambda: fn(*x)), ref_us, ok)
    for B in BATCHES:
        for k in DRAFT_KS:
            x = ngram_inputs(B, args.ref_len, 16, dev)
            ref = ngram_propose_ref(*x, k, args.max_ngram)
            ref_us = timer(lambda: ngram_propose_ref(*x, k, args.max_ngram))
            shape = f"B={B} k={k} R={args.ref_len}"
            row("ngram_propose", "ref", shape, ref_us, ref_us, True)
            for name, fn in ng_mod.VERSIONS.items():
                ok = same(fn(*x, k, args.max_ngram), ref)
                row("ngram_propose", name, shape, timer(lambda: fn(*x, k, args.max_ngram)), ref_us, ok)


def bench_cpu(args):
    dev = torch.device("cpu")
    dtype = getattr(torch, args.dtype)
    print("# no CUDA: timing the torch references on CPU (µs, median of 5)")
    for B in BATCHES:
        for K in DRAFT_KS:
            shape = f"B={B} K={K} V={args.vocab}"
            if B * (K + 1) * args.vocab > CPU_MAX_ELEMS:
                print(f"{'greedy_accept':14s} {'ref':5s} {shape:28s}   skipped (too big for a CPU run)")
                continue
            x = accept_inputs(B, K, args.vocab, dtype, dev)
            row("greedy_accept", "ref", shape, timeit_us(lambda: greedy_accept_ref(*x), False), None, None)
    for B in BATCHES:
        for k in DRAFT_KS:
            x = ngram_inputs(B, args.ref_len, 16, dev)
            us = timeit_us(lambda: ngram_propose_ref(*x, k, args.max_ngram), False)
            row("ngram_propose", "ref", f"B={B} k={k} R={args.ref_len}", us, None, None)
    if not _triton.HAS_TRITON:
        print("# triton not installed: no parity pass")
        return
    if not _triton.interpreting():
        print("# triton was imported without TRITON_INTERPRET=1: no parity pass")
        return
    print("# Triton versions under TRITON_INTERPRET (tiny sizes; parity only, timings meaningless)")
    acc_mod, ng_mod = _triton.load("accept_triton"), _triton.load("ngram_triton")
    x = accept_inputs(3, 8, 512, dtype, dev, seed=1)
    ref = greedy_accept_ref(*x, return_target=True)
    for name, fn in acc_mod.VERSIONS.items():
        t = time.perf_counter()
        ok = same(fn(*x, return_target=True), ref) and same(fn(*x), ref[:2])
        print(f"{'greedy_accept':14s} {name:5s} {'B=3 K=8 V=512':28s} interp {time.perf_counter() - t:5.2f}s  "
              f"{'OK' if ok else 'MISMATCH'}")
    x = ngram_inputs(3, 256, 16, dev, seed=1, vocab=50)
    ref = ngram_propose_ref(*x, 16, args.max_ngram)
    for name, fn in ng_mod.VERSIONS.items():
        t = time.perf_counter()
        ok = same(fn(*x, 16, args.max_ngram), ref)
        print(f"{'ngram_propose':14s} {name:5s} {'B=3 k=16 R=256':28s} interp {time.perf_counter() - t:5.2f}s  "
              f"{'OK' if ok else 'MISMATCH'}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--vocab", type=int, default=49152)
    p.add_argument("--dtype", default="bfloat16", choices=["bfloat16", "float16", "float32"])
    p.add_argument("--ref-len", type=int, default=4096)
    p.add_argument("--max-ngram", type=int, default=8)
    args = p.parse_args(argv)
    cuda = torch.cuda.is_available()
    print(f"# device: {torch.cuda.get_device_name() if cuda else 'cpu'}  torch {torch.__version__}  "
          f"triton: {'yes' if _triton.HAS_TRITON else 'no'}  logits dtype: {args.dtype}")
    print(f"{'kernel':14s} {'ver':5s} {'shape':28s} {'us/call':>10s} {'speedup':>7s}  parity")
    (bench_cuda if cuda else bench_cpu)(args)


if __name__ == "__main__":
    main()
