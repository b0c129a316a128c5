"""A CPU dry run of every GPU agenda step with tiny settings (tiny random model, a few windows, one
training step), so that the sequence run on a leased GPU cannot rot unnoticed."""

import json
import shutil

import pytest
import torch

from fastapply.evals import gpu_agenda
from fastapply.evals.gpu_figures import KEYS, write_figures
from fastapply.evals.gpu_report import render
from fastapply.evals.gpu_transfer import sha256_file

SMOKE = "evals/smoke.jsonl"


@pytest.fixture(scope="module")
def state(tmp_path_factory):
    from fastapply.training.windowed import window_rows

    root = tmp_path_factory.mktemp("gpu-state")
    (root / "data").mkdir()
    rows = [json.loads(line) for line in open(SMOKE)][:3]
    with open(root / "data" / "train.jsonl", "w") as fh:
        for row in rows:
            for window in window_rows(row):
                fh.write(json.dumps(window) + "\n")
    shutil.copy(SMOKE, root / "data" / "dev.jsonl")
    return root


def _run(step, state, out, *extra):
    return gpu_agenda.main([step, "--state", str(state), "--out", str(out), "--mirror-s", "0.2", *extra])


def test_dry_run_of_every_step(state, tmp_path, tiny_model_dir):
    model = ["--model", str(tiny_model_dir), "--device", "cpu"]
    probe = tmp_path / "probe" / "test_probe.py"  # the CUDA subset's stand-in: a child pytest, JUnit parsed
    probe.parent.mkdir()
    probe.write_text(
        "import pytest\n\ndef test_ok():\n    pass\n\n"
        "@pytest.mark.skip(reason='needs CUDA')\ndef test_on_cuda():\n    pass\n"
    )
    assert (
        _run(
            "correctness",
            state,
            tmp_path / "out1",
            "--device",
            "cpu",
            "--agreement-tokens",
            "12",
            "--agreement-prompts",
            "1",
            "--tests",
            str(probe),
        )
        == 0
    )
    [tests] = json.loads((state / "results" / "1-correctness" / "tests.json").read_text())
    assert (tests["passed"], tests["skipped"], tests["failures"], tests["returncode"]) == (1, 1, 0, 0)
    assert list(tests["cuda_tests"].values()) == ["skipped"]
    agreement = json.loads((state / "results" / "1-correctness" / "agreement.json").read_text())
    assert {r["dtype"] for r in agreement} == {"float32", "bfloat16"}
    assert all(r["agree_hf"] == 1.0 for r in agreement if r["dtype"] == "float32")  # lossless in fp32
    assert "1-correctness/agreement.json" in _returned(tmp_path / "out1")  # copied back

    speed = [
        *model,
        "--ks",
        "8",
        "--concurrency",
        "1,2",
        "--copy-tokens",
        "12",
        "--cases",
        "1",
        "--dev-every",
        "1",
        "--dev-tokens",
        "4",
        "--shapes",
        "tiny",
        "--shape-tokens",
        "8",
        "--shape-prompt-tokens",
        "48",
        "--shape-concurrency",
        "1,2",
        "--shape-reserve-s",
        "0",
        "--profile-rows",
        "1,2",
    ]
    assert _run("speed", state, tmp_path / "out2", *speed) == 0
    bench = json.loads((state / "results" / "2-speed" / "bench.json").read_text())
    assert {"copy", "served", "concurrency", "dev", "dev_concurrency"} <= set(bench)
    assert "KV budget per request" in bench["sizing"] and bench["served"][0]["max_batch"] == 8
    profile = json.loads((state / "results" / "2-speed" / "profile.json").read_text())
    paths = {(r["rows"], r["path"]): r for r in profile["passes"]}
    assert set(paths) == {(n, p) for n in (1, 2) for p in ("one sync per pass", "bursts")}
    assert all(r["syncs"] == r["passes"] for (_, p), r in paths.items() if p == "one sync per pass")
    assert all(r["syncs"] < r["passes"] for (_, p), r in paths.items() if p == "bursts")
    assert [r["rows"] for r in profile["prefill"]] == [1, 2]
    figures = json.loads((state / "results" / "2-speed" / "gpu-results.json").read_text())
    assert figures["device"] == "cpu" and figures["copy_135m_tok_s_1"] > 0 and figures["served_135m_tok_s_1"] > 0
    assert figures["shape_7b_tok_s_1"] is None and figures["lossless_fp32"] is True  # no 7B shape in a dry run
    shape = json.loads((state / "results" / "2-speed" / "shape-tiny.json").read_text())
    assert shape["single"] and shape["concurrency"][-1]["concurrency"] == 2
    # a second run continues instead of repeating: nothing left to do, nothing rewritten
    before = (state / "results" / "2-speed" / "bench.json").stat().st_mtime
    assert _run("speed", state, tmp_path / "out2b", *speed) == 0
    assert (state / "results" / "2-speed" / "bench.json").stat().st_mtime == before

    assert (
        _run(
            "train",
            state,
            tmp_path / "out3",
            "--base",
            str(tiny_model_dir),
            "--rank",
            "4",
            "--max-steps",
            "1",
            "--grad-accum",
            "1",
            "--warmup",
            "0",
            "--max-len",
            "2048",
        )
        == 0
    )
    summary = json.loads((state / "results" / "3-train" / "summary.json").read_text())
    assert summary["step"] == 1 and summary["done"]
    rebuilt = tmp_path / "adapter"
    here = tmp_path / "here"  # the returned folders, unpacked on the developer's machine
    docs = tmp_path / "docs"
    docs.mkdir()
    returned = (str(tmp_path / f"out{i}") for i in (1, 2, 3))
    assert gpu_agenda.main(["unpack", "--state", str(here), "--docs", str(docs), *returned]) == 0
    assert (here / "results" / "2-speed" / "bench.json").is_file()
    assert not (docs / "gpu-results.json").exists()  # a CPU run's figures never land in docs/
    written = write_figures(here / "results", tmp_path / "gpu-results.json", require_gpu=False)
    assert list(json.loads(written.read_text())) == list(KEYS)
    assert gpu_agenda.main(["join-adapter", str(here / "results" / "3-train" / "adapter"), str(rebuilt)]) == 0
    assert sha256_file(rebuilt / "adapter_model.safetensors") == sha256_file(
        state / "adapter-new" / "adapter_model.safetensors"
    )

    assert _run("eval", state, tmp_path / "out4", *model, "--baseline-adapter", "none", "--limit", "2", "--k", "8") == 0
    runs = json.loads((state / "results" / "4-eval" / "summary.json").read_text())
    assert set(runs) == {"auto-shipped", "auto-new", "model-shipped", "model-new"}
    assert all(r["cases"] == 2 and r["complete"] for r in runs.values())
    assert "model mode, the 2 cases both adapters finished" in (state / "results" / "report.md").read_text()

    report = (tmp_path / "out4" / "report.md").read_text()
    for title in (
        "1. Correctness on CUDA",
        "2. Speed",
        "3. Training at scale",
        "4. Dev-set evaluation",
        "tiny shape, random weights",
        "Per-pass profile",
        "Figures (`gpu-results.json`)",
        "| auto | new | 2 |",
    ):
        assert title in report
    assert "Not run yet" not in report
    assert "`python3 evals/gpu_boot.py train --mirror-s 0.2 --base " in report and "--state" not in report


