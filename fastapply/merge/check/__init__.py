"""Checks on a merged file from any producer; validate() runs them all (codes in codes.py)."""
