"""A stated deletion is carried out whole or not at all: a repair that leaves a named definition in
place, picks one of two definitions of a name, or turns a replacement into a deletion is refused,
and the file is flagged instead of served."""

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags
from fastapply.merge.repair import instructed


def _served(original, snippet, instruction, path):
    request = ApplyRequest(original, snippet, instruction, path=path)
    merged, warnings = checked_merge(request, prepare(request))
    return merged, flags(warnings)


LUA = """local M = {}

local function count(state)
  return state.count
end

local function reset(state)
  state.count = 0
  state.calls = {}
end

local function record(state, ...)
  state.count = state.count + 1
  table.insert(state.calls, { ... })
end

local function at_most(state, n)
  local level = (n or 1) + 1
  return state.count <= level
end

local function more_than(state, n)
  local level = (n or 1) + 1
  return state.count > level
end

local function less_than(state, n)
  local level = (n or 1) + 1
  return state.count < level
end

register("at_most", at_most, "msg.at_most", "msg.more_than")
register("more_than", more_than, "msg.more_than", "msg.at_most")
register("less_than", less_than, "msg.less_than", "msg.at_least")

return M
"""

LUA_SNIPPET = """local function at_most(state, n)
  local level = (n or 1) + 1
  return state.count <= level
end

-- ... existing code ...

register("at_most", at_most, "msg.at_most", "msg.more_than")
-- ... rest unchanged ...
"""


def test_every_named_definition_goes_even_when_a_string_mentions_it():
    merged, flagged = _served(
        LUA, LUA_SNIPPET, "Remove the more_than and less_than checks: delete both functions.", "spy.lua"
    )
    assert "more_than(state" not in merged and "less_than(state" not in merged
    assert 'register("more_than"' not in merged and 'register("less_than"' not in merged
    assert '"msg.more_than")' in merged  # a name inside another line's string is that line's value
    assert not flagged


GO = """package flags

// HexVar defines a flag on the set.
func (f *FlagSet) HexVar(p *[]byte, name string) {
	f.Var(p, name)
}

// HexVar defines a flag on the command line.
func HexVar(p *[]byte, name string) {
	CommandLine.Var(p, name)
}

// Hex defines a flag.
func (f *FlagSet) Hex(name string) *[]byte {
	return nil
}
"""

GO_SNIPPET = """// ... existing code ...

// Hex defines a flag.
func (f *FlagSet) Hex(name string) *[]byte {
"""


def test_a_name_defined_twice_is_not_guessed():
    merged, flagged = _served(GO, GO_SNIPPET, "Remove the package-level HexVar helper.", "bytes.go")
    assert "instruction_not_applied" in [w.code for w in flagged]


RUBY = """class StaticFile
  def write(dest)
    dest_path = destination(dest)
    return false if File.exist?(dest_path) && !modified?

    FileUtils.rm(dest_path) if File.exist?(dest_path)
    copy_file(dest_path)
    true
  end
end
"""

RUBY_SNIPPET = """  def write(dest)
    # ... existing code ...
    FileUtils.rm_f(dest_path)
    copy_file(dest_path)
    true
  end
"""


def test_a_replacement_is_not_repaired_into_a_deletion():
    merged, _ = _served(RUBY, RUBY_SNIPPET, "Use FileUtils.rm_f instead of checking File.exist? first.", "file.rb")
    assert "return false if File.exist?(dest_path) && !modified?" in merged


def test_a_colon_list_names_what_goes():
    text = "Remove the buffer option: its handling in run(), makeBuffer and BUFFER_MS"
    assert instructed._named(text) == ["makeBuffer", "BUFFER_MS"]
    # a reason after the colon is not a list of removals
    assert instructed._named("Drop the appendNumber helper: numbers can go through appendText now.") == ["appendNumber"]
