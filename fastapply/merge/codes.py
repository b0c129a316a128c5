"""What the validator reports: one warning, and the rule for which warnings say a file may be wrong."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class ApplyWarning:
    code: str
    message: str
    lines: tuple[int, ...] = ()
    # "flag": the file may be wrong (auto falls back to the model; the API refuses it by default).
    # "note": something the service did that the caller should know, on a file it stands by.
    severity: str = "flag"

    def to_dict(self) -> dict:
        data = asdict(self)
        data["lines"] = list(self.lines)
        return data


def flags(warnings) -> list[ApplyWarning]:
    """The warnings that say the file may be wrong (not the notes)."""
    return [w for w in warnings if w.severity == "flag"]
