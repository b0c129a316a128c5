"""The one reader of the process environment: every variable fastapply reads is named here.

| variable | meaning |
|---|---|
| ``FASTAPPLY_MODEL`` | model when none is passed: ``default``, a Hugging Face folder or a ``.gguf`` file |
| ``FASTAPPLY_DEVICE`` | ``cpu``, ``cuda``, ``cuda:N`` (default: cuda when available) |
| ``FASTAPPLY_DTYPE`` | ``float32``, ``bfloat16``, ``float16`` (default: fp32 on CPU, bf16 on CUDA) |
| ``FASTAPPLY_ADAPTER`` | LoRA adapter folder, or ``none`` |
| ``FASTAPPLY_CACHE`` | where the converted default model is kept (default ``~/.cache/fastapply``) |
| ``FASTAPPLY_API_KEY`` | bearer key the HTTP service requires |
| ``FASTAPPLY_KERNELS`` | ``torch`` forces the kernels' torch references on CUDA; ``fused`` also runs the decoder's RMSNorms and rotary embeddings as one Triton kernel each |

Entry points (the CLI, the server, the replicas) call ``set_process_defaults()`` once; importing a
module never changes the environment.
"""

from __future__ import annotations

import os

VARIABLES = (
    "FASTAPPLY_MODEL",
    "FASTAPPLY_DEVICE",
    "FASTAPPLY_DTYPE",
    "FASTAPPLY_ADAPTER",
    "FASTAPPLY_CACHE",
    "FASTAPPLY_API_KEY",
    "FASTAPPLY_KERNELS",
)


def get(name: str) -> str | None:
    """The variable's value; None when it is unset or empty."""
    if name not in VARIABLES:
        raise KeyError(f"{name} is not a fastapply variable (known: {', '.join(VARIABLES)})")
    return os.environ.get(name) or None


def set_process_defaults() -> None:
    # Models are local paths only: without this, transformers asks the hub for metadata and waits on
    # the network before falling back. Tokenizers' own threads would fight the engine's for the cores.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
