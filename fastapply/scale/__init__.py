"""Scale-out on Ray Serve: N engine replicas, each with its own model and continuous batching, behind
one HTTP front that serves the single-process API unchanged (``pip install fastapply[scale]``).

Importing this package does not import Ray; the modules that need it import it themselves.
"""

from .config import ScaleConfig

__all__ = ["ScaleConfig"]
