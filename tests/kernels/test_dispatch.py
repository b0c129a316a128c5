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
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, env=full_env, timeout=120)


def test_cpu_dispatch_is_reference():
    assert K.select(torch.device("cpu")).backend == "torch"
    g = torch.Generator().manual_seed(0)
    logits = torch.randn(3, 5, 50, generator=g)
    draft = logits.argmax(-1)[:, :4].contiguous()
    draft[1, 1] = -5
    dlen = torch.tensor([4, 4, 2])
    acc, nxt = K.greedy_accept(logits, draft, dlen)
    assert acc.tolist() == [4, 1, 2]
    for a, b in zip(K.greedy_accept(logits, draft, dlen, True), K.greedy_accept_ref(logits, draft, dlen, True)):
        assert torch.equal(a, b)
    refs = torch.tensor([[1, 2, 3, 1, 2, 4]])
    out = K.ngram_propose(refs, torch.tensor([6]), torch.tensor([[1, 2]]), torch.tensor([2]),
                          torch.tensor([3]), k=3, max_ngram=2)
    assert [o.tolist() for o in out] == [[5], [2], [[4, -1, -1]], [1]]


def test_import_does_not_import_triton():
    r = _run("import sys, fastapply.kernels; print('triton' in sys.modules)")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "False"


def test_works_without_triton():
    r = _run("""
        import sys; sys.modules["triton"] = None   # make `import triton` fail
        import torch, fastapply.kernels as K
        assert not K.HAS_TRITON and K.select(torch.device("cuda")).backend == "torch"
        acc, nxt = K.greedy_accept(torch.eye(3)[None], torch.tensor([[0, 1]]), torch.tensor([2]))
        assert acc.tolist() == [2] and nxt.tolist() == [2], (acc, nxt)
        K.ngram_propose(torch.zeros(1, 4, dtype=torch.long), torch.tensor([4]),
                        torch.zeros(1, 2, dtype=torch.long), torch.tensor([2]), torch.tensor([0]), 2, 2)
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
    assert K.select(torch.device("cuda")).backend == "triton"
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
    a, n = _triton.load("accept_triton"), _triton.load("ngram_triton")
    i, p = "i32", "*i64"
    cases = [
        (a._argmax_rows_kernel, ["*bf16", p, i, i, "i64", "i64"], dict(BLOCK_V=1024)),
        (a._accept_fused_kernel, ["*fp32", p, "*i32", p, p, p, i, i, i, i, i], dict(BLOCK_V=2048, WRITE_TARGET=False)),
        (a._accept_fused_kernel, ["*fp16", p, p, p, p, p, i, i, i, i, i], dict(BLOCK_V=2048, WRITE_TARGET=True)),
        (a._argmax_partial_kernel, ["*bf16", "*fp32", "*i32", i, i, i, i, i, i], dict(BLOCK_V=1024)),
        (a._accept_reduce_kernel, ["*fp32", "*i32", p, p, p, p, p, i, i, i], dict(BLOCK_K1=128, BLOCK_S=32)),
        (n._ngram_kernel, [p, p, p, "*i32", p, p, p, p, p, i, i, i, i, i], dict(MAX_NGRAM=8, BLOCK_R=1024, BLOCK_K=64)),
    ]
    for fn, types, const in cases:
        names = [x for x in fn.arg_names if x not in const]
        sig = dict(zip(names, types), **{k: "constexpr" for k in const})
        k = triton.compile(ASTSource(fn, sig, const), target=GPUTarget("cuda", 90, 32))
        assert k.asm["cubin"], fn.__name__
    print("compiled", len(cases))
"""


def test_kernels_compile_for_sm90():
    """Ahead-of-time compile (no GPU needed; uses triton's bundled ptxas)."""
    pytest.importorskip("triton")
    r = _run(COMPILE, TRITON_INTERPRET="0", TRITON_DEFAULT_FP_FUSION="1")
    assert r.returncode == 0, r.stderr[-3000:]
    assert "compiled 6" in r.stdout
