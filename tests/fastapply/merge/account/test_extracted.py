"""Code an instruction asks to extract into a helper, left written out at its old place."""

import doctest

from fastapply.merge.account import account, extracted

ORIGINAL = """static void lexer_reset(Lexer *self) {
  lexer_clear_chunk(self);
}

static void lexer_goto(Lexer *self, Length position) {
  self->current_position = position;
  if (self->chunk && (
    self->current_position.bytes < self->chunk_start ||
    self->current_position.bytes >= self->chunk_start + self->chunk_size
  )) {
    lexer_clear_chunk(self);
  }
  self->lookahead_size = 0;
}

static void lexer_advance(Lexer *self) {
  if (
    self->current_position.bytes < self->chunk_start ||
    self->current_position.bytes >= self->chunk_start + self->chunk_size
  ) {
    lexer_get_chunk(self);
  }
}
"""

HELPER = """static bool lexer_is_outside_chunk(const Lexer *self) {
  return
    self->current_position.bytes < self->chunk_start ||
    self->current_position.bytes >= self->chunk_start + self->chunk_size;
}

"""

SNIPPET = (
    HELPER
    + "// ... existing code ...\n\nstatic void lexer_goto(Lexer *self, Length position) {\n  self->current_position = position;\n"
    "  if (self->chunk && lexer_is_outside_chunk(self)) {\n    lexer_clear_chunk(self);\n  }\n"
    "  // ... existing code ...\n}\n\n"
    "static void lexer_advance(Lexer *self) {\n  if (lexer_is_outside_chunk(self)) {\n    lexer_get_chunk(self);\n  }\n}\n"
)

ASKED = "Pull the outside-the-chunk test into a helper lexer_is_outside_chunk() and use it in both places."


def codes(merged: str, instruction: str = ASKED) -> set[str]:
    return {w.code.value for w in account(ORIGINAL, SNIPPET, merged, "c", instruction)}


def test_the_doctests_hold():
    assert doctest.testmod(extracted).failed == 0


def test_the_old_copy_of_extracted_code_left_under_a_marker_is_flagged():
    """The marker after the new call in lexer_goto stands for the rest of its body: a merge that
    reads it so keeps the old multi-line test below the new one."""
    right = HELPER + ORIGINAL.replace(
        "  if (self->chunk && (\n"
        "    self->current_position.bytes < self->chunk_start ||\n"
        "    self->current_position.bytes >= self->chunk_start + self->chunk_size\n"
        "  )) {\n",
        "  if (self->chunk && lexer_is_outside_chunk(self)) {\n",
    ).replace(
        "  if (\n"
        "    self->current_position.bytes < self->chunk_start ||\n"
        "    self->current_position.bytes >= self->chunk_start + self->chunk_size\n"
        "  ) {\n",
        "  if (lexer_is_outside_chunk(self)) {\n",
    )
    left = right.replace(
        "  if (self->chunk && lexer_is_outside_chunk(self)) {\n    lexer_clear_chunk(self);\n  }\n",
        "  if (self->chunk && lexer_is_outside_chunk(self)) {\n    lexer_clear_chunk(self);\n  }\n"
        "  if (self->chunk && (\n"
        "    self->current_position.bytes < self->chunk_start ||\n"
        "    self->current_position.bytes >= self->chunk_start + self->chunk_size\n"
        "  )) {\n    lexer_clear_chunk(self);\n  }\n",
    )
    assert "moved_block_kept" in codes(left)
    assert "moved_block_kept" not in codes(right)
