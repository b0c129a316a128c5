"""The MCP server: one tool, ``edit_file``, with the arguments of Morph's own (``path``,
``instruction``, ``code_edit``, ``dryRun``) plus ``allow_flagged``; stdio or streamable HTTP.

Each call resolves its path against the allowed directories (``allowed.py``), waits for earlier
edits of the same file, and runs the edit (``edit.py``) on a worker thread, so that two edits of
different files proceed together while the event loop keeps answering. A bad call is an MCP tool
error (``isError``) whose text says what was wrong; the file system is left as it was.
"""

from __future__ import annotations

import logging
import warnings
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools.base import Tool
from mcp.types import CallToolResult, TextContent

from fastapply import __version__
from fastapply.apply.request import ApplyRequest

from .allowed import EditError, dirs_from_roots, resolve_target, shown
from .edit import MAX_DIFF_LINES, Answer, EditRefused, edit_file

log = logging.getLogger(__name__)

DESCRIPTION = """Edit an existing file by sending only the changed lines: unchanged code is elided with \
lazy markers such as `// ... existing code ...` or `# ... existing code ...` (a unified diff works too). \
fastapply merges the edit into the file, validates the result, and writes it only when the validator \
passes it; a flagged result is returned as an error with its warnings and candidate diff, and the file \
stays as it was.

Put all edits to one file in one call, each with a few unchanged lines around it and a marker for every \
elided region. The answer gives the lines added and removed, the diff, and any warnings."""

ARGUMENTS = {
    "path": "The file to edit: absolute, or relative to the first allowed directory.",
    "instruction": "A brief first-person sentence saying what the edit does; it helps resolve ambiguous edits.",
    "code_edit": "The changed lines with enough unchanged context to place them; "
    "lazy markers such as `// ... existing code ...` stand for unchanged code.",
    "dryRun": "Return the diff without writing the file.",
    "allow_flagged": "Write the result even when the validator flags it (default: refuse, leave the file as it is).",
}


@dataclass
class ServerConfig:
    """``dirs``: the command line's allowed directories; empty: the client's roots decide."""

    dirs: list[Path] = field(default_factory=list)
    max_diff_lines: int = MAX_DIFF_LINES


class EditFileTool:
    def __init__(self, apply: Callable[[ApplyRequest], Answer], config: ServerConfig):
        self.apply, self.config = apply, config
        self._file_locks: defaultdict[Path, anyio.Lock] = defaultdict(anyio.Lock)

    async def allowed(self, ctx: Context) -> list[Path]:
        if self.config.dirs:
            return self.config.dirs
        try:
            # Roots are deprecated from protocol 2026-07-28 on; the handshake-era clients editors use
            # still send them.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                result = await ctx.session.list_roots()
        except Exception as e:  # no back-channel (modern protocol), or a client without roots
            log.info("the client's roots could not be listed: %s", e)
            return []
        return dirs_from_roots([str(root.uri) for root in result.roots])

    async def __call__(
        self,
        path: str,
        code_edit: str,
        ctx: Context,
        instruction: str = "",
        dryRun: bool = False,  # Morph's argument name, so that prompts written for its tool work
        allow_flagged: bool = False,
    ) -> CallToolResult:
        try:
            allowed = await self.allowed(ctx)
            target = resolve_target(path, allowed)
            run = partial(
                edit_file,
                target,
                shown(target, allowed),
                instruction,
                code_edit,
                self.apply,
                dryRun,
                allow_flagged,
                self.config.max_diff_lines,
            )
            async with self._file_locks[target]:  # edits of one file in turn: each reads the last one's result
                report = await anyio.to_thread.run_sync(run)
        except EditRefused as refused:
            return result(refused.report.text(), refused.report.to_dict(), error=True)
        except EditError as e:
            return result(str(e), {"error": str(e)}, error=True)
        return result(report.text(), report.to_dict())


def result(text: str, structured: dict, error: bool = False) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured, is_error=error)


def build_server(apply: Callable[[ApplyRequest], Answer], config: ServerConfig) -> MCPServer:
    tool = Tool.from_function(EditFileTool(apply, config).__call__, name="edit_file", description=DESCRIPTION)
    for name, text in ARGUMENTS.items():
        tool.parameters["properties"][name]["description"] = text
    return MCPServer("fastapply", version=__version__, tools=[tool], log_level="WARNING")
