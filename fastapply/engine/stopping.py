"""Policy: where an output ends, token by token, whatever number of tokens a pass emits.

A pass (or a burst of passes) emits several tokens at once; plain greedy decoding emits one at a
time and checks after each: a stop token ends the output before itself; a stop criterion, a stop
string or ``max_new_tokens`` end it after the token. ``extend`` applies the same checks to each
token in turn, so the output ends at the same token for any draft length: the tokens a pass emitted
after the end are dropped.

A stop string is looked for in the text of the output's last tokens, the window plain decoding
decodes after each token (``len(longest stop string) + 3`` tokens). To avoid decoding once per token,
the window of the whole pass is decoded first, and the tokens are checked one at a time only when it
holds a stop string.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapply.engine.sequence import Sequence

Decode = Callable[[list[int]], str]


def extend(seq: Sequence, new_tokens: list[int], decode: Decode) -> None:
    """Append ``new_tokens`` to ``seq.output`` up to where plain greedy decoding would have stopped,
    and finish ``seq`` there. Example: stop token 9, new tokens ``[4, 9, 5]`` -> output gains ``[4]``,
    finish reason "eos"."""
    strings = seq.request.stop_strings
    check_strings = bool(strings) and _holds_stop_string(seq.output + new_tokens, len(new_tokens), strings, decode)
    for token in new_tokens:
        if token in seq.stop_ids:
            return seq.finish("eos")
        seq.output.append(token)
        for stop in seq.stops:
            if stop.push(token):
                return seq.finish(stop.reason)
        if check_strings and _holds_stop_string(seq.output, 1, strings, decode):
            return seq.finish("stop")
        if seq.remaining <= 0:
            return seq.finish("length")


def _holds_stop_string(output: list[int], added: int, strings: tuple[str, ...], decode: Decode) -> bool:
    """Whether the text of the output's tail, through its ``added`` newest tokens, holds a stop string."""
    longest = max(len(s) for s in strings)
    tail = decode(output[-(added + longest + 2) :])
    return any(s in tail for s in strings)
