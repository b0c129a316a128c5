"""Teacher-forced divergence agrees with free-running greedy decoding; rows and cases are summarised."""

from __future__ import annotations

import json

import pytest
import torch
from transformers import AutoModelForCausalLM

from fastapply.training.data import encode
from fastapply.training.mine import (
    case_of,
    divergence,
    divergence_of_ids,
    hard_mix,
    main,
    summarise,
)

ROW = {
    "id": "r-w0",
    "original": "def f():\n    return 1\n",
    "snippet": "def f():\n    return 2\n",
    "expected": "def f():\n    return 2\n",
}


@pytest.fixture(scope="module")
def tiny_model(tiny_base):
    torch.manual_seed(0)
    return AutoModelForCausalLM.from_pretrained(tiny_base).eval()


def _greedy(model, prompt: list[int], n: int) -> list[int]:
    ids = list(prompt)
    with torch.no_grad():
        for _ in range(n):
            ids.append(int(model(input_ids=torch.tensor([ids])).logits[0, -1].argmax()))
    return ids[len(prompt) :]


def test_first_divergence_is_where_greedy_leaves_the_answer(tiny_model):
    prompt = list(range(100, 140))
    greedy = _greedy(tiny_model, prompt, 8)
    assert divergence_of_ids(tiny_model, prompt + greedy, 8).exact  # its own output: no divergence
    for cut in (0, 3, 7):
        wrong_token = (greedy[cut] + 1) % 1000
        answer = greedy[:cut] + [wrong_token] + greedy[cut + 1 :]
        found = divergence_of_ids(tiny_model, prompt + answer, 8)
        assert found.first == cut and found.wrong >= 1 and found.argmax_id == greedy[cut]
        assert 0 <= found.p_wanted < found.p_argmax <= 1


def test_divergence_of_a_row_names_the_tokens(tiny_model, tokenizer):
    found = divergence(tiny_model, tokenizer, ROW)
    ids, labels = encode(tokenizer, ROW)
    assert found.answer_tokens == sum(x != -100 for x in labels) and not found.exact  # a random model
    assert found.wanted == tokenizer.decode([ids[len(ids) - found.answer_tokens + found.first]])
    with pytest.raises(ValueError):
        divergence_of_ids(tiny_model, [1, 2], 2)


def test_cases_are_exact_only_when_every_window_is():
    assert case_of("go-abc-w12") == "go-abc" and case_of("x-wide") == "x-wide" and case_of("plain") == "plain"
    recs = [
        {"id": "a-w0", "tf": {"wrong": 0}},
        {"id": "a-w1", "tf": {"wrong": 2}},
        {"id": "b-w0", "tf": {"wrong": 0}},
        {"id": "c", "tf": {"wrong": 0}},
    ]
    assert summarise(recs) == {"rows": 4, "exact_rows": 3, "cases": 3, "exact_cases": 2}


def test_cli_writes_records_and_rejects_bad_input(tmp_path, tiny_base, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps(ROW) + "\n")
    out = tmp_path / "o.jsonl"
    assert main(["--data", str(data), "--adapter", "none", "--base", tiny_base, "--out", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["id"] == "r-w0" and record["tf"]["wrong"] >= 1
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["rows"] == 1
    (tmp_path / "bad.jsonl").write_text('{"original": "x"}\n')
    assert main(["--data", str(tmp_path / "bad.jsonl"), "--out", str(out)]) == 2


def test_hard_mix_keeps_every_wrong_row_and_draws_the_replay(tmp_path):
    scored = [{"id": f"s{i}", "tf": {"wrong": i % 2}} for i in range(10)]
    replay = [{"id": f"r{i}"} for i in range(10)]
    mix = hard_mix(scored, replay, 4, seed=1)
    ids = [r["id"] for r in mix]
    assert {"s1", "s3", "s5", "s7", "s9"} <= set(ids) and len(ids) == len(set(ids)) == 9
    assert all("tf" not in r for r in mix) and mix == hard_mix(scored, replay, 4, seed=1)
    assert len(hard_mix(scored, [], 100, seed=1)) == 10  # replay capped by what exists
    with pytest.raises(ValueError):
        hard_mix(scored, replay, -1, seed=0)
    scored_path, replay_path, out = tmp_path / "s.jsonl", tmp_path / "r.jsonl", tmp_path / "o.jsonl"
    for path, rows in ((scored_path, scored), (replay_path, replay)):
        path.write_text("".join(json.dumps({**ROW, **r}) + "\n" for r in rows))
    assert (
        main(
            ["--select", "--data", str(scored_path), "--replay", str(replay_path), "--replay-n", "2", "--out", str(out)]
        )
        == 0
    )
    assert len(out.read_text().splitlines()) == 7
    assert main(["--select", "--data", str(replay_path), "--out", str(out)]) == 2  # unscored rows
