"""Prompt formats: how an (original, snippet, instruction) triple becomes model input, and how the
merged file is read back out of the model's text.

The default is Morph's format (``<instruction>``, ``<code>``, ``<update>`` in one user message) and the
assistant answers with the merged file and nothing else. The open FastApply models answer inside
``<updated-code>`` tags instead; that format is registered as ``fastapply-oss``. A format is data, so
adding one is adding an entry to ``FORMATS``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Tokens that end an assistant turn in the chat templates of the models in use (ChatML, Llama 3,
# Gemma): the answer's last token in training, a stop token in the engine.
END_OF_TURN = ("<|im_end|>", "<|eot_id|>", "<end_of_turn>")

# Short on purpose: every prompt token is prefill time, and without a system message the SmolLM2
# chat template inserts its own generic one.
DEFAULT_SYSTEM = (
    "You are a code merge tool. Apply the update to the code and output the complete merged file, nothing else."
)


@dataclass(frozen=True)
class PromptFormat:
    name: str
    system: str | None
    user_template: str  # str.format fields: instruction_block, original, snippet
    instruction_template: str = "<instruction>{instruction}</instruction>\n"
    output_open: str = ""  # text the model is expected to write before the file
    output_close: str = ""  # text that ends the file (also a stop string)

    def user_message(self, original: str, snippet: str, instruction: str = "") -> str:
        block = self.instruction_template.format(instruction=instruction) if instruction.strip() else ""
        return self.user_template.format(instruction_block=block, original=original, snippet=snippet)

    def messages(self, original: str, snippet: str, instruction: str = "") -> list[dict]:
        msgs = [{"role": "system", "content": self.system}] if self.system is not None else []
        msgs.append({"role": "user", "content": self.user_message(original, snippet, instruction)})
        return msgs

    @property
    def stop_strings(self) -> tuple[str, ...]:
        return (self.output_close,) if self.output_close else ()


FORMATS: dict[str, PromptFormat] = {
    "morph": PromptFormat(
        name="morph",
        system=DEFAULT_SYSTEM,
        user_template="{instruction_block}<code>{original}</code>\n<update>{snippet}</update>",
    ),
    "fastapply-oss": PromptFormat(
        name="fastapply-oss",
        system="You are an coding assistant that helps merge code updates, ensuring every modification is fully integrated.",
        user_template=(
            "Merge all changes from the <update> snippet into the <code> below.\n"
            "- Preserve the code's structure, order, comments, and indentation exactly.\n"
            "- Output only the updated code, enclosed within <updated-code> and </updated-code> tags.\n"
            "- Do not include any additional text, explanations, placeholders, ellipses, or code fences.\n\n"
            "{instruction_block}<code>{original}</code>\n\n<update>{snippet}</update>\n\n"
            "Provide the complete updated code."
        ),
        output_open="<updated-code>",
        output_close="</updated-code>",
    ),
}


def get_format(name: str) -> PromptFormat:
    try:
        return FORMATS[name]
    except KeyError:
        raise ValueError(f"unknown prompt format {name!r}; known: {', '.join(sorted(FORMATS))}") from None


_FENCE_OPEN = re.compile(r"\A\s*```[\w+#.-]*[ \t]*\n")
_FENCE_CLOSE = re.compile(r"\n?```\s*\Z")
_TAGS = ("updated-code", "code", "merged-code", "final-code")


def extract_merged(text: str, fmt: PromptFormat | None = None) -> str:
    """The merged file from the model's raw answer: drop output tags and one surrounding code fence.

    >>> extract_merged("<updated-code>x = 1\\n</updated-code>")
    'x = 1\\n'
    >>> extract_merged("```python\\nx = 1\\n```")
    'x = 1\\n'
    """
    out = text
    if fmt and fmt.output_open and not out.lstrip().startswith(fmt.output_open):
        # The opening tag is part of the prompt (the model starts inside it): only the close is here.
        end = out.rfind(fmt.output_close)
        if end >= 0:
            out = out[:end]
        out = out[1:] if out.startswith("\n") else out
    tags: tuple[tuple[str, str], ...] = ((fmt.output_open, fmt.output_close),) if fmt and fmt.output_open else ()
    tags += tuple((f"<{t}>", f"</{t}>") for t in _TAGS)
    for open_tag, close_tag in tags:
        stripped = out.lstrip()
        if stripped.startswith(open_tag):
            out = stripped[len(open_tag) :]
            if out.startswith("\n"):
                out = out[1:]
            end = out.rfind(close_tag)
            if end >= 0:
                out = out[:end]
            break
    if _FENCE_OPEN.match(out) and _FENCE_CLOSE.search(out):
        out = _FENCE_CLOSE.sub("\n", _FENCE_OPEN.sub("", out, count=1))
    return out


# -- token ids: the one prompt builder of serving, training and the evals ---------------------------
def encode(tokenizer, text: str) -> list[int]:
    """Plain text as token ids, no special tokens added."""
    return tokenizer.encode(text, add_special_tokens=False) if text else []


def chat_ids(tokenizer, messages: list[dict]) -> list[int]:
    """The chat template over ``messages`` with the generation prompt, as token ids."""
    ids = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=True)
    return list(ids["input_ids"] if not isinstance(ids, list) else ids)


def prompt_ids(tokenizer, fmt: PromptFormat, original: str, snippet: str, instruction: str = "") -> list[int]:
    """An apply prompt exactly as the model sees it: the chat template, then the format's opening
    tag (the answer starts inside it). Serving, training and the evals all build prompts here, so a
    model is trained on the very tokens it is served."""
    return chat_ids(tokenizer, fmt.messages(original, snippet, instruction)) + encode(tokenizer, fmt.output_open)
