"""Incremental text for streaming: token ids → text deltas → merged-file deltas, and SSE framing.

Two kinds of holding back keep every streamed prefix final (never retracted):
* ``IncrementalDecoder`` holds text whose last token ends inside a multi-byte UTF-8 character (the
  tokenizer renders it as U+FFFD until the rest arrives), decoding a small window of tokens each
  time instead of the whole output, so a long file streams in linear time.
* ``MergedTextStream`` mirrors ``fastapply.models.prompt.extract_merged`` on a growing text: it waits until
  it knows whether the answer starts with an output tag or a code fence, holds the last few
  characters (they may be the start of a closing tag), and does not stream fenced answers at all
  (whether the fence is stripped depends on the end of the answer).
At the end the full merged text is authoritative; the remainder is whatever was not sent yet.
"""

from __future__ import annotations

import json
import logging

from fastapply.models.prompt import _TAGS, PromptFormat, extract_merged

log = logging.getLogger(__name__)
FENCE = "```"


class IncrementalDecoder:
    def __init__(self, tokenizer):
        self.tokenizer = tokenizer
        self.ids: list[int] = []
        self.prefix_offset = 0  # start of the window decoded for context (spacing rules)
        self.read_offset = 0  # tokens up to here have been turned into text

    def _decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=True)

    def push(self, new_ids: list[int]) -> str:
        self.ids.extend(new_ids)
        prefix_text = self._decode(self.ids[self.prefix_offset : self.read_offset])
        new_text = self._decode(self.ids[self.prefix_offset :])
        if len(new_text) > len(prefix_text) and not new_text.endswith("\ufffd"):
            self.prefix_offset, self.read_offset = self.read_offset, len(self.ids)
            return new_text[len(prefix_text) :]
        return ""

    def flush(self) -> str:
        """Whatever is still held back once no more tokens will come."""
        prefix_text = self._decode(self.ids[self.prefix_offset : self.read_offset])
        new_text = self._decode(self.ids[self.prefix_offset :])
        self.prefix_offset = self.read_offset = len(self.ids)
        return new_text[len(prefix_text) :]


class MergedTextStream:
    """Raw model text in, deltas of the merged file out (a prefix of the final ``merged``)."""

    def __init__(self, fmt: PromptFormat):
        self.format = fmt
        self.openers = [t for t in (fmt.output_open, *(f"<{t}>" for t in _TAGS)) if t]
        closers = [t for t in (fmt.output_close, *(f"</{t}>" for t in _TAGS)) if t]
        self.hold = max(len(c) for c in (*closers, FENCE)) + 1
        self.raw = ""
        self.sent = ""

    def push(self, text: str) -> str:
        self.raw += text
        stable = self._stable()
        if stable is None or len(stable) <= len(self.sent) or not stable.startswith(self.sent):
            return ""
        delta, self.sent = stable[len(self.sent) :], stable
        return delta

    def finish(self, merged: str) -> str:
        if merged.startswith(self.sent):
            return merged[len(self.sent) :]
        # Should not happen; the final event/response still carries the full merged text.
        log.warning("streamed prefix diverged from the merged result (%d chars sent)", len(self.sent))
        return ""

    def _stable(self) -> str | None:
        head = self.raw.lstrip()
        if not head or any(len(head) < len(o) and o.startswith(head) for o in (*self.openers, FENCE)):
            return None  # cannot tell yet whether a tag or fence will be stripped
        body = head
        for opener in self.openers:
            if head.startswith(opener):
                body = head[len(opener) :]
                if not body:
                    return None  # a newline right after the tag would be stripped too
                body = body.removeprefix("\n")
                break
        lead = body.lstrip()
        if lead.startswith(FENCE) or (len(lead) < len(FENCE) and FENCE.startswith(lead)):
            return None  # fenced: only the end of the answer tells whether the fence goes
        text = extract_merged(self.raw, self.format)
        return text[: -self.hold] if len(text) > self.hold else ""


class PlainTextStream:
    """Chat text deltas for predicted outputs: the text up to the first stop string, never past it."""

    def __init__(self, stop_strings: tuple[str, ...] = ()):
        self.stops = stop_strings
        self.hold = max((len(s) for s in stop_strings), default=1) - 1
        self.raw = ""
        self.sent = ""

    def push(self, text: str) -> str:
        self.raw += text
        cut = cut_at_stop(self.raw, self.stops)
        stable = cut if len(cut) < len(self.raw) else self.raw[: len(self.raw) - self.hold]
        if len(stable) <= len(self.sent):
            return ""
        delta, self.sent = stable[len(self.sent) :], stable
        return delta

    def finish(self, text: str) -> str:
        return text[len(self.sent) :] if text.startswith(self.sent) else ""


def cut_at_stop(text: str, stops: tuple[str, ...]) -> str:
    """OpenAI semantics: the returned text ends before the first stop sequence."""
    positions = [i for i in (text.find(s) for s in stops) if i >= 0]
    return text[: min(positions)] if positions else text


def sse(data: dict | str, event: str | None = None) -> bytes:
    payload = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {payload}\n\n".encode()


SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
