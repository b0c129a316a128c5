"""Trainer: loss mask, learning on a tiny random model, save/resume exactness, shipped format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from fastapply.training.data import IGNORE, encode, prompt_ids
from fastapply.training.train import TrainConfig, main, train

ROW = {
    "id": "t-1",
    "language": "python",
    "edit_kind": "modify_function",
    "instruction": "use 2",
    "original": "def f(x):\n    return x + 1\n\n\ndef g():\n    pass\n",
    "snippet": "def f(x):\n    return x + 2\n# ... existing code ...\n",
    "expected": "def f(x):\n    return x + 2\n\n\ndef g():\n    pass\n",
}


def _write(path: Path, rows: list[dict]) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return str(path)


def test_loss_mask_covers_only_the_answer(tokenizer):
    ids, labels = encode(tokenizer, ROW)
    n_prompt = len(prompt_ids(tokenizer, ROW))
    assert len(ids) == len(labels) and n_prompt < len(ids)
    assert all(x == IGNORE for x in labels[:n_prompt])
    answer = labels[n_prompt:]
    assert IGNORE not in answer and answer == ids[n_prompt:]
    assert tokenizer.decode(answer) == ROW["expected"] + "<|im_end|>"
    # The prompt is exactly the engine's: chat template with the generation prompt.
    assert tokenizer.decode(ids[:n_prompt]).endswith("<|im_start|>assistant\n")
    assert ROW["snippet"] in tokenizer.decode(ids[:n_prompt])


def _cfg(tmp_path: Path, base: str, data: str, name: str, **kw) -> TrainConfig:
    defaults = dict(
        data=data,
        base=base,
        out_dir=str(tmp_path / name),
        lr=1e-2,
        warmup_steps=0,
        schedule="constant",
        grad_accum=1,
        save_every=0,
        eval_every=0,
        max_len=512,
    )
    defaults.update(kw)
    return TrainConfig(**defaults)


def _losses(out_dir: str) -> list[float]:
    recs = [json.loads(x) for x in (Path(out_dir) / "log.jsonl").read_text().splitlines()]
    return [r["loss"] for r in recs if r["event"] == "train"]


def test_training_reduces_loss_on_repeated_example(tmp_path, tiny_base):
    data = _write(tmp_path / "d.jsonl", [ROW] * 4)
    cfg = _cfg(tmp_path, tiny_base, data, "run", max_steps=8)
    summary = train(cfg)
    losses = _losses(cfg.out_dir)
    assert summary["step"] == 8 and len(losses) == 8
    assert losses[-1] < losses[0] - 0.1 and losses[-1] == min(losses), losses


def test_resume_restores_step_cursor_and_weights(tmp_path, tiny_base):
    rows = [dict(ROW, id=f"t-{i}", expected=ROW["expected"].replace("2", str(i))) for i in range(3)]
    data = _write(tmp_path / "d.jsonl", rows)
    first = _cfg(tmp_path, tiny_base, data, "resumed", max_steps=3, schedule="cosine", warmup_steps=1)
    train(first)
    state = torch.load(Path(first.out_dir) / "checkpoint-last" / "trainer_state.pt", weights_only=False)
    assert state["step"] == 3 and state["cursor"] == {"epoch": 1, "index": 0}
    assert state["scheduler"]["last_epoch"] == 3
    second = _cfg(tmp_path, tiny_base, data, "resumed", max_steps=5, schedule="cosine", warmup_steps=1, resume=True)
    summary = train(second)
    assert summary["step"] == 5 and summary["examples_seen"] == 5
    log = [json.loads(x) for x in (Path(second.out_dir) / "log.jsonl").read_text().splitlines()]
    assert any(r["event"] == "resume" and r["step"] == 3 for r in log)
    assert [r["step"] for r in log if r["event"] == "train"] == [1, 2, 3, 4, 5]


def test_resume_on_new_data_starts_that_file_from_the_top(tmp_path, tiny_base):
    rows = [dict(ROW, id=f"t-{i}", expected=ROW["expected"].replace("2", str(i))) for i in range(3)]
    old = _write(tmp_path / "a.jsonl", rows)
    train(_cfg(tmp_path, tiny_base, old, "run", max_steps=2))
    ckpt = Path(tmp_path / "run" / "checkpoint-last" / "trainer_state.pt")
    assert torch.load(ckpt, weights_only=False)["cursor"] == {"epoch": 0, "index": 2}
    # Same content under another path: the same data, so the cursor carries on.
    same = _write(tmp_path / "a-copy.jsonl", rows)
    train(_cfg(tmp_path, tiny_base, same, "run", max_steps=3, resume=True))
    assert torch.load(ckpt, weights_only=False)["cursor"] == {"epoch": 1, "index": 0}
    new = _write(tmp_path / "b.jsonl", rows[:2] + [dict(ROW, id="t-new")])
    train(_cfg(tmp_path, tiny_base, new, "run", max_steps=4, resume=True))
    state = torch.load(ckpt, weights_only=False)
    assert state["cursor"] == {"epoch": 0, "index": 1} and state["step"] == 4
    log = [json.loads(x) for x in (tmp_path / "run" / "log.jsonl").read_text().splitlines()]
    assert [r["new_data"] for r in log if r["event"] == "resume"] == [False, True]


def test_resume_is_exact_with_constant_schedule(tmp_path, tiny_base):
    rows = [dict(ROW, id=f"t-{i}", expected=ROW["expected"].replace("2", str(i))) for i in range(3)]
    data = _write(tmp_path / "d.jsonl", rows)
    train(_cfg(tmp_path, tiny_base, data, "straight", max_steps=4))
    train(_cfg(tmp_path, tiny_base, data, "resumed", max_steps=2))
    train(_cfg(tmp_path, tiny_base, data, "resumed", max_steps=4, resume=True))
    a = load_file(str(tmp_path / "straight" / "checkpoint-last" / "adapter_model.safetensors"))
    b = load_file(str(tmp_path / "resumed" / "checkpoint-last" / "adapter_model.safetensors"))
    assert any(v.abs().sum() > 0 for k, v in a.items() if "lora_B" in k)  # it did train
    for k in a:
        torch.testing.assert_close(a[k], b[k], rtol=1e-5, atol=1e-6)
    assert _losses(str(tmp_path / "straight")) == pytest.approx(_losses(str(tmp_path / "resumed")), rel=1e-5)


def test_save_to_writes_fp16_peft_adapter_and_card(tmp_path, tiny_base):
    data = _write(tmp_path / "d.jsonl", [ROW] * 2)
    val = _write(tmp_path / "v.jsonl", [ROW])
    dest = tmp_path / "adapter"
    rc = main(
        [
            "--data",
            data,
            "--val-data",
            val,
            "--base",
            tiny_base,
            "--out-dir",
            str(tmp_path / "cli"),
            "--max-steps",
            "2",
            "--grad-accum",
            "1",
            "--eval-n",
            "1",
            "--save-to",
            str(dest),
            "--max-len",
            "512",
        ]
    )
    assert rc == 0
    cfg = json.loads((dest / "adapter_config.json").read_text())
    assert cfg["r"] == 16 and cfg["lora_alpha"] == 32 and cfg["peft_type"] == "LORA"
    assert set(cfg["target_modules"]) == {"q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"}
    tensors = load_file(str(dest / "adapter_model.safetensors"))
    assert tensors and all(v.dtype == torch.float16 for v in tensors.values())
    card = (dest / "README.md").read_text()
    assert "SmolLM2-135M-Instruct" in card and "optimizer steps: 2" in card and "exact" in card
    # The init-adapter path loads it back (fp16 on disk -> fp32 trainable).
    summary = train(_cfg(tmp_path, tiny_base, data, "init", max_steps=1, init_adapter=str(dest)))
    assert summary["step"] == 1


def test_export_only_ships_the_last_checkpoint_without_training(tmp_path, tiny_base):
    data = _write(tmp_path / "d.jsonl", [ROW] * 2)
    run = _cfg(tmp_path, tiny_base, data, "run", max_steps=2)
    train(run)  # e.g. a run stopped by --max-minutes, without --save-to
    dest = tmp_path / "shipped"
    summary = train(
        _cfg(tmp_path, tiny_base, data, "run", max_steps=50, resume=True, export_only=True, save_to=str(dest))
    )
    assert summary["step"] == 2  # no step taken
    trained = load_file(str(tmp_path / "run" / "checkpoint-last" / "adapter_model.safetensors"))
    shipped = load_file(str(dest / "adapter_model.safetensors"))
    assert shipped and all(v.dtype == torch.float16 for v in shipped.values())
    for key, value in shipped.items():
        match = [k for k in trained if k.replace(".default", "") == key.replace(".default", "")]
        torch.testing.assert_close(value.float(), trained[match[0]].float(), rtol=1e-3, atol=1e-4)
    assert "optimizer steps: 2" in (dest / "README.md").read_text()
    with pytest.raises(ValueError, match="export-only"):
        TrainConfig(data="x", export_only=True, save_to=str(dest))


def test_bad_config_raises(tmp_path):
    with pytest.raises(ValueError):
        TrainConfig(data="x", schedule="linear")
    with pytest.raises(ValueError):
        TrainConfig(data="x", grad_accum=0)
    with pytest.raises(ValueError):
        TrainConfig(data="x", max_minutes=0)
    with pytest.raises(ValueError):
        TrainConfig(data="x", threads=-1)
    with pytest.raises(ValueError, match="edit_weight"):
        TrainConfig(data="x", edit_weight=0.5)


def test_edit_weighted_training_runs_and_logs(tmp_path, tiny_base):
    data = _write(tmp_path / "d.jsonl", [ROW] * 2)
    summary = train(_cfg(tmp_path, tiny_base, data, "weighted", max_steps=1, edit_weight=4.0))
    assert summary["step"] == 1
    log = [json.loads(x) for x in (tmp_path / "weighted" / "log.jsonl").read_text().splitlines()]
    assert any(r.get("event") == "train" and r["loss"] > 0 for r in log)


def test_threads_flag_parses():
    from fastapply.training.train import build_parser

    assert build_parser().parse_args(["--data", "x", "--threads", "1"]).threads == 1
    assert build_parser().parse_args(["--data", "x"]).threads == 0


def test_base_model_ignores_stale_gguf_quantization_config(tmp_path, tiny_base):
    """Older de-quantized caches kept the GGUF quantization_config; loading must give a plain model."""
    import shutil

    from fastapply.training.modelio import load_base_model

    base = tmp_path / "base"
    shutil.copytree(tiny_base, base)
    cfg = json.loads((base / "config.json").read_text())
    cfg["quantization_config"] = {"quant_method": "gguf", "dequantize": False, "gguf_file": "x.gguf"}
    (base / "config.json").write_text(json.dumps(cfg))
    model = load_base_model(str(base))
    assert getattr(model, "hf_quantizer", None) is None
    assert getattr(model.config, "quantization_config", None) is None
    assert model.config._attn_implementation == "sdpa"


def test_answer_loss_matches_full_masked_loss(tokenizer, tiny_base):
    from transformers import AutoModelForCausalLM

    from fastapply.training.data import answer_loss

    model = AutoModelForCausalLM.from_pretrained(tiny_base)
    ids, labels = encode(tokenizer, ROW)
    full = model(input_ids=torch.tensor([ids]), labels=torch.tensor([labels])).loss
    torch.testing.assert_close(answer_loss(model, ids, labels), full, rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError):
        answer_loss(model, ids, [IGNORE] * len(ids))


def test_edited_spans_mark_changes_and_the_line_after_a_deletion():
    from fastapply.training.data import edited_spans

    expected = "a\nB\nc\ne\n"
    spans = [expected[s:e] for s, e in edited_spans("a\nb\nc\nd\ne\n", expected)]
    assert spans == ["B\n", "e\n"]  # "b" changed; "d" deleted, so "e" is where copying goes wrong
    assert edited_spans("x\n  y\n", "x\ny\n") == []  # re-indentation alone is not an edit


def test_gap_start_spans_mark_where_the_snippet_elides_code():
    from fastapply.training.data import gap_start_spans

    expected = "a\nb\n\nc\nd\ne\n"
    spans = [expected[s:e] for s, e in gap_start_spans("a\n# ...\nd\n# ...\n", expected)]
    assert spans == ["b\n", "e\n"]  # each marker's code: the answer must write it, not the marker
    # A gap that opens with blank lines is marked up to its first line of code.
    expected = "a\n\nb\nd\n"
    assert [expected[s:e] for s, e in gap_start_spans("a\nd\n", expected)] == ["\n", "b\n"]
    assert gap_start_spans(expected, expected) == []  # a whole-file snippet elides nothing


def test_answer_weights_up_weight_edits_and_gap_starts(tokenizer):
    from fastapply.training.data import answer_ids, answer_weights

    weights = answer_weights(tokenizer, ROW, 4.0)
    ids = answer_ids(tokenizer, ROW)
    assert len(weights) == len(ids) and weights[-1] == 1.0
    heavy = tokenizer.decode([t for t, w in zip(ids, weights) if w > 1])
    # "2" is the edit; "def g" is where the snippet's marker stands for original code.
    assert "2" in heavy and "def g" in heavy and "x + 1" not in heavy and "pass" not in heavy
    same = {**ROW, "snippet": ROW["original"], "expected": ROW["original"]}
    assert answer_weights(tokenizer, same, 4.0) == [1.0] * len(answer_ids(tokenizer, same))


def test_weighted_answer_loss(tokenizer, tiny_base):
    from transformers import AutoModelForCausalLM

    from fastapply.training.data import answer_loss

    model = AutoModelForCausalLM.from_pretrained(tiny_base)
    ids, labels = encode(tokenizer, ROW)
    n = sum(1 for x in labels if x != IGNORE)
    plain = answer_loss(model, ids, labels)
    torch.testing.assert_close(answer_loss(model, ids, labels, [2.0] * n), plain)
    first_only = answer_loss(model, ids, labels, [1.0] + [1e-9] * (n - 1))
    logits = model(input_ids=torch.tensor([ids])).logits[0, -n - 1]
    torch.testing.assert_close(
        first_only, torch.nn.functional.cross_entropy(logits, torch.tensor(labels[-n])), rtol=1e-4, atol=1e-4
    )
    with pytest.raises(ValueError):
        answer_loss(model, ids, labels, [1.0] * (n - 1))


def test_batched_answer_loss_is_the_sum_of_single_losses(tokenizer, tiny_base):
    """Rows of different lengths padded together give each row's own loss (and gradient)."""
    from transformers import AutoModelForCausalLM

    from fastapply.training.data import answer_loss, batch_answer_loss

    model = AutoModelForCausalLM.from_pretrained(tiny_base)
    other = {**ROW, "original": ROW["original"] * 3, "expected": ROW["expected"] * 3, "instruction": "longer"}
    examples = [(*encode(tokenizer, r), w) for r, w in ((ROW, None), (other, None))]
    n = sum(1 for x in examples[0][1] if x != IGNORE)
    examples.append((*encode(tokenizer, ROW), [1.0] + [3.0] * (n - 1)))
    assert len({len(ids) for ids, _, _ in examples}) == 2
    singles = [answer_loss(model, *e) for e in examples]
    batched = batch_answer_loss(model, examples)
    torch.testing.assert_close(batched, sum(singles), rtol=1e-4, atol=1e-4)
    batched.backward()
    grad = {n: p.grad.clone() for n, p in model.named_parameters()}
    model.zero_grad()
    sum(answer_loss(model, *e) for e in examples).backward()
    for name, p in model.named_parameters():
        torch.testing.assert_close(grad[name], p.grad, rtol=1e-3, atol=1e-5)


