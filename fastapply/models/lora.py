"""LoRA adapters in the PEFT format (``adapter_config.json`` + ``adapter_model.safetensors``),
read and folded into a model's weights without peft: serving needs only safetensors and torch.

A LoRA adapter stores, per adapted linear layer, ``A`` [r, in] and ``B`` [out, r]; the adapted
weight is ``W + s · B @ A`` with ``s = lora_alpha / r`` (``/ sqrt(r)`` with rsLoRA). Folding it in
once at load time leaves a plain model: the engine runs no extra matmuls. Worked example: r = 16,
lora_alpha = 16, so ``s = 1`` and each adapted ``q_proj.weight`` gains ``B @ A``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import torch

ADAPTER_CONFIG = "adapter_config.json"  # PEFT's file names
ADAPTER_WEIGHTS = "adapter_model.safetensors"
# Config fields that change what a stored A/B pair means; adapters that use them are refused.
UNSUPPORTED = ("use_dora", "rank_pattern", "alpha_pattern", "modules_to_save", "lora_bias", "fan_in_fan_out")
_PREFIX = "base_model.model."


def read_adapter(path: str | Path) -> tuple[dict, dict[str, torch.Tensor]]:
    """(adapter_config.json as a dict, float32 tensors by name) of a PEFT LoRA adapter folder."""
    from safetensors.torch import load_file

    folder = Path(path)
    if not (folder / ADAPTER_CONFIG).is_file() or not (folder / ADAPTER_WEIGHTS).is_file():
        raise ValueError(f"{path}: not a LoRA adapter folder (needs {ADAPTER_CONFIG} and {ADAPTER_WEIGHTS})")
    config = json.loads((folder / ADAPTER_CONFIG).read_text())
    if config.get("peft_type") != "LORA":
        raise ValueError(f"{path}: peft_type {config.get('peft_type')!r}; only LoRA adapters are supported")
    for key in UNSUPPORTED:
        if config.get(key):
            raise ValueError(f"{path}: {key}={config[key]!r} is not supported")
    return config, {k: v.float() for k, v in load_file(str(folder / ADAPTER_WEIGHTS)).items()}


def scaling(config: dict) -> float:
    r = config["r"]
    return config["lora_alpha"] / (math.sqrt(r) if config.get("use_rslora") else r)


@torch.no_grad()
def merge_adapter(model: torch.nn.Module, path: str | Path) -> torch.nn.Module:
    """Fold the adapter at ``path`` into ``model``'s weights in place (fp32 arithmetic) and return it."""
    config, tensors = read_adapter(path)
    s = scaling(config)
    pairs = {name[: -len(".lora_A.weight")] for name in tensors if name.endswith(".lora_A.weight")}
    if not pairs or len(tensors) != 2 * len(pairs):
        raise ValueError(f"{path}: expected lora_A/lora_B weight pairs, got {len(tensors)} tensors")
    for name in sorted(pairs):
        a, b = tensors[f"{name}.lora_A.weight"], tensors[f"{name}.lora_B.weight"]  # [r, in], [out, r]
        try:
            layer = model.get_submodule(name.removeprefix(_PREFIX))
        except AttributeError:
            raise ValueError(f"{path}: the model has no module {name.removeprefix(_PREFIX)!r}") from None
        weight = layer.weight
        assert isinstance(weight, torch.Tensor)
        if tuple(weight.shape) != (b.shape[0], a.shape[1]):
            raise ValueError(f"{path}: {name} is {b.shape[0]}x{a.shape[1]}, the model's weight {tuple(weight.shape)}")
        weight.copy_((weight.float() + s * (b @ a)).to(weight.dtype))
    return model
