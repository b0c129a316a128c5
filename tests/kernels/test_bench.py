"""The CUDA benchmark path, dry-run at tiny sizes on whatever device runs the Triton kernel
(the interpreter on CPU), with a dummy timer: catches breakage before a GPU is at hand."""

import argparse

import torch


def test_bench_cuda_path_dry_run(triton_device, monkeypatch, capsys):
    from fastapply.kernels import bench

    monkeypatch.setattr(bench, "BATCHES", (1, 2))
    monkeypatch.setattr(bench, "DRAFT_KS", (3,))
    monkeypatch.setattr(bench, "NORM_ROWS", (1, 5))
    monkeypatch.setattr(bench, "NORM_HIDDEN", (64,))
    monkeypatch.setattr(bench, "MLP_INTER", (48,))
    monkeypatch.setattr(bench, "ATTN_BATCHES", (2,))
    monkeypatch.setattr(bench, "ATTN_KEYS", (40,))
    monkeypatch.setattr(bench, "ATTN_HEADS", ((4, 2, 64),))
    monkeypatch.setattr(bench, "ATTN_T", 3)
    args = argparse.Namespace(vocab=300, dtype="bfloat16")
    bench.bench_cuda(args, dev=triton_device, timer=lambda fn: (fn(), 1.0)[1])
    out = capsys.readouterr().out
    assert "MISMATCH" not in out
    # ref + triton per shape: accept, norm, rotary, add + norm, silu gate, attention
    assert out.count(" OK") == 2 * 2 + 2 * 2 + 2 * 2 * 2 + 2 * 2 + 2 * 2 + 2
    assert "verify_attn" in out and "add_rms_norm" in out and "silu_mul" in out


def test_timer_cpu():
    from fastapply.kernels.bench import timeit_us

    assert timeit_us(lambda: torch.ones(4).sum(), cuda=False) > 0
