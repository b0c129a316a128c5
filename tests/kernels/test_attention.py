"""Verification-pass attention: the reference is the static runner's SDPA arithmetic exactly, and the
Triton kernel (CPU through the Triton interpreter, CUDA when present) matches it while reading only
each row's valid positions ``< lengths[b] + T``."""

import doctest
from types import SimpleNamespace

import pytest
import torch
import torch.nn.functional as F

import fastapply.kernels as K
from fastapply.kernels import attention, verify_attention_ref


def test_worked_example():
    assert doctest.testmod(attention).failed == 0


def inputs(B, H, Hkv, T, S, D, lengths, dtype=torch.float32, device="cpu", seed=0, slot=None):
    """q as the decoder views it ([B, T, H, d] transposed), and keys/values as the runner's slab view:
    the first S positions of slots of ``slot`` positions (not contiguous along B when slot > S)."""
    g = torch.Generator().manual_seed(seed)
    q = torch.randn(B, T, H, D, generator=g).to(dtype).to(device).transpose(1, 2)
    slab = torch.randn(2, B, Hkv, slot or S, D, generator=g).to(dtype).to(device)
    return q, slab[0, :, :, :S], slab[1, :, :, :S], torch.tensor(lengths, device=device)


def test_reference_is_the_runners_formula():
    """The arithmetic of ``StaticRunner._forward``: a key_index as long as the slot, sliced to the
    key bucket, compared with the positions; SDPA over the slab views."""
    B, H, Hkv, T, keys, max_len, D = 3, 6, 2, 4, 20, 32, 8
    q, k, v, lengths = inputs(B, H, Hkv, T, keys, D, [0, 7, 16], slot=max_len)
    key_index = torch.arange(max_len)
    positions = lengths[:, None] + torch.arange(T)
    mask = key_index[None, None, None, :keys] <= positions[:, None, :, None]
    runner = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=0.3, enable_gqa=True)
    assert torch.equal(verify_attention_ref(q, k, v, lengths, 0.3), runner)


def test_reference_is_what_the_static_runner_computes(monkeypatch):
    """Every attention call of a real verification pass, recomputed by the reference."""
    from transformers import LlamaConfig, LlamaForCausalLM

    from fastapply.runners import static

    torch.manual_seed(0)
    cfg = LlamaConfig(
        vocab_size=64, hidden_size=48, intermediate_size=64, num_hidden_layers=2, num_attention_heads=6,
        num_key_value_heads=2, max_position_embeddings=64,
    )  # fmt: skip
    runner = static.StaticRunner(LlamaForCausalLM(cfg).eval(), batch=3, k=3, max_len=32)
    runner.prefill_rows([0, 2], [list(range(1, 8)), list(range(3, 15))], [0, 0])  # row 1 stays empty
    checked = []

    def sdpa(q, k, v, attn_mask=None, scale=None, enable_gqa=False):
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask, scale=scale, enable_gqa=enable_gqa)
        checked.append(torch.equal(verify_attention_ref(q, k, v, runner.lengths, scale), out))
        return out

    monkeypatch.setattr(static, "F", SimpleNamespace(scaled_dot_product_attention=sdpa))  # the runner's only use
    runner.logits(torch.randint(0, 64, (3, 4)), keys=24)
    assert checked == [True, True]  # one call per layer, each equal bit for bit


def kernel(device):
    from fastapply.kernels import _triton

    return _triton.for_tensor("attention_triton", torch.empty(0, device=device)).verify_attention_triton


# (dtype, group, T, splits): splits None is the shape-based choice (one split at these sizes)
CASES = [
    (torch.float32, 1, 1, 1),
    (torch.float32, 3, 5, 1),
    (torch.float32, 3, 5, 3),
    (torch.float32, 1, 5, 4),
    (torch.float32, 3, 1, None),
    (torch.bfloat16, 3, 5, 2),
]


@pytest.mark.parametrize(("dtype", "group", "T", "splits"), CASES)
def test_parity(dtype, group, T, splits, triton_device):
    S, D = 45, 64  # not a multiple of block_n = 16; rows: empty, short, one ending at S
    q, k, v, lengths = inputs(3, 2 * group, 2, T, S, D, [0, 9, S - T], dtype, triton_device, slot=60)
    got = kernel(triton_device)(q, k, v, lengths, 0.125, splits=splits, block_n=16)
    want = verify_attention_ref(q, k, v, lengths, 0.125)
    assert got.dtype == want.dtype and got.shape == want.shape
    tol = 1e-5 if dtype == torch.float32 else 3e-2
    torch.testing.assert_close(got.float(), want.float(), atol=tol, rtol=tol)


