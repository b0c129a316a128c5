"""Streaming text units (no server): incremental decoding and the merged-text hold-back rules."""

from __future__ import annotations

import pytest

from fastapply.api.streaming import IncrementalDecoder, MergedTextStream, PlainTextStream
from fastapply.models.prompt import extract_merged, get_format

TEXT = "naïve café → 日本語 🚀 ok\n    return 'ünïcødé'\n"


def test_decoder_holds_split_characters_and_adds_up(smollm_tokenizer):
    ids = smollm_tokenizer.encode(TEXT, add_special_tokens=False)
    decoder = IncrementalDecoder(smollm_tokenizer)
    deltas = [decoder.push([token]) for token in ids]
    deltas.append(decoder.flush())
    assert "".join(deltas) == TEXT
    assert all("\ufffd" not in d for d in deltas)  # never a half character on the wire
    assert "" in deltas[:-1]  # some token ended inside a multi-byte character and was held


@pytest.mark.parametrize(
    "raw",
    [
        "def f():\n    return 1\n",
        "  \n\ndef f():\n    return 1\n",
        "<updated-code>\ndef f():\n    return 1\n</updated-code>",
        "<code>x = '</code>'\ny = 2\n</code>",
        "```python\ndef f():\n    return 1\n```\n",
        "```python\ndef f():\n    return 1\n",  # unterminated fence: kept as is
        "<div>\n  <p>html</p>\n</div>\n",
    ],
)
@pytest.mark.parametrize("fmt", ["morph", "fastapply-oss"])
def test_merged_stream_is_always_a_prefix_of_the_final_merge(raw, fmt):
    prompt_format = get_format(fmt)
    final = extract_merged(raw, prompt_format)
    for step in (1, 3, 7):
        stream = MergedTextStream(prompt_format)
        sent = "".join(stream.push(raw[i : i + step]) for i in range(0, len(raw), step))
        assert final.startswith(sent)
        assert sent + stream.finish(final) == final


def test_plain_stream_stops_before_the_stop_string():
    stream = PlainTextStream(("STOP",))
    sent = "".join(stream.push(c) for c in "hello world STOP and more")
    assert sent == "hello world "
    assert stream.finish("hello world ") == ""
