"""Models: loading (Hugging Face folder, GGUF, the embedded default, LoRA adapters) and prompt formats."""
