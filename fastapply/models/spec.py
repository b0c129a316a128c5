"""What model to load (torch-free: the HTTP front and settings import it without loading torch)."""

from __future__ import annotations

from dataclasses import dataclass

from fastapply import env

DEFAULT_MODEL = "default"
DTYPE_NAMES = {
    "float32": "float32",
    "fp32": "float32",
    "bfloat16": "bfloat16",
    "bf16": "bfloat16",
    "float16": "float16",
    "fp16": "float16",
}


@dataclass(frozen=True)
class ModelSpec:
    """What to load. ``model`` is ``default``, a folder, or a .gguf path; None reads the environment."""

    model: str | None = None
    device: str | None = None  # None: cuda when available, else cpu
    dtype: str | None = None  # None: bfloat16 on cuda, float32 on cpu
    adapter: str | None = None  # None: the shipped apply adapter for the default model; "none" disables

    @property
    def name(self) -> str:
        """The model this spec names, the environment's, or the default."""
        return self.model or env.get("FASTAPPLY_MODEL") or DEFAULT_MODEL

    def resolved(self) -> ModelSpec:
        model = self.name
        import torch

        device = self.device or env.get("FASTAPPLY_DEVICE") or ("cuda" if torch.cuda.is_available() else "cpu")
        if device.startswith("cuda") and not torch.cuda.is_available():
            raise ValueError(f"device {device!r} requested but CUDA is not available")
        if device not in ("cpu",) and not device.startswith(("cuda", "mps")):
            raise ValueError(f"unknown device {device!r} (use cpu, cuda, cuda:N)")
        dtype = self.dtype or env.get("FASTAPPLY_DTYPE") or ("bfloat16" if device.startswith("cuda") else "float32")
        if dtype not in DTYPE_NAMES:
            raise ValueError(f"unknown dtype {dtype!r}; use one of {', '.join(sorted(DTYPE_NAMES))}")
        adapter = self.adapter or env.get("FASTAPPLY_ADAPTER")
        return ModelSpec(model, device, dtype, adapter)
