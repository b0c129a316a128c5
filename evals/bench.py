"""``fastapply bench speed | load | soak | drafts | gpu``: the benchmarks, each a module of its own."""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = {
    "speed": "fastapply.evals.speed",
    "load": "fastapply.evals.load",
    "soak": "fastapply.evals.soak",
    "drafts": "fastapply.evals.draft_sim",
    "gpu": "fastapply.evals.gpu",
}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in BENCHMARKS:
        print(f"usage: fastapply bench {{{','.join(BENCHMARKS)}}} [options]", file=sys.stderr)
        return 2
    try:
        module = importlib.import_module(BENCHMARKS[argv[0]])
    except ModuleNotFoundError as e:
        print(f"fastapply bench {argv[0]}: not available ({e})", file=sys.stderr)
        return 2
    return module.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
