"""Where an output ends: each token checked in turn, as plain greedy decoding checks it."""

from fastapply.engine.sequence import GenerationRequest, Sequence
from fastapply.engine.stopping import extend

from ...conftest import ByteTokenizer


def sequence(**request) -> Sequence:
    seq = Sequence(GenerationRequest([1], **request), k=8, draft_policy=None)
    seq.stop_ids = frozenset({256, *request.get("stop_token_ids", ())})
    return seq


def decode(ids):
    return ByteTokenizer().decode(ids)


def test_a_stop_string_ends_the_output_at_the_token_that_completes_it():
    seq = sequence(stop_strings=("</out>",))
    extend(seq, list(b"ab</o"), decode)
    assert not seq.finished
    extend(seq, list(b"ut>cd"), decode)  # completed by the 3rd token of the pass: the rest is dropped
    assert bytes(seq.output) == b"ab</out>" and seq.stats.finish_reason == "stop"


def test_a_stop_token_ends_the_output_before_itself_and_max_new_tokens_after_the_last():
    seq = sequence(stop_token_ids=(7,))
    extend(seq, [3, 4, 7, 5], decode)
    assert seq.output == [3, 4] and seq.stats.finish_reason == "eos"
    seq = sequence(max_new_tokens=3)
    extend(seq, [3, 4, 5, 6], decode)
    assert seq.output == [3, 4, 5] and seq.stats.finish_reason == "length"


class StopAfter:
    reason = "loop"

    def __init__(self, token):
        self.token = token

    def push(self, token):
        return token == self.token


def test_the_first_stop_in_token_order_wins():
    seq = sequence(stop_strings=("b",))
    seq.stops = [StopAfter(ord("c"))]
    extend(seq, list(b"abc"), decode)  # the string ends at "b", before the criterion's "c"
    assert bytes(seq.output) == b"ab" and seq.stats.finish_reason == "stop"
    seq = sequence(stop_strings=("c",))
    seq.stops = [StopAfter(ord("b"))]
    extend(seq, list(b"abc"), decode)
    assert bytes(seq.output) == b"ab" and seq.stats.finish_reason == "loop"
