"""The speculative-decoding engine: one verification pass per ``step()`` (schedule → run → postprocess),
or a burst of passes on the device between two host syncs.

``engine`` (the loop), ``sequence`` (a request's decoding state), ``proposer`` (drafts from the
references with a cursor), ``draft_length`` (how many draft tokens a pass verifies), ``burst`` (when
a step runs several passes per host sync), ``stopping`` (where an output ends, token by token),
``policies`` (the interfaces through which a caller constrains or stops decoding), ``assembly`` (the
runner and stop tokens an engine is built from), ``stats`` and ``config``. The engine runs the model
only through a runner (``fastapply.runners``). Importing this package imports no torch.
"""