def test_eval_stops_at_the_deadline_and_resumes(state, tmp_path, tiny_model_dir):
    from fastapply.evals.gpu_results import Budget, Results
    from fastapply.evals.gpu_training import eval_step
    from fastapply.training.modelio import attach_adapter, save_adapter

    if not (state / "adapter-new").is_dir():  # this test alone: any adapter for the tiny model
        from transformers import AutoModelForCausalLM

        save_adapter(
            attach_adapter(AutoModelForCausalLM.from_pretrained(tiny_model_dir), None, 2, 4), state / "adapter-new"
        )
    res = Results(tmp_path / "s", None)
    shutil.copytree(state / "adapter-new", tmp_path / "s" / "adapter-new")
    args = gpu_agenda.build_parser().parse_args(
        [
            "eval",
            "--model",
            str(tiny_model_dir),
            "--device",
            "cpu",
            "--baseline-adapter",
            "none",
            "--limit",
            "2",
            "--k",
            "8",
            "--modes",
            "auto",
            "--state",
            str(tmp_path / "s"),
        ]
    )
    args.data, args.modes = SMOKE, ["auto"]
    runs = eval_step(res, Budget(-1), args)  # no time at all: nothing runs, nothing is marked done
    assert not any(r["complete"] for r in runs.values()) and all(r["cases"] == 0 for r in runs.values())
    runs = eval_step(res, Budget(600), args)
    assert all(r["complete"] and r["cases"] == 2 for r in runs.values())


def test_grown_adapter_is_the_same_model(tiny_model_dir, tmp_path):
    from transformers import AutoModelForCausalLM

    from fastapply.training.grow import grow_adapter
    from fastapply.training.modelio import attach_adapter, save_adapter

    torch.manual_seed(0)
    lora = attach_adapter(AutoModelForCausalLM.from_pretrained(tiny_model_dir), None, 4, 8)
    with torch.no_grad():
        for name, p in lora.named_parameters():
            if "lora_B" in name:
                p.normal_(0, 0.5)  # a trained adapter's B is not zero
    save_adapter(lora, tmp_path / "r4", dtype=torch.float32)
    grow_adapter(tmp_path / "r4", tmp_path / "r12", 12)
    assert json.loads((tmp_path / "r12" / "adapter_config.json").read_text())["r"] == 12

    from peft import PeftModel

    ids = torch.tensor([[3, 14, 159, 2653]])
    logits = [
        PeftModel.from_pretrained(AutoModelForCausalLM.from_pretrained(tiny_model_dir), str(tmp_path / d))
        .merge_and_unload()(ids)
        .logits
        for d in ("r4", "r12")
    ]
    assert torch.allclose(logits[0], logits[1], atol=1e-5)
    with pytest.raises(ValueError, match="smaller"):
        grow_adapter(tmp_path / "r12", tmp_path / "r2", 2)


