"""The speculative-decoding engine: one verification pass per ``step()`` (schedule → run → postprocess).

``engine`` (the loop), ``sequence`` (a request's decoding state), ``proposer`` (drafts from the
references with a cursor), ``draft_length`` (how many draft tokens a pass verifies), ``policies`` (the
interfaces through which a caller constrains or stops decoding), ``stats`` and ``config``. The engine
runs the model only through a runner (``fastapply.runners``). Importing this package imports no torch.
"""
