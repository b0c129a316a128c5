"""The decoder joins q/k/v and gate/up into one projection each without copying the weights or
changing what the model computes."""

import pytest
import torch

from fastapply.runners.llama import LlamaWeights, _joined

from ...conftest import tiny_model


@pytest.mark.parametrize("kind", ["llama", "qwen2"])  # qwen2's q/k/v carry biases
def test_joined_projections_are_views_and_leave_the_model_unchanged(kind):
    model = tiny_model(kind)
    ids = torch.tensor([[5, 9, 200, 3, 17]])
    with torch.inference_mode():
        before = model(ids).logits
        weights = LlamaWeights(model)
        after = model(ids).logits
    assert torch.equal(before, after)
    attn, mlp = model.model.layers[0].self_attn, model.model.layers[0].mlp
    qkv, bias, sizes = weights.qkv[0]
    assert sizes == [attn.q_proj.out_features, attn.k_proj.out_features, attn.v_proj.out_features]
    assert attn.q_proj.weight.data_ptr() == qkv.data_ptr()  # a view: no second copy of the weights
    assert attn.v_proj.weight.untyped_storage().data_ptr() == qkv.untyped_storage().data_ptr()
    assert (bias is not None) == (kind == "qwen2")
    gate_up, _, _ = weights.gate_up[0]
    assert mlp.gate_proj.weight.data_ptr() == gate_up.data_ptr()
    again = LlamaWeights(model)  # a second runner on the model shares the joined tensors
    assert again.qkv[0][0] is qkv and again.gate_up[0][0] is gate_up


def test_projections_with_a_bias_on_some_only_are_refused():
    with_bias, without = torch.nn.Linear(4, 3), torch.nn.Linear(4, 2, bias=False)
    with pytest.raises(ValueError, match="bias"):
        _joined(with_bias, without)


@pytest.mark.parametrize("kind", ["llama", "qwen2"])
def test_the_fused_layer_computes_what_the_default_layer_computes(kind, monkeypatch):
    """Forced on CPU, the fused decoder's path (one add-and-norm per residual add, the SiLU gate on
    the joined projection; the kernels' references off CUDA) gives the default path's logits exactly."""
    from fastapply.runners import llama

    model = tiny_model(kind)
    weights = LlamaWeights(model)
    ids = torch.tensor([[5, 9, 200, 3, 17, 44]])
    positions = torch.arange(6)[None]

    def attend(index, attn, q, k, v):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)

    with torch.inference_mode():
        default = weights.logits(weights.forward(ids, positions, attend))
        monkeypatch.setattr(llama, "fused_decoder", lambda device: True)
        fused = weights.logits(weights.forward(ids, positions, attend))
        reference = model(ids).logits
    assert torch.equal(fused, default)
    assert torch.allclose(default, reference, atol=1e-4) and torch.equal(default.argmax(-1), reference.argmax(-1))
