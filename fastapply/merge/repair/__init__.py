"""Repairs: each beside the check that calls for it (an edit the instruction states, a move, a skipped definition), and the candidate files of an unsure merge."""
