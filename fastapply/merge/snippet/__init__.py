"""Reading the snippet: lazy chunks between markers (chunks.py) and diff hunks (hunks.py)."""
