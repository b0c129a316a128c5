"""Reading eval cases: the dev.jsonl format (``{id, language, original, snippet, expected, instruction?}``).

A malformed row is reported and skipped rather than raised, so one bad line in a 2,000-case file
never throws away a long run. Unknown extra fields are ignored on purpose: datasets grow fields
(``license``, ``n_hunks``...) faster than the harness learns about them.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

REQUIRED_TEXT_FIELDS = ("id", "original", "snippet", "expected")
SMOKE_PATH = Path(__file__).with_name("smoke.jsonl")


@dataclass(frozen=True)
class EvalCase:
    id: str
    language: str
    original: str
    snippet: str
    expected: str
    instruction: str = ""
    source: str = ""  # "owner/repo@commit:path"; empty for hand-written cases
    variant: str = ""  # "fixture" | "context3" | "function" | ...
    # "gold", or "gold-ws": the expected file's whitespace may not be what the snippet implies, so it
    # is compared modulo all whitespace (indentation and blank lines included), as the dataset asks.
    expected_quality: str = "gold"
    styles: tuple[str, ...] = ()  # the agent benchmark's snippet styles (agentbench.STYLES)
    path: str | None = None  # the file's name, when the case has one (language detection by extension)

    @property
    def source_group(self) -> str:
        """Repo part of ``source`` ("psf/requests"), or "fixture" for cases without a repo."""
        if not self.source or self.variant == "fixture":
            return "fixture"
        return self.source.split("@", 1)[0].split(":", 1)[0] or "fixture"

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class RowError:
    line_no: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line_no}: {self.reason}"


def parse_case(row: object) -> EvalCase:
    """One JSON object -> EvalCase; ValueError says what is wrong with it."""
    if not isinstance(row, dict):
        raise ValueError(f"row is a {type(row).__name__}, not an object")
    for name in REQUIRED_TEXT_FIELDS:
        if not isinstance(row.get(name), str):
            raise ValueError(f"field {name!r} missing or not a string")
    if not row["id"]:
        raise ValueError("field 'id' is empty")
    optional = {}
    for name in ("language", "instruction", "source", "variant", "expected_quality"):
        value = row.get(name)
        if value is not None and not isinstance(value, str):
            raise ValueError(f"field {name!r} is not a string")
        optional[name] = value or ""
    return EvalCase(
        id=row["id"],
        original=row["original"],
        snippet=row["snippet"],
        expected=row["expected"],
        language=optional["language"] or "unknown",
        instruction=optional["instruction"],
        source=optional["source"],
        variant=optional["variant"],
        expected_quality=optional["expected_quality"] or "gold",
        styles=tuple(row.get("styles") or ()),
        path=row.get("path") if isinstance(row.get("path"), str) else None,
    )


def load_cases(path: str | Path, limit: int | None = None, every: int = 1) -> tuple[list[EvalCase], list[RowError]]:
    """All well-formed cases of a JSONL file plus what was skipped and why.

    ``every`` keeps every N-th usable case (a sample spread over a file sorted by source), then
    ``limit`` keeps the first N of those.

    Duplicate ids are skipped too: results are keyed by id when runs are compared.
    """
    path = Path(path)
    if path.is_dir() and (path / "cases").is_dir():  # the agent benchmark's folder
        return _load_rows(_agentbench_rows(path), limit, every)
    if not path.is_file():
        raise ValueError(f"dataset not found: {path}")
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    if every < 1:
        raise ValueError(f"every must be >= 1, got {every}")
    usable = 0
    cases: list[EvalCase] = []
    errors: list[RowError] = []
    seen: set[str] = set()
    with path.open(encoding="utf-8") as fh:
        for line_no, line in enumerate(fh, start=1):
            if limit is not None and len(cases) >= limit:
                break
            if not line.strip():
                continue
            try:
                case = parse_case(json.loads(line))
            except (json.JSONDecodeError, ValueError) as exc:
                errors.append(RowError(line_no, str(exc)))
                continue
            if case.id in seen:
                errors.append(RowError(line_no, f"duplicate id {case.id!r}"))
                continue
            seen.add(case.id)
            usable += 1
            if (usable - 1) % every == 0:
                cases.append(case)
    return cases, errors


def _agentbench_rows(folder: Path) -> list[dict]:
    from .agentbench import load

    return load(folder)


def _load_rows(rows: list[dict], limit: int | None, every: int) -> tuple[list[EvalCase], list[RowError]]:
    """Cases from rows already read (every N-th usable one, then the first `limit`)."""
    cases: list[EvalCase] = []
    errors: list[RowError] = []
    for n, row in enumerate(rows, start=1):
        try:
            case = parse_case(row)
        except ValueError as exc:
            errors.append(RowError(n, str(exc)))
            continue
        if (n - 1) % every == 0 and (limit is None or len(cases) < limit):
            cases.append(case)
    return cases, errors


def write_cases(path: str | Path, rows: list[dict]) -> None:
    """JSONL with stable key order, so the miner's output is byte-identical across runs."""
    with Path(path).open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
