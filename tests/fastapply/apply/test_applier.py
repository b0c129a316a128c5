import pytest

from fastapply.apply.applier import Applier
from fastapply.apply.request import ApplyRequest, InputTooLong
from fastapply.engine.config import EngineConfig
from fastapply.engine.engine import Engine
from fastapply.merge import candidate_merges, lazy_merge

ORIGINAL = "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(300))  # ~6k tokens
SNIPPET = "# ... existing code ...\ndef f150(x):\n    return x * 150\n# ... existing code ...\n"


@pytest.fixture(scope="module")
def applier(tiny_model_dir):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    model = AutoModelForCausalLM.from_pretrained(tiny_model_dir).eval()
    return Applier(Engine(model, AutoTokenizer.from_pretrained(tiny_model_dir), EngineConfig(k=16)))


def test_long_file_is_rewritten_in_windows_and_the_rest_copied_byte_for_byte(applier):
    result = applier.apply(ApplyRequest(ORIGINAL, SNIPPET, mode="model", max_tokens=40))
    assert result.windowed and len(result.windows) == 1
    start, end = result.windows[0]
    lines, merged = ORIGINAL.splitlines(keepends=True), result.merged
    assert merged.startswith("".join(lines[:start])) and merged.endswith("".join(lines[end:]))
    assert result.stats.output_tokens <= 40


def test_windowing_never_on_a_long_file_is_413(applier):
    with pytest.raises(InputTooLong, match="context"):
        applier.apply(ApplyRequest(ORIGINAL, SNIPPET, mode="model", windowing="never"))


def test_auto_windows_a_file_that_fits_when_the_snippet_anchors(applier):
    medium = "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(40))  # fits the context
    snippet = "# ... existing code ...\ndef f20(x):\n    return x * 20\n# ... existing code ...\n"
    windowed = applier.apply(ApplyRequest(medium, snippet, mode="model", max_tokens=8))
    assert windowed.windowed and windowed.windows[0][1] - windowed.windows[0][0] < 40
    whole = applier.apply(ApplyRequest(medium, snippet, mode="model", max_tokens=8, windowing="never"))
    assert not whole.windowed
    unanchored = applier.apply(
        ApplyRequest(medium, "zzz = 1\n# ... existing code ...\nqqq = 2\n", mode="model", max_tokens=8)
    )
    assert not unanchored.windowed  # falls back to the whole file, which fits


def test_auto_uses_the_merge_when_confident_and_flags_it_or_asks_the_model_otherwise(applier):
    small = "def a():\n    return 1\n\n\ndef b():\n    return 2\n"
    confident = applier.apply(ApplyRequest(small, "def b():\n    return 3\n", mode="auto"))
    assert confident.mode_used == "deterministic" and "return 3" in confident.merged and not confident.warnings
    vague = "x = 1\n# ... existing code ...\ny = 2\n"  # anchors nowhere: one reading, and the merge is unsure
    only = applier.apply(ApplyRequest(small, vague, mode="auto", max_tokens=8))
    assert only.mode_used == "deterministic" and only.stats.passes == 0
    assert only.merged == lazy_merge(small, vague).merged and "unsure_merge" in [w.code for w in only.warnings]
    generated = applier.apply(ApplyRequest(small, vague, mode="auto", max_tokens=8, fallback="generate"))
    assert generated.mode_used == "model" and generated.stats.passes >= 1


MEDIUM = "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(40))
OPEN_END = "# ... existing code ...\ndef f20(x):\n    return x + 20\nnew_line = 1\n"  # ends unmarked: two readings


def test_the_model_chooses_among_the_unsure_merges_candidates_in_their_window(applier):
    plan = applier.plan(ApplyRequest(MEDIUM, OPEN_END, mode="auto"))
    (generation,) = plan.requests
    outputs = generation.constraint.outputs
    assert len(outputs) == 2 and [list(o) for o in outputs] == generation.references  # the candidates are the drafts
    assert "def f19" in plan.prefix and "def f0(x)" in plan.prefix and "def f21" not in plan.prefix
    result = applier.apply(ApplyRequest(MEDIUM, OPEN_END, mode="auto"))
    candidates = [c.text for c in candidate_merges(MEDIUM, OPEN_END, "python", "", lazy_merge(MEDIUM, OPEN_END))]
    assert result.mode_used == "candidates" and result.merged in candidates
    assert "unsure_merge" in [w.code for w in result.warnings]


def test_choosing_with_drafts_is_lossless_against_plain_greedy_choosing(applier):
    speculative = applier.plan(ApplyRequest(MEDIUM, OPEN_END, mode="auto", k=16)).requests[0]
    greedy = applier.plan(ApplyRequest(MEDIUM, OPEN_END, mode="auto", k=0)).requests[0]
    a, b = applier.engine.generate(speculative), applier.engine.generate(greedy)
    assert a.output == b.output and a.stats.passes < b.stats.passes


def test_constrained_generations_carry_the_lines_of_their_window(applier):
    plan = applier.plan(ApplyRequest(ORIGINAL, SNIPPET, mode="model", max_tokens=40, constrain_lines=True))
    (generation,) = plan.requests  # one window around f150
    allowed = set(generation.constraint.lines)
    assert "    return x * 150" in allowed and "    return x + 150" in allowed
    assert "def f0(x):" not in allowed  # far outside the window
    assert not any("existing code" in line for line in allowed)  # markers are never output
    free = applier.plan(ApplyRequest(ORIGINAL, SNIPPET, mode="model", max_tokens=40))
    assert free.requests[0].constraint is None
    (loop_stop,) = free.requests[0].stop_criteria  # the loop stop is always on
    assert loop_stop.lines == generation.constraint.lines


def test_an_unanchored_snippet_on_a_long_file_says_why_it_could_not_be_windowed(applier):
    stray = "# ... existing code ...\nthis_line_matches_nothing_in_the_file = 1\n# ... existing code ...\n"
    with pytest.raises(InputTooLong, match="could not be anchored.*matches nothing"):
        applier.apply(ApplyRequest(ORIGINAL, stray, mode="model"))


def test_the_served_file_is_the_candidate_the_output_wrote_whole(applier):
    from types import SimpleNamespace

    from fastapply.engine.stats import Stats

    plan = applier.plan(ApplyRequest(MEDIUM, OPEN_END, mode="auto"))
    outputs = plan.requests[0].constraint.outputs
    candidates = [c.text for c in candidate_merges(MEDIUM, OPEN_END, "python", "", lazy_merge(MEDIUM, OPEN_END))]
    eos = next(iter(applier.engine.eos_ids))
    for i, output in enumerate(outputs):
        written = SimpleNamespace(output=[*output, eos], stats=Stats(finish_reason="eos"))
        assert plan.finish([written]).merged == candidates[i]
