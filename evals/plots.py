"""PNG plots of a run (matplotlib, Agg backend so it works headless). matplotlib is optional (the
``eval`` extra): without it a report has no plots and says how to get them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

MISSING = "plots need matplotlib: pip install 'fastapply[eval]'"


def available() -> bool:
    return importlib.util.find_spec("matplotlib") is not None


def pyplot():
    """matplotlib.pyplot on the Agg backend; ImportError with the install hint when it is missing."""
    if not available():
        raise ImportError(MISSING)
    import matplotlib

    matplotlib.use("Agg")  # no display on servers and CI; must precede the pyplot import
    import matplotlib.pyplot as plt

    return plt


def _save(plt, fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_speedup_vs_k(speedup: dict[str, float], path: Path) -> Path | None:
    """Speedup over k=0 for each k swept; skipped when the run swept no more than k=0 and one k."""
    points = sorted((int(k), v) for k, v in speedup.items())
    if len(points) < 2:
        return None
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.plot([k for k, _ in points], [v for _, v in points], marker="o")
    ax.axhline(1.0, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xlabel("k (draft tokens verified per pass)")
    ax.set_ylabel("speedup vs k=0 (latency ratio)")
    ax.set_title("Speedup vs k")
    ax.grid(alpha=0.3)
    return _save(plt, fig, path)


def plot_tokens_per_pass(rows: list[dict], path: Path) -> Path | None:
    values = [r["tokens_per_pass"] for r in rows if r.get("tokens_per_pass")]
    if not values:
        return None
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.hist(values, bins=min(30, max(5, len(values) // 3)), color="tab:blue", alpha=0.8)
    ax.set_xlabel("tokens per forward pass")
    ax.set_ylabel("cases")
    ax.set_title("Tokens per pass")
    return _save(plt, fig, path)


def plot_accuracy_by_language(by_language: dict[str, dict], path: Path) -> Path | None:
    if not by_language:
        return None
    plt = pyplot()
    names = list(by_language)
    exact = [by_language[n]["exact"] or 0 for n in names]
    ws = [by_language[n]["ws_exact"] or 0 for n in names]
    xs = range(len(names))
    fig, ax = plt.subplots(figsize=(max(5, 0.8 * len(names) + 2), 3.5))
    ax.bar([x - 0.2 for x in xs], exact, width=0.4, label="exact")
    ax.bar([x + 0.2 for x in xs], ws, width=0.4, label="whitespace-normalised")
    ax.set_xticks(list(xs), [f"{n}\n(n={by_language[n]['cases']})" for n in names], fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("match rate")
    ax.set_title("Accuracy by language")
    ax.legend(fontsize=8)
    return _save(plt, fig, path)


def render_plots(summary: dict, rows: list[dict], out_dir: Path) -> list[Path]:
    plot_dir = out_dir / "plots"
    plot_dir.mkdir(parents=True, exist_ok=True)
    primary_k = summary["config"].get("primary_k")
    primary = [r for r in rows if r.get("k") == primary_k] or rows
    made = [
        plot_speedup_vs_k(summary.get("speedup_vs_k", {}), plot_dir / "speedup_vs_k.png"),
        plot_tokens_per_pass(primary, plot_dir / "tokens_per_pass.png"),
        plot_accuracy_by_language(summary.get("by_language", {}), plot_dir / "accuracy_by_language.png"),
    ]
    return [p for p in made if p is not None]
