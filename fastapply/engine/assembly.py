"""What an engine is built from: the runner for the model's device, and the token ids that end an output."""

from __future__ import annotations

from fastapply.engine.config import EngineConfig
from fastapply.models.prompt import END_OF_TURN
from fastapply.runners.base import Runner


def make_runner(model, config: EngineConfig) -> Runner:
    """The runner for the model's device (``EngineConfig.runner_for``), static slots sized by
    ``EngineConfig.slot_positions``."""
    device = next(model.parameters()).device
    if config.runner_for(device.type) == "varlen":
        from fastapply.runners.varlen import VarlenRunner

        return VarlenRunner(model)
    from fastapply.runners.graph import GraphRunner

    context = getattr(model.config, "max_position_embeddings", 2048)
    return GraphRunner(
        model,
        slots=config.max_batch,
        k=config.k,
        max_len=config.slot_positions(context),
        cuda_graphs=config.cuda_graphs,
        burst_passes=config.passes_per_sync,
    )


def eos_ids(model, tokenizer) -> frozenset[int]:
    """Token ids that end an output: every eos id the model and tokenizer name, and turn ends."""
    ids: set[int] = set()
    for source in (getattr(model, "generation_config", None), model.config, tokenizer):
        value = getattr(source, "eos_token_id", None)
        ids.update(value if isinstance(value, (list, tuple)) else [value] if value is not None else [])
    # End-of-turn tokens end an answer; so does the start of a new turn (ChatML's "<|im_start|>"),
    # which never belongs inside one: an adapter trained with a mislabelled end emits it instead.
    for name in (*END_OF_TURN, "<|endoftext|>", "<|im_start|>"):
        token = tokenizer.convert_tokens_to_ids(name) if name in tokenizer.get_vocab() else None
        if token is not None:
            ids.add(token)
    return frozenset(ids)
