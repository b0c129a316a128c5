"""Morph's large-file anchor protocol (``X-Morph-Apply-Context: extralong``), unpacked into a plain apply.

For files of 128 KiB and more Morph's SDK compacts ``<code>`` into a definition table and a skeleton::

    ⟪MORPH_DEFINITIONS_BEGIN_0⟫
    ⟪M0:0:line⟫="the exact source line"
    ...
    ⟪MORPH_DEFINITIONS_END_0⟫
    ⟪MORPH_CODE_BEGIN_0⟫
    skeleton: the source with each long line replaced by its placeholder

and appends a protocol description to the instruction. Here the skeleton is expanded back into the
original file and the description dropped, so the request is applied like any other. The answer is
the plain merged file: the SDK expands placeholders in the answer and leaves text without them as
is. A request that announces the protocol but does not follow it is refused, never guessed at.
"""

from __future__ import annotations

import json
import re

from .errors import APIError

_BEGIN = re.compile(r"\A\s*\u27eaMORPH_DEFINITIONS_BEGIN_(\d+)\u27eb\n")
_PROTOCOL_NOTE = "LARGE-FILE ANCHOR PROTOCOL:"


def unpack_extralong(instruction: str, code: str, update: str, apply_context: str | None) -> tuple[str, str, str]:
    """(instruction, original, update) with the anchor protocol undone; unchanged for other requests."""
    begin = _BEGIN.match(code)
    announced = (apply_context or "").strip().lower() == "extralong"
    if begin is None:
        if announced:
            raise _refuse(
                "the X-Morph-Apply-Context: extralong header is set but <code> does not start with "
                "the anchor definition table"
            )
        return instruction, code, update
    original = expand(code[begin.end() :], begin.group(1))
    note = instruction.find(_PROTOCOL_NOTE)
    return (instruction[:note].strip() if note >= 0 else instruction), original, update


def expand(rest: str, namespace: str) -> str:
    """The original file from the definition table and skeleton that follow the begin delimiter."""
    end_mark = f"\u27eaMORPH_DEFINITIONS_END_{namespace}\u27eb\n"
    code_mark = f"\u27eaMORPH_CODE_BEGIN_{namespace}\u27eb\n"
    table, found, after = rest.partition(end_mark)
    if not found or not after.startswith(code_mark):
        raise _refuse("the anchor definition table is not closed by its END and CODE_BEGIN delimiters")
    skeleton = after[len(code_mark) :]
    prefix = f"\u27eaM{namespace}:"
    values: dict[str, str] = {}
    for line in filter(None, table.split("\n")):
        marker, eq, literal = line.partition("\u27eb=")
        if not eq or not marker.startswith(prefix):
            raise _refuse(f"malformed anchor definition: {line[:80]!r}")
        try:
            value = json.loads(literal)
        except ValueError:
            value = None
        if not isinstance(value, str):
            raise _refuse(f"anchor definition {marker}\u27eb is not a JSON string")
        values[marker + "\u27eb"] = value
    placeholder = re.compile(re.escape(prefix) + r"\d+:[^\u27eb]+\u27eb")

    def substitute(match: re.Match) -> str:
        if match.group(0) not in values:
            raise _refuse(f"placeholder {match.group(0)} has no definition")
        return values[match.group(0)]

    return placeholder.sub(substitute, skeleton)


def _refuse(reason: str) -> APIError:
    return APIError(400, f"cannot unpack Morph's large-file anchor protocol: {reason}", "invalid_extralong_context")
