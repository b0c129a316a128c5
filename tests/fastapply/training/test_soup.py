from __future__ import annotations

import json

import pytest
import torch
from transformers import AutoModelForCausalLM

from fastapply.training import soup
from fastapply.training.modelio import attach_adapter, save_adapter


def _random_adapter(tiny_base, out, seed: int, r: int):
    """A saved LoRA adapter with non-zero B (PEFT initialises B to zero, which would hide mistakes)."""
    torch.manual_seed(seed)
    model = attach_adapter(AutoModelForCausalLM.from_pretrained(tiny_base), None, r=r, alpha=2 * r)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "lora_" in name:
                p.copy_(torch.randn_like(p) * 0.05)
    save_adapter(model, out)
    return out


def _merged_weights(tiny_base, adapter) -> dict[str, torch.Tensor]:
    from peft import PeftModel

    model = PeftModel.from_pretrained(AutoModelForCausalLM.from_pretrained(tiny_base), str(adapter))
    return {k: v.clone() for k, v in model.merge_and_unload().state_dict().items()}


@pytest.fixture(scope="module")
def two_adapters(tiny_base, tmp_path_factory):
    root = tmp_path_factory.mktemp("soup")
    return _random_adapter(tiny_base, root / "a", 1, 4), _random_adapter(tiny_base, root / "b", 2, 8)


def test_exact_soup_merges_to_the_weighted_average_of_the_merged_models(tiny_base, two_adapters, tmp_path):
    a, b = two_adapters
    assert soup.main(["--adapter", str(a), "--adapter", str(b), "--weights", "0.25,0.75", "--out", str(tmp_path)]) == 0
    config = json.loads((tmp_path / soup.CONFIG_FILE).read_text())
    assert config["r"] == 12 and config["lora_alpha"] == 12
    wa, wb, ws = (_merged_weights(tiny_base, p) for p in (a, b, tmp_path))
    changed = [k for k in ws if not torch.equal(wa[k], wb[k])]
    assert any("q_proj" in k for k in changed) and any("down_proj" in k for k in changed)
    for k in ws:
        torch.testing.assert_close(ws[k], 0.25 * wa[k] + 0.75 * wb[k], atol=2e-3, rtol=0)


def test_truncation_keeps_the_top_directions_and_reports_the_error(two_adapters):
    adapters = [soup.read_adapter(p) for p in two_adapters]
    config, exact, err = soup.mix(adapters, [0.5, 0.5])
    assert err == 0.0 and config["r"] == 12
    config, low, err = soup.mix(adapters, [0.5, 0.5], rank=3)
    assert config["r"] == 3 and 0 < err < 1
    name = next(k for k in low if ".lora_A." in k)
    b_name = name.replace(".lora_A.", ".lora_B.")
    assert low[name].shape[0] == 3 and low[b_name].shape[1] == 3
    full = exact[b_name] @ exact[name]
    approx = low[b_name] @ low[name]
    assert float((full - approx).norm() / full.norm()) <= err + 1e-5
    # the best rank-3 approximation beats keeping the first adapter's first 3 directions
    naive = exact[b_name][:, :3] @ exact[name][:3]
    assert (full - approx).norm() < (full - naive).norm()


def test_bad_soups_are_refused(two_adapters, tmp_path, capsys):
    adapters = [soup.read_adapter(p) for p in two_adapters]
    with pytest.raises(ValueError, match="1 weights for 2 adapters"):
        soup.mix(adapters, [1.0])
    with pytest.raises(ValueError, match="at least two"):
        soup.mix(adapters[:1], [1.0])
    other = (dict(adapters[1][0], target_modules=["q_proj"]), adapters[1][1])
    with pytest.raises(ValueError, match="target modules differ"):
        soup.mix([adapters[0], other], [0.5, 0.5])
    with pytest.raises(ValueError, match="not a LoRA adapter folder"):
        soup.read_adapter(tmp_path)
    code = soup.main(["--adapter", str(two_adapters[0]), "--adapter", str(tmp_path), "--out", str(tmp_path / "x")])
    assert code == 2 and "not a LoRA adapter folder" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_one_adapter_truncated_to_a_lower_rank(two_adapters):
    config, tensors = soup.read_adapter(two_adapters[0])
    low_config, low, err = soup.mix([(config, tensors)], [1.0], rank=2)
    assert low_config["r"] == 2 and 0 < err < 1
    with pytest.raises(ValueError, match="at least two"):
        soup.mix([(config, tensors)], [1.0])
