import os
import subprocess
import sys

import pytest

from fastapply import env


def test_get_reads_only_the_named_variables(monkeypatch):
    monkeypatch.setenv("FASTAPPLY_MODEL", "/models/x")
    monkeypatch.setenv("FASTAPPLY_DEVICE", "")
    assert env.get("FASTAPPLY_MODEL") == "/models/x"
    assert env.get("FASTAPPLY_DEVICE") is None  # empty counts as unset
    with pytest.raises(KeyError, match="not a fastapply variable"):
        env.get("FASTAPPLY_MODLE")


def test_importing_the_package_changes_no_environment_variable():
    code = (
        "import os, json; before = dict(os.environ); "
        "import fastapply.models.loader, fastapply.apply.applier, fastapply.api.app; "
        "print(json.dumps(sorted(set(os.environ.items()) ^ set(before.items()))))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("HF_HUB_OFFLINE", "TOKENIZERS_PARALLELISM")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=clean, check=True)
    assert out.stdout.strip() == "[]"
