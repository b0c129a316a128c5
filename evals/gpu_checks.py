"""Agenda step 1, correctness on the device: the CUDA test subset, and agreement figures.

* The test subset runs under pytest in a child process (its JUnit XML is parsed into counts, the
  failures and the device-only tests' outcomes): CUDA graph capture and replay token-identical to
  greedy in fp32, the Triton kernels against their references (and compiled for the device).
* Agreement: a small random Llama on the device in fp32 and bf16, decoded by HF greedy, the eager
  varlen runner, the static runner eagerly and the static runner replayed from CUDA graphs (one host
  sync per pass, and bursts of passes on the device between syncs); the
  share of each output that agrees with HF greedy and with the eager runner (fp32 must be 100 %;
  bf16 is reported).
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

# The tests that run differently on CUDA (the rest of the suite is CPU-only and runs in CI): ~1 min.
CUDA_TESTS = ["tests/kernels", "tests/fastapply/runners/test_graph.py"]


def run_tests(path: str, junit: Path, timeout_s: float, marks: str = "not slow") -> dict:
    """pytest on one test path in a child process; a summary of its JUnit report (one path at a time,
    so that a run cut short by the time limit keeps the reports of the paths before it)."""
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", marks, f"--junitxml={junit}", path]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=max(timeout_s, 10))
        rc, tail = proc.returncode, (proc.stdout + proc.stderr)[-3000:]
    except subprocess.TimeoutExpired as e:
        rc, tail = "timeout", str(e.stdout or "")[-3000:]
    summary = {"path": path, "command": " ".join(cmd[1:]), "returncode": rc, "output_tail": tail}
    if junit.is_file():
        summary.update(parse_junit(junit))
    return summary


def parse_junit(path: Path) -> dict:
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else list(root)
    counts = {k: sum(int(s.get(k, 0)) for s in suites) for k in ("tests", "failures", "errors", "skipped")}
    failed, device_only = [], {}
    for case in root.iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = child.tag
                failed.append(f"{name}: {(child.get('message') or '')[:200]}")
            elif child.tag == "skipped":
                outcome = "skipped"
        if "cuda" in name.lower() or "[cuda" in name.lower():
            device_only[name] = outcome
    return {
        **counts,
        "passed": counts["tests"] - counts["failures"] - counts["errors"] - counts["skipped"],
        "seconds": round(sum(float(s.get("time", 0)) for s in suites), 1),
        "failed": failed,
        "cuda_tests": device_only,
    }


class _ByteTokenizer:
    """Token i < 256 is byte i; 256 is EOS (what the engine and HF generate need, nothing more)."""

    eos_token_id = pad_token_id = 256

    def get_vocab(self):
        return {"<eos>": 256}

    def convert_tokens_to_ids(self, token):
        return self.get_vocab().get(token)


def _tiny_llama(device: str, dtype, seed: int = 0):
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(seed)
    config = LlamaConfig(
        vocab_size=320,
        hidden_size=128,
        intermediate_size=256,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=2048,
        eos_token_id=256,
        bos_token_id=257,
        pad_token_id=256,
        tie_word_embeddings=True,
    )
    model = LlamaForCausalLM(config)
    with torch.no_grad():
        model.lm_head.weight.mul_(8.0)  # random init is nearly flat: keep greedy choices away from ties
    return model.to(device=device, dtype=dtype).eval().requires_grad_(False)


def agreement_rows(device: str, new_tokens: int = 200, prompts: int = 4) -> list[dict]:
    """One row per (dtype, decoder): mean agreement with HF greedy and with the eager varlen runner."""
    import torch

    from fastapply.engine.config import EngineConfig

    from .baselines import hf_generate
    from .gpu import agreement, run_batch

    tok = _ByteTokenizer()
    g = torch.Generator().manual_seed(1)
    lengths = torch.randint(20, 120, (prompts,), generator=g).tolist()
    inputs = [torch.randint(0, 256, (n,), generator=g).tolist() for n in lengths]
    rows = []
    for dtype in (torch.float32, torch.bfloat16):
        model = _tiny_llama(device, dtype)
        hf = [hf_generate(model, tok, p, new_tokens)[0] for p in inputs]
        graph = "static (CUDA graph" if device.startswith("cuda") else "static (no CUDA: eager"
        decoders = {
            "varlen (eager)": dict(runner="varlen"),
            "static (eager)": dict(runner="static", cuda_graphs=False),
            f"{graph}, a sync per pass)": dict(runner="static", passes_per_sync=1),
            f"{graph}, bursts)": dict(runner="static"),
        }
        outputs = {}
        for name, kw in decoders.items():
            config = EngineConfig(k=16, **{k: v for k, v in kw.items() if k != "runner"})
            outputs[name] = []
            for p, ref in zip(inputs, hf):  # the draft: HF greedy's output with every 7th token wrong
                draft = [t if i % 7 else (t + 1) % 256 for i, t in enumerate(ref)]
                seqs, _, _ = run_batch(model, tok, config, [(p, [draft], new_tokens)], 16, kw["runner"])
                outputs[name].append(seqs[0].output)
        for name, outs in outputs.items():
            rows.append(
                {
                    "dtype": str(dtype).replace("torch.", ""),
                    "decoder": name,
                    "prompts": len(inputs),
                    "tokens": new_tokens,
                    "agree_hf": round(sum(agreement(o, h) for o, h in zip(outs, hf)) / len(hf), 4),
                    "agree_eager": round(
                        sum(agreement(o, e) for o, e in zip(outs, outputs["varlen (eager)"])) / len(hf), 4
                    ),
                    "identical_hf": sum(o == h for o, h in zip(outs, hf)),
                }
            )
    return rows
