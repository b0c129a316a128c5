"""Optional-triton plumbing for the kernel module.

Triton is the optional extra ``gpu``: everything in this package must import without it, so the
kernel module (``accept_triton``) is only imported through ``load()``, and importing
``fastapply.kernels`` never imports triton itself.

Why lazy: Triton's interpreter (``TRITON_INTERPRET=1``, the only way to run the kernels on CPU)
is chosen when ``triton`` is *imported* -- its own standard library (``tl.max``...) is decorated
at that moment. If the engine imported triton eagerly, a test conftest that sets the variable
afterwards would be too late. With the lazy import, triton is first imported by the first call
that really needs a Triton kernel (on CUDA, or in tests/bench after they set the variable).
"""

from __future__ import annotations

import importlib
import importlib.util

_PKG = __name__.rpartition(".")[0]  # "fastapply.kernels"

try:
    HAS_TRITON = importlib.util.find_spec("triton") is not None
except (ImportError, ValueError):
    HAS_TRITON = False


def interpreting() -> bool:
    """True when triton runs (or will run, once imported) in interpreter mode."""
    if not HAS_TRITON:
        return False
    import triton

    return bool(triton.knobs.runtime.interpret)


def load(name: str):
    """Import kernel module ``name`` (e.g. "accept_triton"); needs triton."""
    if not HAS_TRITON:
        raise RuntimeError("triton is not installed (pip install 'fastapply[gpu]')")
    return importlib.import_module(f"{_PKG}.{name}")


def for_tensor(name: str, x):
    """Kernel module for ``x``'s device: compiled on CUDA, interpreter required elsewhere."""
    mod = load(name)
    if x.device.type != "cuda" and not interpreting():
        raise RuntimeError(
            f"Triton kernels on {x.device.type} tensors need TRITON_INTERPRET=1 set before triton "
            "is first imported (tests/kernels/conftest.py and `python -m fastapply.kernels.bench` "
            "do this when there is no CUDA)"
        )
    return mod


def next_pow2(n: int) -> int:
    return 1 if n <= 1 else 1 << (int(n) - 1).bit_length()
