"""The apply behind ``edit_file``: in this process, or through a running ``fastapply serve``.

``InProcess`` answers as ``fastapply apply`` does: the deterministic merge where it settles the
request (or the unsure merge's only reading), the model otherwise, loaded once at its first use.
``Remote`` posts to ``/apply`` of a server (``--server URL``) with ``allow_flagged`` so that a flagged
result comes back with its warnings, which ``edit.py`` then refuses to write, as it does in process.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from fastapply.apply.deterministic import prepare, settle
from fastapply.apply.request import DEFAULT_FALLBACK, DEFAULT_MODE, ApplyError, ApplyRequest, ApplyResult
from fastapply.apply.unsure import sole_reading
from fastapply.engine.config import EngineConfig

from .edit import Answer

if TYPE_CHECKING:
    from fastapply.apply.applier import Applier

# Finish reasons of an output its producer ended itself (api/contract.py counts the same ones).
COMPLETE_REASONS = frozenset({"eos", "stop", "deterministic"})


@dataclass(frozen=True)
class ServedWarning:
    """A warning as a server sent it. Not a ``merge.ApplyWarning``: a server of another version may
    send a code this one does not know, and the edit must still be refused, not crash."""

    code: str
    message: str
    lines: tuple[int, ...] = ()
    severity: str = "flag"

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "lines": list(self.lines), "severity": self.severity}


def answer_of(result: ApplyResult) -> Answer:
    stats = result.stats
    model_ran = stats.finish_reason != "deterministic" and stats.decode_ms > 0
    return Answer(
        result.merged,
        list(result.warnings),
        result.mode_used,
        set(filter(None, stats.finish_reason.split(","))) <= COMPLETE_REASONS,
        stats.latency_ms,
        stats.tokens_per_s if model_ran else None,
    )


@dataclass(frozen=True)
class ModelChoice:
    """The model flags of ``fastapply apply`` (None: its defaults and environment)."""

    model: str | None = None
    device: str | None = None
    dtype: str | None = None
    adapter: str | None = None
    prompt_format: str = "morph"


class InProcess:
    """One apply at a time: the merge's parsers and the model's engine are not shared between
    threads (the HTTP service, too, runs them on one thread)."""

    def __init__(self, mode: str = DEFAULT_MODE, fallback: str = DEFAULT_FALLBACK, model: ModelChoice | None = None):
        self.mode, self.fallback, self.model = mode, fallback, model or ModelChoice()
        self._lock = threading.Lock()
        self._applier: Applier | None = None

    def __call__(self, request: ApplyRequest) -> Answer:
        request = replace(request, mode=self.mode, fallback=self.fallback)
        with self._lock:
            if request.mode != "model":
                prepared = prepare(request)
                settled = settle(request, prepared) or sole_reading(request, prepared)
                if settled is not None:
                    return answer_of(settled)
            return answer_of(self._load().apply(request))

    def _load(self) -> Applier:
        if self._applier is None:
            from fastapply.apply.applier import Applier  # torch and transformers: only once a model runs

            m = self.model
            try:
                self._applier = Applier.load(m.model, m.device, m.dtype, EngineConfig(), m.prompt_format, m.adapter)
            except (FileNotFoundError, ValueError) as e:
                raise ApplyError(f"the model could not be loaded: {e}") from None
        return self._applier


class Remote:
    """``POST {url}/apply``; HTTP errors become ApplyError with the server's own message."""

    def __init__(self, url: str, api_key: str | None = None, mode: str | None = None, timeout_s: float = 330.0):
        # The server's own request timeout is 300 s: wait a little longer than it does.
        self.url, self.api_key, self.mode, self.timeout_s = url.rstrip("/"), api_key, mode, timeout_s

    def __call__(self, request: ApplyRequest) -> Answer:
        options: dict = {"allow_flagged": True}
        if self.mode:
            options["mode"] = self.mode
        body = {
            "original": request.original,
            "snippet": request.snippet,
            "instruction": request.instruction,
            "path": request.path,
            "options": options,
        }
        data = self._post("/apply", body)
        stats = data.get("stats") or {}
        model_ran = stats.get("finish_reason") != "deterministic" and stats.get("decode_ms", 0) > 0
        return Answer(
            data["merged"],
            [
                ServedWarning(w["code"], w["message"], tuple(w.get("lines", ())), w.get("severity", "flag"))
                for w in data["warnings"]
            ],
            data.get("mode_used", "?"),
            data.get("finish_reason") == "stop" and not data.get("timed_out", False),
            float(stats.get("latency_ms", 0.0)),
            float(stats["tokens_per_s"]) if model_ran and "tokens_per_s" in stats else None,
        )

    def _post(self, path: str, body: dict) -> dict:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        http = urllib.request.Request(self.url + path, json.dumps(body).encode(), headers, method="POST")
        try:
            with urllib.request.urlopen(http, timeout=self.timeout_s) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as e:
            try:
                message = json.loads(e.read())["error"]["message"]
            except (ValueError, KeyError, TypeError):
                message = e.reason
            raise ApplyError(f"the fastapply server answered {e.code}: {message}") from None
        except (urllib.error.URLError, TimeoutError, OSError) as e:
            reason = getattr(e, "reason", e)
            raise ApplyError(f"cannot reach the fastapply server at {self.url}: {reason}") from None
