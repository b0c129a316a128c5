"""Exported API: device dispatch, works without triton, and the Triton kernels compile for a
real GPU target (the interpreter does not check compiled-mode rules such as constexpr globals)."""

import os
import subprocess
import sys
import textwrap

import pytest
import torch

import fastapply.kernels as K


def _run(code, **env):
    full_env = {**os.environ, **env}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=full_env, timeout=120
    )


def test_cpu_dispatch_is_reference():
    assert K.backend(torch.device("cpu")) == "torch"
    g = torch.Generator().manual_seed(0)
    logits = torch.randn(3, 5, 50, generator=g)
    draft = logits.argmax(-1)[:, :4].contiguous()
    draft[1, 1] = -5
    dlen = torch.tensor([4, 4, 2])
    acc, nxt = K.greedy_accept(logits, draft, dlen)
    assert acc.tolist() == [4, 1, 2]
    for a, b in zip(K.greedy_accept(logits, draft, dlen, True), K.greedy_accept_ref(logits, draft, dlen, True)):
        assert torch.equal(a, b)


def test_env_forces_reference(monkeypatch):
    monkeypatch.setattr(K, "HAS_TRITON", True)
    monkeypatch.delenv("FASTAPPLY_KERNELS", raising=False)
    assert K.backend(torch.device("cuda")) == "triton"
    assert K.backend("cuda") == "triton"
    monkeypatch.setenv("FASTAPPLY_KERNELS", "torch")
    assert K.backend(torch.device("cuda")) == "torch"


def test_triton_dispatch_calls_kernel(triton_device, monkeypatch):
    """The dispatch path taken on CUDA, exercised wherever the kernel runs (interpreter on CPU)."""
    monkeypatch.setattr(K, "backend", lambda device: "triton")
    g = torch.Generator().manual_seed(2)
    logits = torch.randn(2, 4, 70, generator=g).to(triton_device)
    draft = logits.argmax(-1)[:, :3].contiguous()
    dlen = torch.tensor([3, 1], device=triton_device)
    got = K.greedy_accept(logits, draft, dlen, return_target=True)
    for a, b in zip(got, K.greedy_accept_ref(logits, draft, dlen, True)):
        assert torch.equal(a, b)
    assert len(K.greedy_accept(logits, draft, dlen)) == 2


def test_import_does_not_import_triton():
    r = _run("import sys, fastapply.kernels; print('triton' in sys.modules)")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "False"


