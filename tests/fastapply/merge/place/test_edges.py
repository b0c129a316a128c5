"""Where a chunk's edges meet the code a marker elides: an edited block opener before a marker."""

from fastapply.merge import lazy_merge
from fastapply.merge.place.edges import edited_opener

LUA = """local function move_undofile(src_path, dest_path, copy)
  local undofile = vim.fn.undofile(src_path)
  local dest_undofile = vim.fn.undofile(dest_path)
  if copy then
    uv.fs_copyfile(src_path, dest_path, function(err)
      if err then
        log.warn("Error copying undofile %s: %s", undofile, err)
      end
    end)
  else
    uv.fs_rename(undofile, dest_undofile)
  end
end
"""


def test_a_lua_callback_opener_rewritten_before_a_column_0_marker_is_that_openers_edit():
    """The marker at column 0 says nothing of depth; the line it follows opens a block (Lua's
    ``function(err)``) as the old line there does: the new line replaces it."""
    snippet = (
        "-- ... existing code ...\n"
        "  if copy then\n"
        "    uv.fs_copyfile(undofile, dest_undofile, function(err)\n"
        "-- ... existing code ...\n"
    )
    merged = lazy_merge(LUA, snippet, "lua").merged
    assert merged == LUA.replace("fs_copyfile(src_path, dest_path,", "fs_copyfile(undofile, dest_undofile,")


def test_a_marker_at_the_lines_own_depth_keeps_the_new_line_new():
    old = "    if x then"
    assert edited_opener(["    if y then"], 0, old, 8)
    assert edited_opener(["    if y then"], 0, old, 0)
    assert not edited_opener(["    if y then"], 0, old, 4)  # the marker stands beside the line, not under it
