"""fastapply: lossless speculative edits for fast apply."""

__version__ = "0.1.0"