@pytest.mark.parametrize("splits", [1, 3])
def test_never_reads_past_the_valid_positions(splits, triton_device):
    """Slab positions at or past lengths[b] + T hold NaN (stale or never written): the kernel's output
    is what the reference gives on a clean slab. Also: out written through a strided view."""
    B, H, Hkv, T, S, D = 3, 4, 2, 5, 50, 64
    q, k, v, lengths = inputs(B, H, Hkv, T, S, D, [0, 11, 30], device=triton_device, seed=1, slot=64)
    want = verify_attention_ref(q, k, v, lengths, 0.2)
    beyond = torch.arange(S, device=triton_device)[None, :] >= (lengths + T)[:, None]  # [B, S]
    k.masked_fill_(beyond[:, None, :, None], float("nan"))
    v.masked_fill_(beyond[:, None, :, None], float("nan"))
    out = torch.empty(B, T, H, D, device=triton_device).transpose(1, 2)
    got = kernel(triton_device)(q, k, v, lengths, 0.2, splits=splits, block_n=16, out=out)
    assert got is out and torch.isfinite(out).all()
    torch.testing.assert_close(out, want, atol=1e-5, rtol=1e-5)


def test_query_tiles_and_head_dim_128(triton_device):
    """T * group above the largest query tile (several tiles per kv head), and d = 128."""
    from fastapply.kernels import _triton

    tiles = _triton.load("attention_triton").TILES
    T, group = 65, 2
    assert T * group > tiles[(4, 64)][0]
    q, k, v, lengths = inputs(1, group, 1, T, 70, 64, [3], device=triton_device, seed=2)
    got = kernel(triton_device)(q, k, v, lengths, 0.125, splits=1)
    torch.testing.assert_close(got, verify_attention_ref(q, k, v, lengths, 0.125), atol=1e-5, rtol=1e-5)
    q, k, v, lengths = inputs(2, 3, 3, 2, 20, 128, [0, 17], device=triton_device, seed=3)
    got = kernel(triton_device)(q, k, v, lengths, 0.09, splits=2, block_n=16)
    torch.testing.assert_close(got, verify_attention_ref(q, k, v, lengths, 0.09), atol=1e-5, rtol=1e-5)


def test_bad_inputs_are_value_errors(triton_device):
    fn = kernel(triton_device)
    q, k, v, lengths = inputs(1, 2, 1, 2, 8, 48, [0], device=triton_device)
    with pytest.raises(ValueError, match="head_dim"):
        fn(q, k, v, lengths, 1.0)
    q, k, v, lengths = inputs(1, 2, 1, 2, 8, 64, [0], device=triton_device)
    with pytest.raises(ValueError, match="dtype"):
        fn(q, k.half(), v.half(), lengths, 1.0)
    with pytest.raises(ValueError, match="lengths"):
        fn(q, k, v, lengths[:0], 1.0)


def test_splits_depend_on_shapes_only(triton_device):
    from fastapply.kernels import _triton

    choose = _triton.load("attention_triton").choose_splits
    assert choose(programs=3, S=4096, block_n=64) == (16, 256)  # B=1, 3 kv heads: a long slot split
    assert choose(programs=96, S=4096, block_n=64) == (2, 2048)  # 96 programs: two splits fill 132 SMs
    assert choose(programs=3, S=200, block_n=64) == (1, 256)  # a short bucket: one split
    assert choose(programs=200, S=4096, block_n=64)[0] == 1


def test_dispatch(triton_device, monkeypatch):
    q, k, v, lengths = inputs(2, 2, 1, 3, 20, 64, [0, 10], device=triton_device, seed=4)
    want = verify_attention_ref(q, k, v, lengths, 0.125)
    if triton_device.type == "cpu":
        assert torch.equal(K.verify_attention(q, k, v, lengths, 0.125), want)  # off CUDA: the reference
    monkeypatch.setattr(K, "backend", lambda device: "triton")
    torch.testing.assert_close(K.verify_attention(q, k, v, lengths, 0.125), want, atol=1e-5, rtol=1e-5)