def test_works_without_triton():
    r = _run("""
        import sys; sys.modules["triton"] = None   # make `import triton` fail
        import torch, fastapply.kernels as K
        assert not K.HAS_TRITON and K.backend(torch.device("cuda")) == "torch"
        acc, nxt = K.greedy_accept(torch.eye(3)[None], torch.tensor([[0, 1]]), torch.tensor([2]))
        assert acc.tolist() == [2] and nxt.tolist() == [2], (acc, nxt)
        from fastapply.kernels import _triton
        try:
            _triton.load("accept_triton")
        except RuntimeError as e:
            print("ok", e)
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_dispatch_uses_triton():
    pytest.importorskip("triton")
    assert K.backend(torch.device("cuda")) == "triton"
    logits = torch.randn(4, 9, 49152, device="cuda", dtype=torch.bfloat16)
    draft = logits.argmax(-1)[:, :8].contiguous()
    dlen = torch.tensor([8, 3, 0, 8], device="cuda")
    for a, b in zip(K.greedy_accept(logits, draft, dlen, True), K.greedy_accept_ref(logits, draft, dlen, True)):
        assert torch.equal(a, b)


COMPILE = """
    import torch, triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    from fastapply.kernels import _triton
    a = _triton.load("accept_triton")
    i, p = "i32", "*i64"
    cases = [
        (a._argmax_partial_kernel, ["*bf16", "*fp32", "*i32", i, i, i, i, i, i], dict(BLOCK_V=1024)),
        (a._argmax_partial_kernel, ["*fp16", "*fp32", "*i32", i, i, i, i, "i64", "i64"], dict(BLOCK_V=1024)),
        (a._argmax_partial_kernel, ["*fp32", "*fp32", "*i32", i, i, i, i, i, i], dict(BLOCK_V=256)),
        (a._accept_reduce_kernel, ["*fp32", "*i32", p, p, p, p, p, i, i, i], dict(BLOCK_K1=128, BLOCK_S=32)),
        (a._accept_reduce_kernel, ["*fp32", "*i32", p, "*i32", p, p, p, i, i, i], dict(BLOCK_K1=16, BLOCK_S=1)),
    ]
    n = _triton.load("rmsnorm_triton")._rms_norm_kernel
    cases += [
        (n, ["*bf16", "*bf16", "*bf16", i, i, i, "fp32"], dict(BLOCK=1024)),  # SmolLM2: H = 576
        (n, ["*fp32", "*fp32", "*fp32", i, i, i, "fp32"], dict(BLOCK=4096)),  # Qwen2.5-7B: H = 3584
    ]
    an = _triton.load("addnorm_triton")._add_rms_norm_kernel
    cases += [
        (an, ["*bf16"] * 5 + [i, i, i, "fp32"], dict(BLOCK=1024)),  # SmolLM2: H = 576
        (an, ["*fp32"] * 5 + [i, i, i, "fp32"], dict(BLOCK=4096)),  # Qwen2.5-7B: H = 3584
    ]
    s = _triton.load("silu_triton")
    cases += [(s._silu_mul_kernel, [dt, dt, i, i], dict(BLOCK=1024, EXACT=True)) for dt in ("*bf16", "*fp32")]
    r = _triton.load("rotary_triton")._rotary_kernel
    cases += [(r, ["*bf16", "*bf16", "*bf16", "*bf16"] + [i] * 10, dict(HALF=32, BLOCK=64))]  # head_dim 64
    at = _triton.load("attention_triton")
    unit = dict(sqd=1, skd=1, svd=1, sod=1)  # the last strides, specialised to 1 as the JIT does
    for dt, size in (("*bf16", 2), ("*fp32", 4)):
        for d, direct in ((64, True), (128, False)):  # d=64 writes the output, d=128 the split partials
            bm, bn = at.TILES[(size, d)]
            part = [dt] * 3 if direct else ["*fp32"] * 3
            const = dict(D=d, BLOCK_M=bm, BLOCK_N=bn, DIRECT=direct, UPCAST=False, **unit)
            cases.append((at._attn_kernel, [dt, dt, dt, p, dt, *part] + [i] * 5 + ["fp32"] + [i] * 12, const))
        cases.append((at._merge_kernel, ["*fp32", "*fp32", "*fp32", dt] + [i] * 9, dict(D=128, BLOCK_S=16, sod=1)))
    for fn, types, const in cases:
        names = [x for x in fn.arg_names if x not in const]
        sig = dict(zip(names, types), **{k: "constexpr" for k in const})
        warps = at.WARPS if fn is at._attn_kernel else 4
        opts = dict(num_warps=warps, **(s.LAUNCH if fn is s._silu_mul_kernel else {}))
        k = triton.compile(ASTSource(fn, sig, const), target=GPUTarget("cuda", 90, 32), options=opts)
        assert k.asm["cubin"], fn.__name__
        if fn is s._silu_mul_kernel:  # torch's rounding: IEEE division, libdevice's expf without ftz
            ptx = k.asm["ptx"]
            assert "div.rn.f32" in ptx and "div.full" not in ptx and "fma.rn.ftz" not in ptx, fn.__name__
    print("compiled", len(cases))
"""


def test_kernels_compile_for_sm90():
    """Ahead-of-time compile (no GPU needed; uses triton's bundled ptxas)."""
    pytest.importorskip("triton")
    r = _run(COMPILE, TRITON_INTERPRET="0", TRITON_DEFAULT_FP_FUSION="1")
    assert r.returncode == 0, r.stderr[-3000:]
    assert "compiled 18" in r.stdout
