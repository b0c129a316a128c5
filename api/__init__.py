"""fastapply.api: the HTTP service (native /apply, OpenAI- and Relace-compatible endpoints)."""

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app"]