def test_micro_batches_train_the_same_steps(tmp_path, tiny_base):
    rows = [ROW, {**ROW, "original": ROW["original"] * 2, "expected": ROW["expected"] * 2}] * 2
    data = _write(tmp_path / "d.jsonl", rows)
    one = _cfg(tmp_path, tiny_base, data, "one", max_steps=2, grad_accum=4, schedule="constant")
    four = _cfg(tmp_path, tiny_base, data, "four", max_steps=2, grad_accum=4, micro_batch=4, schedule="constant")
    train(one), train(four)
    assert _losses(one.out_dir) == pytest.approx(_losses(four.out_dir), rel=1e-3)
    with pytest.raises(ValueError):
        TrainConfig(data=data, micro_batch=0)


def test_a_non_finite_padded_step_is_redone_unpadded(tmp_path, tiny_base, monkeypatch):
    import fastapply.training.train as train_module

    real = train_module.batch_answer_loss

    def nan_when_padded(model, examples):
        loss = real(model, examples)
        return loss * float("nan") if len(examples) > 1 else loss

    monkeypatch.setattr(train_module, "batch_answer_loss", nan_when_padded)
    rows = [ROW, {**ROW, "original": ROW["original"] * 2, "expected": ROW["expected"] * 2}] * 2
    data = _write(tmp_path / "d.jsonl", rows)
    one = _cfg(tmp_path, tiny_base, data, "one", max_steps=2, grad_accum=4, schedule="constant")
    four = _cfg(tmp_path, tiny_base, data, "four", max_steps=2, grad_accum=4, micro_batch=4, schedule="constant")
    train(one)
    summary = train(four)
    assert summary["redone_unpadded"] == 2 and summary["nonfinite_skipped"] == 0
    assert _losses(one.out_dir) == pytest.approx(_losses(four.out_dir), rel=1e-3)


