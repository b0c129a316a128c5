"""One ``/metrics`` for the whole deployment, from each replica's Prometheus text.

The aggregate keeps the single-process series (same names, same labels), so dashboards and the
load benchmark read N replicas like one server:
* counters and histograms are summed per label set; so are gauges (queue depth, running batch,
  tokens/s, KV reserved and budget, memory), except the acceptance rate, which is recomputed from
  the summed draft counters;
* every gauge and every counter (summed over its labels) is also given per replica, as
  ``fastapply_replica_<name>{replica="<id>"}``, plus ``fastapply_replicas`` (replicas that answered);
* a replica that is gone (replaced, scaled down) keeps its last counts in the sums, so the summed
  counters never go backwards when a replica is replaced.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field

PREFIX = "fastapply_"
RATIOS = {"fastapply_acceptance_rate": ("fastapply_accepted_draft_tokens_total", "fastapply_draft_tokens_total")}
_SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)$")


@dataclass
class Family:
    name: str
    kind: str = "untyped"
    help: str = ""
    samples: dict[tuple[str, str], float] = field(default_factory=dict)  # (sample name, labels) -> value


def parse(text: str) -> dict[str, Family]:
    """Families in exposition order; a sample belongs to the family whose HELP/TYPE came last."""
    families: dict[str, Family] = {}
    current: Family | None = None
    for line in text.splitlines():
        if line.startswith("# HELP ") or line.startswith("# TYPE "):
            _, what, name, *rest = line.split(" ", 3)
            current = families.setdefault(name, Family(name))
            if what == "HELP":
                current.help = rest[0] if rest else ""
            else:
                current.kind = rest[0] if rest else "untyped"
            continue
        match = _SAMPLE.match(line)
        if match is None:
            continue
        name, labels, value = match.group(1), match.group(2) or "", float(match.group(3))
        if current is None or not name.startswith(current.name):
            current = families.setdefault(name, Family(name))
        current.samples[(name, labels)] = current.samples.get((name, labels), 0.0) + value
    return families


def _format(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(round(float(value), 6))


class Aggregator:
    """Sums replica scrapes; remembers the counts of replicas that are gone (see the module doc)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._last: dict[str, dict[str, Family]] = {}  # replica -> its last scrape
        self._retired: dict[str, Family] = {}  # counters and histograms of replicas that are gone

    def render(self, scrapes: dict[str, str], complete: bool, extra: str = "") -> str:
        """``scrapes``: replica id -> its text; ``complete``: every replica answered (only then are the
        missing ones known to be gone); ``extra``: the front's own text, summed in like a replica."""
        parsed = {rid: parse(text) for rid, text in scrapes.items()}
        with self._lock:
            if complete:
                for gone in set(self._last) - set(parsed):
                    self._retire(self._last.pop(gone))
            self._last.update(parsed)
            retired = list(self._retired.values())
        total: dict[str, Family] = {}
        for families in [*parsed.values(), parse(extra)]:
            _add(total, families.values())
        _add(total, retired)
        for ratio, (top, bottom) in RATIOS.items():
            if ratio in total:
                num, den = (sum(total[n].samples.values()) if n in total else 0.0 for n in (top, bottom))
                total[ratio].samples = {(ratio, ""): num / den if den else 0.0}
        lines = []
        for family in total.values():
            lines += [f"# HELP {family.name} {family.help}", f"# TYPE {family.name} {family.kind}"]
            lines += [f"{name}{labels} {_format(v)}" for (name, labels), v in family.samples.items()]
        lines += _per_replica(parsed)
        return "\n".join(lines) + "\n"

    def _retire(self, families: dict[str, Family]) -> None:
        _add(self._retired, [f for f in families.values() if f.kind in ("counter", "histogram")])


def _add(total: dict[str, Family], families) -> None:
    for family in families:
        if family.name not in total:
            total[family.name] = Family(family.name, family.kind, family.help)
        samples = total[family.name].samples
        for key, value in family.samples.items():
            samples[key] = samples.get(key, 0.0) + value


def _per_replica(parsed: dict[str, dict[str, Family]]) -> list[str]:
    lines = [
        "# HELP fastapply_replicas engine replicas that answered this scrape",
        "# TYPE fastapply_replicas gauge",
        f"fastapply_replicas {len(parsed)}",
    ]
    names: dict[str, Family] = {}
    for families in parsed.values():
        for family in families.values():
            if family.kind in ("gauge", "counter") and family.name.startswith(PREFIX):
                names.setdefault(family.name, family)
    for name, family in names.items():
        per = PREFIX + "replica_" + name[len(PREFIX) :]
        lines += [f"# HELP {per} {family.help} (per replica)", f"# TYPE {per} {family.kind}"]
        for rid, families in sorted(parsed.items()):
            if name in families:
                lines.append(f'{per}{{replica="{rid}"}} {_format(sum(families[name].samples.values()))}')
    return lines
