"""The apply layer: request → deterministic merge → decide → model windows → result.

``request`` (torch-free types and the result contract), ``deterministic`` (the merge path, no model),
``applier`` (the model path: prompt, windows, the engine), and the decoding policies the applier hands
the engine: ``line_constraint`` (the output may only consist of known lines) and ``runaway`` (an
output that loops past its inputs ends). Importing this package imports neither torch nor a model.
"""
