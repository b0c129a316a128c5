"""Agenda steps 1 and 2 on the device: correctness (the CUDA test subset, agreement figures) and
speed (``bench gpu`` on the copy case and dev cases, then Qwen2.5-Coder-shaped random models).
Each part is skipped when a previous command finished it, and started only with time left for it."""

from __future__ import annotations

import time
from types import SimpleNamespace

from .gpu_results import Budget, Results

CORRECTNESS, SPEED = "1-correctness", "2-speed"


def correctness_step(res: Results, budget: Budget, args) -> dict:
    from .gpu_checks import CUDA_TESTS, agreement_rows, run_tests

    out = {}
    runs = {r["path"]: r for r in res.read_json(CORRECTNESS, "tests.json", [])}
    for i, path in enumerate(args.tests.split(",") if args.tests else CUDA_TESTS):
        if res.is_done(CORRECTNESS, f"tests {path}"):
            continue
        if not budget.allows(args.tests_reserve_s + 20):
            runs.setdefault(path, {"path": path, "returncode": "not run: no time left in this command"})
            continue
        started = time.perf_counter()
        runs[path] = run_tests(path, res.dir(CORRECTNESS) / f"junit-{i}.xml", budget.left() - args.tests_reserve_s)
        res.write_json(CORRECTNESS, "tests.json", list(runs.values()))
        if runs[path]["returncode"] != "timeout":
            res.mark_done(CORRECTNESS, f"tests {path}", time.perf_counter() - started)
    res.write_json(CORRECTNESS, "tests.json", list(runs.values()))
    out["tests"] = list(runs.values())
    if not res.is_done(CORRECTNESS, "agreement") and budget.allows(30):
        started = time.perf_counter()
        rows = agreement_rows(args.device or _device(), args.agreement_tokens, args.agreement_prompts)
        res.write_json(CORRECTNESS, "agreement.json", rows)
        res.mark_done(CORRECTNESS, "agreement", time.perf_counter() - started)
        out["agreement"] = rows
    return out


def speed_step(res: Results, budget: Budget, args) -> dict:
    """``bench gpu`` with the embedded model, then the shapes. With ``--tokenizer`` (a folder with the
    embedded model's tokenizer files) only the shapes run, and the model's weights need not travel."""
    import torch

    from .gpu_shapes import bench_shape

    if args.tokenizer:
        from transformers import AutoTokenizer

        from fastapply.engine.config import EngineConfig

        tokenizer, config = AutoTokenizer.from_pretrained(args.tokenizer), EngineConfig()
        device = args.device or _device()
    else:
        applier = _bench(res, args)
        tokenizer, config = applier.tokenizer, applier.engine.config
        device = str(next(applier.engine.model.parameters()).device)
        if not res.is_done(SPEED, "profile") and budget.allows(args.shape_reserve_s + 30):
            started = time.perf_counter()
            res.write_json(SPEED, "profile.json", _profile(applier, args))
            res.mark_done(SPEED, "profile", time.perf_counter() - started)
    dtype = torch.bfloat16 if device.startswith("cuda") else torch.float32
    ks = _ints(args.ks)
    for shape in filter(None, args.shapes.split(",")):
        if res.is_done(SPEED, f"shape-{shape}"):
            continue
        if not budget.allows(args.shape_reserve_s):
            res.write_json(SPEED, f"shape-{shape}.json", {"shape": shape, "skipped": "no time left in this command"})
            continue
        started = time.perf_counter()
        result = bench_shape(
            shape,
            tokenizer,
            config,
            args.shape_prompt_tokens,
            args.shape_tokens,
            ks,
            args.runners.split(","),
            _ints(args.shape_concurrency),
            device,
            dtype,
        )
        res.write_json(SPEED, f"shape-{shape}.json", result)
        res.mark_done(SPEED, f"shape-{shape}", time.perf_counter() - started)
    from .gpu_figures import figures
    from .gpu_results import environment

    res.write_json(SPEED, "gpu-results.json", figures(res.root, environment()))
    return {"done": res.read_json(SPEED, "done.json", {})}


def _profile(applier, args) -> dict:
    """The per-pass profile of the embedded model's copy case (``gpu_profile``), at k = 64."""
    from .gpu import run_batch
    from .gpu_profile import pass_profile, prefill_times
    from .speed import copy_case

    model, tokenizer, config = applier.engine.model, applier.tokenizer, applier.engine.config
    prompt, _ = copy_case(applier, args.copy_tokens)
    own = run_batch(model, tokenizer, config, [(prompt, [], args.copy_tokens)], 0)[0][0].output
    levels = _ints(args.profile_rows)
    return {
        "k": 64,
        "prompt_tokens": len(prompt),
        "passes": pass_profile(model, tokenizer, config, prompt, own, args.copy_tokens, levels),
        "prefill": prefill_times(model, prompt, levels),
    }


def _bench(res: Results, args):
    """The embedded model's ``bench gpu`` rows (copy case, dev cases), once; returns the applier."""
    from fastapply.apply.applier import Applier

    from .gpu import run_all
    from .gpu_tables import device_label

    applier = Applier.load(args.model, args.device, args.dtype)  # the GGUF is converted here, once
    if not res.is_done(SPEED, "bench"):
        started = time.perf_counter()
        ns = SimpleNamespace(
            ks=_ints(args.ks),
            levels=_ints(args.concurrency),
            runners=args.runners.split(","),
            copy_tokens=args.copy_tokens,
            prompt_lookup=10,
            data=args.data,
            cases=args.cases,
            every=args.dev_every,
            dev_tokens=args.dev_tokens,
        )
        result = {"label": device_label(applier.engine.model), **run_all(applier, ns)}
        res.write_json(SPEED, "bench.json", result)
        res.mark_done(SPEED, "bench", time.perf_counter() - started)
    return applier


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def _device() -> str:
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"
