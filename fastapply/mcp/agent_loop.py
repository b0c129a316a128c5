"""The agent-loop benchmark: an agent's edits of one real file, scripted, through any ``edit_file``
MCP server, timed per call as the agent sees them, and the final file checked.

The script (``agent_loop_data/``) edits ``debug-common.js`` of debug-js/debug (MIT) in 13 calls of
mixed styles (lazy markers, a unified diff, a whole function, edits at either end of the file,
edits that build on earlier ones) of which 3 must be refused (flagged: an unanchored chunk, a
syntax error, new lines without context). A step passes when its outcome is the expected one and
the file changed exactly when the edit was applied; the run passes when every step does and the
final file is the expected one. ``reference`` runs the same script through ``POST /apply``.

    python -m fastapply.mcp.agent_loop --server ours                  # fastapply mcp, in process
    python -m fastapply.mcp.agent_loop --server ours --api URL        # fastapply mcp --server URL
    python -m fastapply.mcp.agent_loop --server morph --api URL       # @morphllm/morphmcp → URL
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).parent / "agent_loop_data"
MORPH_MCP_DIR = Path(".cache/node-mcp")  # make mcp-node installs the pinned @morphllm/morphmcp here


@dataclass(frozen=True)
class Script:
    file: str
    source: dict  # origin and license of the original file
    edits: list[dict]  # {style, instruction, code_edit, expect: "applied" | "refused"}
    original: str
    expected: str


@dataclass
class Step:
    style: str
    expect: str
    outcome: str  # "applied" (the tool answered without an error) or "refused"
    changed: bool  # the file's bytes changed
    latency_ms: float  # the call as the client saw it
    tokens_per_s: float | None = None  # the model's decode speed, where our server reports one

    @property
    def ok(self) -> bool:
        return self.outcome == self.expect and self.changed == (self.outcome == "applied")


def load_script(folder: Path = DATA) -> Script:
    meta = json.loads((folder / "edits.json").read_text())
    return Script(
        meta["file"],
        meta["source"],
        meta["edits"],
        (folder / meta["file"]).read_text(),
        (folder / meta["expected"]).read_text(),
    )


async def run_loop(client, target: Path, script: Script) -> list[Step]:
    """Every edit of the script through ``client`` (an entered ``mcp.Client``) on ``target``."""
    steps = []
    for edit in script.edits:
        before = target.read_bytes()
        call = {"path": str(target), "instruction": edit["instruction"], "code_edit": edit["code_edit"]}
        started = time.perf_counter()
        answer = await client.call_tool("edit_file", call)
        latency_ms = 1000 * (time.perf_counter() - started)
        outcome = "refused" if answer.is_error else "applied"
        speed = (answer.structured_content or {}).get("tokens_per_s")
        steps.append(Step(edit["style"], edit["expect"], outcome, target.read_bytes() != before, latency_ms, speed))
    return steps


def reference(url: str, script: Script, api_key: str | None = None) -> tuple[str, list[str]]:
    """The script through ``POST /apply``: the final file, and each step's outcome (a refused
    result, 422, leaves the file as it was)."""
    text, outcomes = script.original, []
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {api_key}"} if api_key else {})}
    for edit in script.edits:
        body = {"original": text, "snippet": edit["code_edit"], "instruction": edit["instruction"], "path": script.file}
        request = urllib.request.Request(url.rstrip("/") + "/apply", json.dumps(body).encode(), headers)
        try:
            with urllib.request.urlopen(request, timeout=330) as response:
                text = json.loads(response.read())["merged"]
                outcomes.append("applied")
        except urllib.error.HTTPError as e:
            if e.code != 422:
                raise
            outcomes.append("refused")
    return text, outcomes


def ours(folder: Path, *flags: str):
    """An ``mcp.Client`` that starts ``fastapply mcp FOLDER FLAGS`` on stdio."""
    import mcp

    args = ["-m", "fastapply.cli", "mcp", str(folder), *flags]
    return mcp.Client(mcp.StdioServerParameters(command=sys.executable, args=args))


def morph(folder: Path, api: str, install: Path = MORPH_MCP_DIR):
    """An ``mcp.Client`` that starts Morph's MCP server on stdio with ``MORPH_API_URL=API``."""
    import mcp

    index = install / "node_modules" / "@morphllm" / "morphmcp" / "dist" / "index.js"
    if not index.exists():
        raise FileNotFoundError(f"{index} is missing: run `make mcp-node`")
    env = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp")}
    env.update(MORPH_API_URL=api, MORPH_API_KEY="sk-unused")
    node = shutil.which("node") or "node"
    return mcp.Client(mcp.StdioServerParameters(command=node, args=[str(index), str(folder)], env=env))