def test_report_renders_returned_folders_without_a_gpu(tmp_path):
    root = tmp_path / "results"
    (root / "3-train" / "adapter").mkdir(parents=True)
    (root / "3-train" / "summary.json").write_text(
        json.dumps({"step": 3, "total_steps": 10, "examples_seen": 24, "seconds": 60.0, "done": False})
    )
    text = render(root)
    assert "| 3 | 10 | 24 | 60.0 | False |" in text and text.count("Not run yet.") == 4


def _returned(out):
    """{name: bytes} of the files in the returned ``results.tar.NN`` parts, joined in order."""
    import io
    import tarfile

    data = b"".join(p.read_bytes() for p in sorted(out.glob("results.tar.*")))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers()}


def test_results_come_back_as_they_appear_within_the_limits(tmp_path, monkeypatch):
    import os
    import time

    from fastapply.evals import gpu_results
    from fastapply.evals.gpu_results import Results

    state, out = tmp_path / "state", tmp_path / "out"
    old = state / "results" / "1-correctness" / "tests.json"
    old.parent.mkdir(parents=True)
    old.write_text("{}")
    os.utime(old, (time.time() - 600, time.time() - 600))  # returned by an earlier command
    res = Results(state, out)
    res.write_json("2-speed", "bench.json", {"rows": []})
    (res.dir("2-speed") / "partial.jsonl").write_text("{}\n" * 8000)
    (res.dir("2-speed") / "big.bin").write_bytes(b"x" * 40000)
    (res.root / "report.md").write_text("# report\n")
    monkeypatch.setattr(gpu_results, "PART_BYTES", 6000)  # room for 7 parts: 42,000 bytes
    res.mirror()
    files = _returned(out)
    assert set(files) == {"2-speed/bench.json", "2-speed/partial.jsonl", "report.md"}
    assert "2-speed/big.bin" in res.left_out and (out / "report.md").read_text() == "# report\n"
    parts = sorted(out.glob("results.tar.*"))
    assert len(parts) > 1 and all(p.stat().st_size <= 6000 for p in parts)
    (res.dir("2-speed") / "partial.jsonl").unlink()
    res.mirror()
    assert "2-speed/partial.jsonl" not in _returned(out)
    assert len(sorted(out.glob("results.tar.*"))) < len(parts)  # stale parts removed


def test_a_later_step_of_the_same_command_keeps_what_an_earlier_one_returned(tmp_path):
    import os
    import time

    from fastapply.evals.gpu_results import Results

    state, out = tmp_path / "state", tmp_path / "out"
    first = Results(state, out)
    first.write_json("3-train", "summary.json", {"step": 1})
    first.mirror()
    trained = state / "results" / "3-train" / "summary.json"
    os.utime(trained, (time.time() - 600, time.time() - 600))  # older than the next process
    second = Results(state, out)  # the eval step, started by the same shell command
    second.write_json("4-eval", "summary.json", {})
    second.mirror()
    assert {"3-train/summary.json", "4-eval/summary.json"} <= set(_returned(out))


def test_correctness_without_time_records_what_it_did_not_run(tmp_path):
    from fastapply.evals.gpu_results import Budget, Results
    from fastapply.evals.gpu_steps import correctness_step

    res = Results(tmp_path, None)
    args = gpu_agenda.build_parser().parse_args(["correctness", "--tests", "a.py,b.py"])
    out = correctness_step(res, Budget(5), args)
    assert [t["returncode"] for t in out["tests"]] == ["not run: no time left in this command"] * 2
    assert "agreement" not in out and not res.is_done("1-correctness", "tests a.py")
    assert "| `a.py` | — |" in render(res.root)


def test_decisive_random_model_counts_in_bf16():
    """A shape's random model emits t+1 after t with a margin bf16 cannot flip, so a k-token
    verification pass accepts the model's own output (a flat random model accepted ~1 token a pass)."""
    import torch

    from fastapply.evals.gpu_shapes import RUN_START, counting_prompt, random_model

    model = random_model("tiny", "cpu", torch.bfloat16, eos_token_id=2)
    prompt = counting_prompt(40, 6)
    assert len(prompt) == 40 and prompt[-1] == RUN_START and prompt.count(RUN_START) == 2
    ids = torch.tensor([prompt + list(range(RUN_START + 1, RUN_START + 7))])
    logits = model(input_ids=ids).logits[0].float()
    top2 = logits[-7:].topk(2, dim=-1).values
    assert logits[-7:].argmax(-1).tolist() == list(range(RUN_START + 1, RUN_START + 8))
    assert (top2[:, 0] - top2[:, 1]).min() > 0.05 * top2[:, 0].abs().min()
