import json

import pytest
import torch
from safetensors.torch import save_file
from transformers import AutoModelForCausalLM

from fastapply.models.lora import ADAPTER_CONFIG, ADAPTER_WEIGHTS, merge_adapter


def _write_adapter(folder, model, r=4, alpha=8, seed=0, **extra):
    """A PEFT-format LoRA adapter on q_proj and down_proj with random (non-zero) A and B."""
    g = torch.Generator().manual_seed(seed)
    tensors = {}
    for name, module in model.named_modules():
        if name.endswith(("q_proj", "down_proj")):
            out_features, in_features = module.weight.shape
            tensors[f"base_model.model.{name}.lora_A.weight"] = torch.randn(r, in_features, generator=g) * 0.1
            tensors[f"base_model.model.{name}.lora_B.weight"] = torch.randn(out_features, r, generator=g) * 0.1
    folder.mkdir(parents=True, exist_ok=True)
    save_file(tensors, str(folder / ADAPTER_WEIGHTS))
    config = dict(
        peft_type="LORA",
        r=r,
        lora_alpha=alpha,
        target_modules=["q_proj", "down_proj"],
        base_model_name_or_path=None,
        bias="none",
        task_type="CAUSAL_LM",
        **extra,
    )
    (folder / ADAPTER_CONFIG).write_text(json.dumps(config))
    return tensors


def test_merge_adds_the_scaled_low_rank_product(tiny_model_dir, tmp_path):
    model = AutoModelForCausalLM.from_pretrained(tiny_model_dir)
    before = {k: v.clone() for k, v in model.state_dict().items()}
    tensors = _write_adapter(tmp_path, model, r=4, alpha=8)
    merge_adapter(model, tmp_path)
    after = model.state_dict()
    name = "model.layers.0.self_attn.q_proj"
    a, b = tensors[f"base_model.model.{name}.lora_A.weight"], tensors[f"base_model.model.{name}.lora_B.weight"]
    torch.testing.assert_close(after[f"{name}.weight"], before[f"{name}.weight"] + 2.0 * b @ a)
    assert torch.equal(
        after["model.layers.0.self_attn.k_proj.weight"], before["model.layers.0.self_attn.k_proj.weight"]
    )


def test_merge_equals_peft_merge_and_unload(tiny_model_dir, tmp_path):
    peft = pytest.importorskip("peft", reason="the parity check needs peft (the [train] extra)")
    base = AutoModelForCausalLM.from_pretrained(tiny_model_dir)
    _write_adapter(tmp_path, base, r=8, alpha=16, seed=3, use_rslora=True)
    ours = merge_adapter(AutoModelForCausalLM.from_pretrained(tiny_model_dir), tmp_path).state_dict()
    theirs = peft.PeftModel.from_pretrained(AutoModelForCausalLM.from_pretrained(tiny_model_dir), tmp_path)
    theirs = theirs.merge_and_unload().state_dict()
    assert ours.keys() == theirs.keys()
    for key in ours:
        torch.testing.assert_close(ours[key], theirs[key], atol=1e-6, rtol=1e-5)


def test_adapters_it_cannot_fold_exactly_are_refused(tiny_model_dir, tmp_path):
    model = AutoModelForCausalLM.from_pretrained(tiny_model_dir)
    _write_adapter(tmp_path / "dora", model, use_dora=True)
    with pytest.raises(ValueError, match="use_dora"):
        merge_adapter(model, tmp_path / "dora")
    with pytest.raises(ValueError, match="not a LoRA adapter folder"):
        merge_adapter(model, tmp_path / "missing")
    other = AutoModelForCausalLM.from_pretrained(tiny_model_dir)
    _write_adapter(tmp_path / "wide", other)
    weights = tmp_path / "wide" / ADAPTER_WEIGHTS
    from safetensors.torch import load_file

    tensors = load_file(str(weights))
    key = next(k for k in tensors if k.endswith("lora_A.weight"))
    tensors[key] = torch.zeros(4, 3)  # wrong input width
    save_file(tensors, str(weights))
    with pytest.raises(ValueError, match="the model's weight"):
        merge_adapter(model, tmp_path / "wide")
