"""Runners: the mechanism that verifies one batch of rows in one forward pass; they decide nothing.

``base`` (the protocol every runner follows), ``llama`` (the decoder layer both runners share),
``varlen`` (eager, per-row caches: CPU), ``static`` and ``graph`` (fixed shapes over a KV slab,
replayed from CUDA graphs), ``device_loop`` (several passes on the device between two host syncs),
``kv_cache`` (a preallocated cache where rollback resets a length), ``profile`` (passes, host syncs
and where a run's host time goes).
"""
