"""Speed at the shapes of the models users bring, without their weights: Qwen2.5-Coder-1.5B- and
7B-shaped configurations, randomly initialised on the device (bf16 on CUDA), the draft being the
model's own greedy output so that acceptance is under control and only the cost of a pass varies.

Random weights decide nothing about accuracy; the figures are tok/s, tokens per pass and latency of
the same engine at those shapes (hidden size, layers, GQA heads, vocabulary), next to HF greedy and
HF prompt lookup on the same model in the same run.
"""
from __future__ import annotations

import time

# From the published config.json files of Qwen/Qwen2.5-Coder-1.5B-Instruct and -7B-Instruct.
SHAPES = {
    "qwen2.5-coder-1.5b": dict(hidden_size=1536, intermediate_size=8960, num_hidden_layers=28,
                               num_attention_heads=12, num_key_value_heads=2, vocab_size=151936,
                               tie_word_embeddings=True),
    "qwen2.5-coder-7b": dict(hidden_size=3584, intermediate_size=18944, num_hidden_layers=28,
                             num_attention_heads=28, num_key_value_heads=4, vocab_size=152064,
                             tie_word_embeddings=False),
    # the same code path on CPU in seconds (tests, dry runs)
    "tiny": dict(hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
                 num_key_value_heads=2, vocab_size=49152, tie_word_embeddings=True),
}
COMMON = dict(max_position_embeddings=32768, rope_theta=1_000_000.0, rms_norm_eps=1e-6, hidden_act="silu")


def random_model(shape: str, device: str, dtype, eos_token_id: int, seed: int = 0):
    """A Qwen2 causal LM of ``shape`` with random weights, built directly on ``device`` in ``dtype``
    (a 7B model is never materialised in fp32 or on the host)."""
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM

    config = Qwen2Config(**SHAPES[shape], **COMMON, eos_token_id=eos_token_id, bos_token_id=eos_token_id,
                         pad_token_id=eos_token_id)
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
    return model.eval().requires_grad_(False)


def bench_shape(shape: str, tokenizer, base_config, prompt: list[int], n: int, ks: list[int], runners: list[str],
                levels: list[int], device: str, dtype, prompt_lookup: int = 10) -> dict:
    """Single-stream and concurrency rows of one shape; the model is freed before returning."""
    import gc

    import torch

    from .gpu import concurrency, single_stream

    started = time.perf_counter()
    model = random_model(shape, device, dtype, tokenizer.eos_token_id)
    params = sum(p.numel() for p in model.parameters())
    single, own = single_stream(model, tokenizer, base_config, prompt, n, ks, runners, prompt_lookup, case=shape)
    k = 64 if 64 in ks else ks[-1]
    conc = concurrency(model, tokenizer, base_config, [(prompt, [own], n)], k, levels, case=shape)
    del model
    gc.collect()  # engines and their CUDA graphs hold the model's memory until collected
    if str(device).startswith("cuda"):
        torch.cuda.empty_cache()
    return {"shape": shape, "parameters": params, "dtype": str(dtype).replace("torch.", ""), "tokens": n,
            "prompt_tokens": len(prompt), "single": single, "concurrency": conc,
            "seconds": round(time.perf_counter() - started, 1)}
