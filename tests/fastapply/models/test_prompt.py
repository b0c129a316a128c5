import pytest

from fastapply.models.prompt import FORMATS, extract_merged, get_format


def test_morph_user_message_has_the_three_sections():
    msg = get_format("morph").user_message("a = 1\n", "a = 2\n", "change a")
    assert msg.startswith("<instruction>change a</instruction>")
    assert "<code>a = 1\n</code>" in msg and "<update>a = 2\n</update>" in msg
    assert "<instruction>" not in get_format("morph").user_message("a", "b", "  ")


def test_unknown_format_is_a_value_error():
    with pytest.raises(ValueError, match="unknown prompt format"):
        get_format("nope")


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("x = 1\n", "x = 1\n"),
        ("```python\nx = 1\n```", "x = 1\n"),
        ("<updated-code>\nx = 1\n</updated-code>", "x = 1\n"),
        ("<code>x = 1\n</code>", "x = 1\n"),
    ],
)
def test_extract_merged(raw, expected):
    assert extract_merged(raw) == expected


def test_extract_when_the_open_tag_was_in_the_prompt():
    fmt = FORMATS["fastapply-oss"]
    assert extract_merged("\nx = 1\n</updated-code>", fmt) == "x = 1\n"


def test_code_that_contains_fences_inside_is_kept():
    text = 'doc = """\n```\nexample\n```\n"""\n'
    assert extract_merged(text) == text


def test_training_examples_use_the_serving_prompt_and_answer_after_it(smollm_tokenizer):
    from fastapply.models.prompt import get_format, prompt_ids
    from fastapply.training.data import answer_ids, encode

    row = {
        "original": "def f():\n    return 1\n",
        "snippet": "def f():\n    return 2\n",
        "expected": "def f():\n    return 2\n",
        "instruction": "return 2",
    }
    fmt = get_format("morph")
    served = prompt_ids(smollm_tokenizer, fmt, row["original"], row["snippet"], row["instruction"])
    ids, _labels = encode(smollm_tokenizer, row)
    assert ids[: len(served)] == served  # the model is trained on the very prompt it is served
    answer = answer_ids(smollm_tokenizer, row)
    assert ids[len(served) :] == answer
    text = smollm_tokenizer.decode(answer, skip_special_tokens=False)
    assert text.startswith(row["expected"] + fmt.output_close)