def test_a_step_non_finite_even_unpadded_is_skipped(tmp_path, tiny_base, monkeypatch):
    import fastapply.training.train as train_module
    from fastapply.training.checkpoint import LAST

    def nan_loss(model, examples):
        return sum(p.sum() for p in model.parameters() if p.requires_grad) * float("nan")

    monkeypatch.setattr(train_module, "batch_answer_loss", nan_loss)
    data = _write(tmp_path / "d.jsonl", [ROW] * 4)
    cfg = _cfg(tmp_path, tiny_base, data, "nan", max_steps=2, grad_accum=2, micro_batch=2, schedule="constant")
    summary = train(cfg)
    assert summary["nonfinite_skipped"] == 2 and summary["redone_unpadded"] == 2
    weights = load_file(str(Path(cfg.out_dir) / LAST / "adapter_model.safetensors"))
    assert weights and all(torch.isfinite(t).all() for t in weights.values())


def test_answers_end_with_the_end_of_turn_token_whatever_eos_says(tokenizer):
    from fastapply.training.data import answer_end_id, answer_ids

    im_end = tokenizer.convert_tokens_to_ids("<|im_end|>")
    assert answer_ids(tokenizer, ROW)[-1] == im_end

    class MislabelledEos:  # a converted GGUF whose eos came out as the turn start
        eos_token_id = tokenizer.convert_tokens_to_ids("<|im_start|>")

        def get_vocab(self):
            return tokenizer.get_vocab()

    assert answer_end_id(MislabelledEos()) == im_end
