"""``fastapply mcp [ALLOWED_DIR ...]``: the ``edit_file`` MCP server, on stdio unless ``--http``."""

from __future__ import annotations

import argparse
import sys

from fastapply import env

INSTALL_HINT = "fastapply mcp needs the MCP extra: pip install 'fastapply[mcp]'"
DEFAULT_HTTP_PORT = 8001  # beside fastapply serve's 8000


def build_parser() -> argparse.ArgumentParser:
    from fastapply.apply.request import DEFAULT_FALLBACK, DEFAULT_MODE, FALLBACK_HELP, FALLBACKS, MODES
    from fastapply.cli import add_model_args

    from .edit import MAX_DIFF_LINES

    p = argparse.ArgumentParser(
        prog="fastapply mcp",
        description="MCP server with an edit_file tool (Morph's arguments: path, instruction, code_edit, dryRun). "
        "It writes only inside the allowed directories, never writes a flagged result (allow_flagged opts in), "
        "and writes atomically.",
    )
    p.add_argument(
        "dirs",
        nargs="*",
        metavar="ALLOWED_DIR",
        help="directories the tool may edit (symlinks resolved); none: the client's MCP roots (stdio only)",
    )
    p.add_argument("--http", action="store_true", help="serve streamable HTTP at http://HOST:PORT/mcp instead of stdio")
    p.add_argument("--host", default="127.0.0.1", help="--http bind address [127.0.0.1]")
    p.add_argument("--port", type=int, default=DEFAULT_HTTP_PORT, help=f"--http port [{DEFAULT_HTTP_PORT}]")
    p.add_argument(
        "--server",
        metavar="URL",
        help="apply through a running fastapply server (its POST /apply) instead of in this process",
    )
    p.add_argument("--api-key", help="bearer key for --server [env FASTAPPLY_API_KEY]")
    p.add_argument("--mode", choices=MODES, help=f"apply mode [{DEFAULT_MODE}; with --server: the server's --mode]")
    p.add_argument("--fallback", default=DEFAULT_FALLBACK, choices=FALLBACKS, help=f"{FALLBACK_HELP} (in process)")
    p.add_argument(
        "--max-diff-lines", type=int, default=MAX_DIFF_LINES, help=f"diff lines in an answer [{MAX_DIFF_LINES}]"
    )
    add_model_args(p)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        from .server import ServerConfig, build_server
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    from fastapply.apply.request import DEFAULT_MODE

    from .allowed import allowed_dirs
    from .backends import InProcess, ModelChoice, Remote

    try:
        dirs = allowed_dirs(args.dirs)
    except ValueError as e:
        print(f"fastapply mcp: error: {e}", file=sys.stderr)
        return 2
    if args.http and not dirs:
        # Roots come from the client: over a network they could name any directory of this machine.
        print("fastapply mcp: error: --http needs the allowed directories on the command line", file=sys.stderr)
        return 2
    if args.max_diff_lines < 1:
        print("fastapply mcp: error: --max-diff-lines must be >= 1", file=sys.stderr)
        return 2
    apply: Remote | InProcess
    if args.server:
        apply = Remote(args.server, args.api_key or env.get("FASTAPPLY_API_KEY"), args.mode)
    else:
        model = ModelChoice(args.model, args.device, args.dtype, args.adapter, args.prompt_format)
        apply = InProcess(args.mode or DEFAULT_MODE, args.fallback, model)
    server = build_server(apply, ServerConfig(dirs, args.max_diff_lines))
    if args.http:
        server.run("streamable-http", host=args.host, port=args.port)
    else:
        server.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
