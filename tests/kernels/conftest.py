"""Kernel tests run the Triton kernels on CPU through Triton's interpreter.

The interpreter is selected when ``triton`` is first imported, so the variable is set here, at
conftest import, before any test module imports triton (``fastapply.kernels`` itself imports
triton lazily, so an earlier import of the package elsewhere does not spoil this).
"""

import os

import pytest
import torch

if not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")


def _devices():
    return ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]


@pytest.fixture(params=_devices())
def device(request):
    return torch.device(request.param)


@pytest.fixture
def triton_device():
    """Where the Triton versions run: CUDA if present, else CPU through the interpreter."""
    pytest.importorskip("triton")
    from fastapply.kernels import _triton

    if torch.cuda.is_available():
        return torch.device("cuda")
    assert _triton.interpreting(), "TRITON_INTERPRET=1 was not in effect when triton was imported"
    return torch.device("cpu")