def run_rounds(make_client, script: Script, rounds: int = 1) -> tuple[list[list[Step]], bool, float]:
    """``rounds`` runs, each on a fresh copy of the file in its own folder and with its own server:
    (the steps of each round, whether every round ended on the expected file, mean session start s)."""
    import anyio

    all_steps, all_match, starts = [], True, []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp).resolve()
            target = folder / script.file
            target.write_text(script.original)

            async def main(folder: Path, target: Path) -> list[Step]:
                started = time.perf_counter()
                async with make_client(folder) as client:
                    starts.append(time.perf_counter() - started)
                    return await run_loop(client, target, script)

            all_steps.append(anyio.run(main, folder, target))
            all_match = all_match and target.read_text() == script.expected
    return all_steps, all_match, statistics.mean(starts)


def table(rounds: list[list[Step]]) -> str:
    """Markdown: one row per step, the median latency over the rounds."""
    lines = ["| # | style | expected | outcome | median ms | tok/s |", "|---|---|---|---|---|---|"]
    for i, steps in enumerate(zip(*rounds), 1):
        outcomes = sorted({s.outcome + ("" if s.ok else " (not as scripted)") for s in steps})
        median = statistics.median(s.latency_ms for s in steps)
        speeds = [s.tokens_per_s for s in steps if s.tokens_per_s]
        speed = f"{statistics.median(speeds):.0f}" if speeds else ""
        row = f"| {i} | {steps[0].style} | {steps[0].expect} | {', '.join(outcomes)} | {median:.0f} | {speed} |"
        lines.append(row)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m fastapply.mcp.agent_loop", description=__doc__.split("\n\n")[0])
    p.add_argument("--server", choices=["ours", "morph"], default="ours")
    p.add_argument("--api", help="a running fastapply server (required for morph; ours: apply through it)")
    p.add_argument(
        "--morph-mcp", type=Path, default=MORPH_MCP_DIR, help=f"where make mcp-node installed it [{MORPH_MCP_DIR}]"
    )
    p.add_argument("--mode", help="ours: fastapply mcp --mode MODE")
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args(argv)
    if args.server == "morph" and not args.api:
        p.error("--server morph needs --api URL")
    script = load_script()
    if args.server == "ours":
        flags = [*(["--server", args.api] if args.api else []), *(["--mode", args.mode] if args.mode else [])]
        make = lambda folder: ours(folder, *flags)  # noqa: E731
    else:
        make = lambda folder: morph(folder, args.api, args.morph_mcp)  # noqa: E731
    rounds, matched, start_s = run_rounds(make, script, args.rounds)
    every = [s for steps in rounds for s in steps]
    latencies = [s.latency_ms for s in every]
    print(table(rounds))
    print(
        f"\n{args.server}: {len(script.edits)} calls x {args.rounds} rounds; median {statistics.median(latencies):.0f} ms, "
        f"max {max(latencies):.0f} ms per call; session start {start_s:.1f} s; "
        f"{sum(s.outcome == 'applied' for s in every)} applied, {sum(s.outcome == 'refused' for s in every)} refused, "
        f"{sum(s.outcome == 'refused' and s.changed for s in every)} refused calls changed the file; "
        f"every step as scripted: {all(s.ok for s in every)}; final file as expected: {matched}"
    )
    if args.api:
        final, outcomes = reference(args.api, script)
        print(f"POST /apply: final file as expected: {final == script.expected}; outcomes {outcomes}")
    return 0 if matched and all(s.ok for steps in rounds for s in steps) else 1


if __name__ == "__main__":
    sys.exit(main())
