"""Speed at the shapes of the models users bring, without their weights: Qwen2.5-Coder-1.5B- and
7B-shaped configurations, randomly initialised on the device (bf16 on CUDA), the draft being the
model's own greedy output so that acceptance is under control and only the cost of a pass varies.

A plainly random model has near-flat logits over a 152k vocabulary: in bf16 the argmax flips with the
order of a reduction, so a verification pass over k+1 rows disagrees with a one-row pass and nothing
is accepted (measured on an H200: 1.04 tokens per pass at k=64 with the model's own output as draft).
The model is therefore made *decisive*: the attention and MLP output projections are scaled down so
the residual stream stays close to the current token's embedding, and the LM head is the embedding
shifted by one row, so greedy decoding emits token t+1 after token t with a wide margin. Every layer
still runs at full size; only the data in two of its matrices is small. The prompt holds the run
``a, a+1, …`` that the model will produce and ends with ``a``, so HF prompt lookup finds its draft in
the prompt just as it does for a file being rewritten.

Random weights decide nothing about accuracy; the figures are tok/s, tokens per pass and latency of
the same engine at those shapes (hidden size, layers, GQA heads, vocabulary), next to HF greedy and
HF prompt lookup on the same model in the same run.
"""

from __future__ import annotations

import time

# From the published config.json files of Qwen/Qwen2.5-Coder-1.5B-Instruct and -7B-Instruct.
SHAPES = {
    "qwen2.5-coder-1.5b": dict(
        hidden_size=1536,
        intermediate_size=8960,
        num_hidden_layers=28,
        num_attention_heads=12,
        num_key_value_heads=2,
        vocab_size=151936,
        tie_word_embeddings=True,
    ),
    "qwen2.5-coder-7b": dict(
        hidden_size=3584,
        intermediate_size=18944,
        num_hidden_layers=28,
        num_attention_heads=28,
        num_key_value_heads=4,
        vocab_size=152064,
        tie_word_embeddings=False,
    ),
    # the embedded model's dimensions (SmolLM2-135M's config.json), for profiles that need no weights
    "smollm2-135m": dict(
        hidden_size=576,
        intermediate_size=1536,
        num_hidden_layers=30,
        num_attention_heads=9,
        num_key_value_heads=3,
        vocab_size=49152,
        tie_word_embeddings=True,
    ),
    # the same code path on CPU in seconds (tests, dry runs)
    "tiny": dict(
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        vocab_size=49152,
        tie_word_embeddings=True,
    ),
}
COMMON = dict(max_position_embeddings=32768, rope_theta=1_000_000.0, rms_norm_eps=1e-6, hidden_act="silu")


OUTPUT_SCALE = 1e-2  # of the attention and MLP output projections in a decisive model
RUN_START = 1000  # first token of the counting run (clear of special tokens and of the vocabulary's end)


def random_model(shape: str, device: str, dtype, eos_token_id: int, seed: int = 0, decisive: bool = True):
    """A Qwen2 causal LM of ``shape`` with random weights, built directly on ``device`` in ``dtype``
    (a 7B model is never materialised in fp32 or on the host). ``decisive``: greedy emits t+1 after t
    (see the module's docstring); the LM head is then its own matrix even where the shape ties it."""
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM

    dims = dict(SHAPES[shape], tie_word_embeddings=False) if decisive else SHAPES[shape]
    config = Qwen2Config(
        **dims, **COMMON, eos_token_id=eos_token_id, bos_token_id=eos_token_id, pad_token_id=eos_token_id
    )
    config.name_or_path = f"{shape} (random)"
    torch.manual_seed(seed)
    previous = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        with torch.device(device):
            model = Qwen2ForCausalLM(config)
    finally:
        torch.set_default_dtype(previous)
    model.generation_config.eos_token_id = eos_token_id
    if decisive:
        with torch.no_grad():
            for layer in model.model.layers:
                layer.self_attn.o_proj.weight.mul_(OUTPUT_SCALE)
                layer.mlp.down_proj.weight.mul_(OUTPUT_SCALE)
            model.lm_head.weight.copy_(torch.roll(model.model.embed_tokens.weight, shifts=1, dims=0))
    return model.eval().requires_grad_(False)


def counting_prompt(length: int, n: int, seed: int = 0) -> list[int]:
    """``length`` token ids: filler, the run ``a … a+n+1`` a decisive model produces, filler, ``a``.

    >>> p = counting_prompt(12, 3); p[-1] == RUN_START and p.count(RUN_START) == 2 and len(p) == 12
    True
    """
    import random

    rng = random.Random(seed)
    run = list(range(RUN_START, RUN_START + n + 2))
    filler = max(length - len(run) - 1, 2)
    head = [rng.randrange(RUN_START + n + 10, 40000) for _ in range(filler // 2)]
    tail = [rng.randrange(RUN_START + n + 10, 40000) for _ in range(filler - filler // 2)]
    return head + run + tail + [RUN_START]


def bench_shape(
    shape: str,
    tokenizer,
    base_config,
    prompt_tokens: int,
    n: int,
    ks: list[int],
    runners: list[str],
    levels: list[int],
    device: str,
    dtype,
    prompt_lookup: int = 10,
) -> dict:
    """Single-stream and concurrency rows of one shape; the model is freed before returning."""
    import gc

    import torch

    from .gpu import SIZINGS, concurrency, single_stream

    started = time.perf_counter()
    prompt = counting_prompt(prompt_tokens, n)
    model = random_model(shape, device, dtype, tokenizer.eos_token_id)
    params = sum(p.numel() for p in model.parameters())
    single, own = single_stream(model, tokenizer, base_config, prompt, n, ks, runners, prompt_lookup, case=shape)
    k = 64 if 64 in ks else ks[-1]
    conc = concurrency(model, tokenizer, base_config, [(prompt, [own], n)], k, levels, case=shape)
    del model
    gc.collect()  # engines and their CUDA graphs hold the model's memory until collected
    if str(device).startswith("cuda"):
        torch.cuda.empty_cache()
    return {
        "shape": shape,
        "parameters": params,
        "dtype": str(dtype).replace("torch.", ""),
        "tokens": n,
        "weights": f"random, decisive (output projections x{OUTPUT_SCALE}, head = embedding shifted by one)",
        "prompt_tokens": len(prompt),
        "sizing": SIZINGS["budget"],
        "single": single,
        "concurrency": conc,
        "seconds": round(time.perf_counter() - started, 1),
    }
