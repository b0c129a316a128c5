"""Placement: where each snippet chunk goes in the original (anchors, definitions, edges, gaps)."""
