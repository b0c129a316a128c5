"""Micro-benchmark: the Triton kernels vs their torch references (llm.c dev/cuda style).

    python -m fastapply.kernels.bench                 # CUDA: full table; CPU: see below
    python -m fastapply.kernels.bench --vocab 151936 --dtype float32

CUDA: times the reference and the kernel with ``triton.testing.do_bench`` (median, µs per call,
includes launch overhead, which is the point at these sizes) and checks parity on the same
inputs. CPU: times the torch reference at the sizes that fit in memory, then runs a tiny
parity-only pass of the Triton kernel through TRITON_INTERPRET -- interpreter timings are
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
from .addnorm import add_rms_norm_ref  # noqa: E402
from .attention import verify_attention_ref  # noqa: E402
from .rmsnorm import rms_norm_ref  # noqa: E402
from .rotary import rotary_ref  # noqa: E402
from .silu import silu_mul_ref  # noqa: E402

CPU_MAX_ELEMS = 64 * 2**20  # skip CPU reference configs with bigger logits
BATCHES = (1, 8, 32)
DRAFT_KS = (16, 64, 128)


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


def row(impl, shape, us, ref_us, ok, kernel="greedy_accept"):
    sp = f"{ref_us / us:6.2f}x" if us and ref_us else "     -"
    t = f"{us:10.1f}" if us else "         -"
    parity = "-" if ok is None else "OK" if ok else "MISMATCH"
    print(f"{kernel:14s} {impl:6s} {shape:28s} {t} {sp}  {parity}")


NORM_ROWS = (1, 65, 32 * 65, 1024)  # one token, one k=64 pass, 32 rows of it, a prefill chunk
NORM_HIDDEN = (576, 3584)  # SmolLM2-135M, Qwen2.5-Coder-7B


def bench_norm_cuda(dtype, dev, timer):
    """The fused RMSNorm against the reference (what transformers computes), per call."""
    kernel = _triton.load("rmsnorm_triton").rms_norm_triton
    for H in NORM_HIDDEN:
        weight = torch.randn(H, device=dev).to(dtype)
        for rows in NORM_ROWS:
            x = torch.randn(rows, H, device=dev).to(dtype)
            ref = rms_norm_ref(x, weight, 1e-6)
            ref_us = timer(lambda x=x, w=weight: rms_norm_ref(x, w, 1e-6))
            ok = torch.allclose(kernel(x, weight, 1e-6).float(), ref.float(), atol=2e-2, rtol=2e-2)
            shape = f"rows={rows} H={H}"
            row("ref", shape, ref_us, ref_us, True, "rms_norm")
            row("triton", shape, timer(lambda x=x, w=weight: kernel(x, w, 1e-6)), ref_us, ok, "rms_norm")
    rope = _triton.load("rotary_triton").rotary_triton
    for heads, dim in ((9, 64), (28, 128)):  # SmolLM2-135M's q, Qwen2.5-Coder-7B's q
        for rows in NORM_ROWS:
            x = torch.randn(1, rows, heads, dim, device=dev).to(dtype).transpose(1, 2)  # as the decoder views q
            cos, sin = (torch.randn(1, 1, rows, dim, device=dev).to(dtype) for _ in range(2))
            ref_us = timer(lambda x=x, c=cos, s=sin: rotary_ref(x, c, s))
            ok = torch.equal(rope(x, cos, sin), rotary_ref(x, cos, sin)) or dev.type != "cuda"
            shape = f"T={rows} heads={heads} d={dim}"
            row("ref", shape, ref_us, ref_us, True, "rotary")
            row("triton", shape, timer(lambda x=x, c=cos, s=sin: rope(x, c, s)), ref_us, ok, "rotary")


MLP_INTER = (1536, 18944)  # SmolLM2-135M, Qwen2.5-Coder-7B


def bench_layer_cuda(dtype, dev, timer):
    """The residual add fused with the norm, and the SwiGLU gate, against their references (what
    the decoder computes)."""

    def close(a, b):  # bit for bit on CUDA; the interpreter truncates fp32 -> bf16
        if dev.type == "cuda":
            return torch.equal(a, b)
        return torch.allclose(a.float(), b.float(), atol=2e-2, rtol=2e-2)

    addnorm = _triton.load("addnorm_triton").add_rms_norm_triton
    for H in NORM_HIDDEN:
        weight = torch.randn(H, device=dev).to(dtype)
        for rows in NORM_ROWS:
            x = (torch.randn(rows, H, device=dev).to(dtype), torch.randn(rows, H, device=dev).to(dtype), weight, 1e-6)
            (summed, normed), (ref_sum, ref_norm) = addnorm(*x), add_rms_norm_ref(*x)
            ok = close(summed, ref_sum) and torch.allclose(normed.float(), ref_norm.float(), atol=2e-2, rtol=2e-2)
            ref_us = timer(lambda x=x: add_rms_norm_ref(*x))
            shape = f"rows={rows} H={H}"
            row("ref", shape, ref_us, ref_us, True, "add_rms_norm")
            row("triton", shape, timer(lambda x=x: addnorm(*x)), ref_us, ok, "add_rms_norm")
    silu = _triton.load("silu_triton").silu_mul_triton
    for inter in MLP_INTER:
        for rows in NORM_ROWS:
            gate_up = (torch.randn(rows, 2 * inter, device=dev) * 3).to(dtype)
            ok = close(silu(gate_up, inter), silu_mul_ref(gate_up, inter))
            ref_us = timer(lambda g=gate_up, n=inter: silu_mul_ref(g, n))
            shape = f"rows={rows} inter={inter}"
            row("ref", shape, ref_us, ref_us, True, "silu_mul")
            row("triton", shape, timer(lambda g=gate_up, n=inter: silu(g, n)), ref_us, ok, "silu_mul")


ATTN_BATCHES = (1, 8, 32)
ATTN_KEYS = (1024, 4096)  # the key bucket S; every row's valid length lies in its second half
ATTN_HEADS = ((9, 3, 64), (28, 4, 128))  # (H, Hkv, d): SmolLM2-135M, Qwen2.5-Coder-7B
ATTN_T = 17  # K = 16


def attention_inputs(B, H, Hkv, T, S, D, dtype, device, seed=0):
    """q, one layer's KV slab, lengths with lengths + T <= S, and the scale."""
    g = torch.Generator(device=device).manual_seed(seed)
    q = torch.randn(B, H, T, D, device=device, generator=g).to(dtype)
    keys, values = (torch.randn(B, Hkv, S, D, device=device, generator=g).to(dtype) for _ in range(2))
    lengths = torch.randint(S // 2, S - T + 1, (B,), device=device, generator=g)
    return q, keys, values, lengths, D**-0.5


def bench_attention_cuda(dtype, dev, timer):
    """Verification-pass attention: the reference is SDPA over the whole bucket with a mask (what
    the static runner runs), the kernel reads each row's valid positions only."""
    kernel = _triton.load("attention_triton").verify_attention_triton
    for H, Hkv, D in ATTN_HEADS:
        for S in ATTN_KEYS:
            for B in ATTN_BATCHES:
                x = attention_inputs(B, H, Hkv, ATTN_T, S, D, dtype, dev)
                ref = verify_attention_ref(*x)
                ref_us = timer(lambda x=x: verify_attention_ref(*x))
                ok = torch.allclose(kernel(*x).float(), ref.float(), atol=2e-2, rtol=2e-2)
                shape = f"B={B} T={ATTN_T} S={S} H{H}/{Hkv} d{D}"
                row("ref", shape, ref_us, ref_us, True, "verify_attn")
                row("triton", shape, timer(lambda x=x: kernel(*x)), ref_us, ok, "verify_attn")


def bench_cuda(args, dev=torch.device("cuda"), timer=lambda fn: timeit_us(fn, True)):
    dtype = getattr(torch, args.dtype)
    kernel = _triton.load("accept_triton").greedy_accept_triton
    for B in BATCHES:
        for K in DRAFT_KS:
            x = accept_inputs(B, K, args.vocab, dtype, dev)
            ref = greedy_accept_ref(*x)
            ref_us = timer(lambda x=x: greedy_accept_ref(*x))
            shape = f"B={B} K={K} V={args.vocab}"
            row("ref", shape, ref_us, ref_us, True)
            ok = same(kernel(*x), ref)
            row("triton", shape, timer(lambda x=x: kernel(*x)), ref_us, ok)
    bench_norm_cuda(dtype, dev, timer)
    bench_layer_cuda(dtype, dev, timer)
    bench_attention_cuda(dtype, dev, timer)


def bench_cpu(args):
    dev = torch.device("cpu")
    dtype = getattr(torch, args.dtype)
    print("# no CUDA: timing the torch reference on CPU (µs, median of 5)")
    for B in BATCHES:
        for K in DRAFT_KS:
            shape = f"B={B} K={K} V={args.vocab}"
            if B * (K + 1) * args.vocab > CPU_MAX_ELEMS:
                print(f"{'greedy_accept':14s} {'ref':6s} {shape:28s}   skipped (too big for a CPU run)")
                continue
            x = accept_inputs(B, K, args.vocab, dtype, dev)
            row("ref", shape, timeit_us(lambda x=x: greedy_accept_ref(*x), False), None, None)
    if not _triton.HAS_TRITON:
        print("# triton not installed: no parity pass")
        return
    if not _triton.interpreting():
        print("# triton was imported without TRITON_INTERPRET=1: no parity pass")
        return
    print("# Triton kernel under TRITON_INTERPRET (tiny size; parity only, timing meaningless)")
    kernel = _triton.load("accept_triton").greedy_accept_triton
    x = accept_inputs(3, 8, 512, dtype, dev, seed=1)
    ref = greedy_accept_ref(*x, return_target=True)
    interp_row(
        "greedy_accept",
        "B=3 K=8 V=512",
        lambda: same(kernel(*x, return_target=True), ref) and same(kernel(*x), ref[:2]),
    )

    def close(a, b, tol=1e-5):
        return torch.allclose(a, b, atol=tol, rtol=tol)

    norm = _triton.load("rmsnorm_triton").rms_norm_triton
    h, weight = torch.randn(4, 96), torch.randn(96)
    interp_row("rms_norm", "rows=4 H=96", lambda: close(norm(h, weight, 1e-6), rms_norm_ref(h, weight, 1e-6)))
    addnorm, y = _triton.load("addnorm_triton").add_rms_norm_triton, (h, torch.randn(4, 96), weight, 1e-6)
    interp_row(
        "add_rms_norm", "rows=4 H=96", lambda: all(close(a, b) for a, b in zip(addnorm(*y), add_rms_norm_ref(*y)))
    )
    silu, gate_up = _triton.load("silu_triton").silu_mul_triton, torch.randn(4, 2 * 96) * 3
    interp_row("silu_mul", "rows=4 inter=96", lambda: close(silu(gate_up, 96), silu_mul_ref(gate_up, 96), 1e-6))
    attn = _triton.load("attention_triton").verify_attention_triton
    x = attention_inputs(2, 6, 2, 5, 40, 64, torch.float32, dev, seed=2)
    interp_row("verify_attn", "B=2 T=5 S=40 H6/2 d64", lambda: close(attn(*x), verify_attention_ref(*x)))


def interp_row(kernel, shape, check):
    """One kernel's tiny parity pass under the interpreter: ``check()`` runs it and says whether it
    matched; the time is shown only to say how long the interpreter took."""
    t = time.perf_counter()
    ok = check()
    print(
        f"{kernel:14s} {'triton':6s} {shape:28s} interp {time.perf_counter() - t:5.2f}s  {'OK' if ok else 'MISMATCH'}"
    )


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--vocab", type=int, default=49152)
    p.add_argument("--dtype", default="bfloat16", choices=["bfloat16", "float16", "float32"])
    args = p.parse_args(argv)
    cuda = torch.cuda.is_available()
    print(
        f"# device: {torch.cuda.get_device_name() if cuda else 'cpu'}  torch {torch.__version__}  "
        f"triton: {'yes' if _triton.HAS_TRITON else 'no'}  logits dtype: {args.dtype}"
    )
    print(f"{'kernel':14s} {'impl':6s} {'shape':28s} {'us/call':>10s} {'speedup':>7s}  parity")
    (bench_cuda if cuda else bench_cpu)(args)


if __name__ == "__main__":
    main()
