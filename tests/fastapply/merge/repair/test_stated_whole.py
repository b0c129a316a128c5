"""A stated deletion is carried out whole or not at all: a repair that leaves a named definition in
place, picks one of two definitions of a name, or turns a replacement into a deletion is refused,
and the file is flagged instead of served."""

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags
from fastapply.merge.repair import wording


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
    assert wording.named(text) == ["makeBuffer", "BUFFER_MS"]
    # a reason after the colon is not a list of removals
    assert wording.named("Drop the appendNumber helper: numbers can go through appendText now.") == ["appendNumber"]


C_LIST = """#include "list.h"

/*
 * Prepend the given node to the list
 * and return the node, NULL on failure.
 */

list_node_t *
list_rpush(list_t *self, list_node_t *node) {
  if (!node) return NULL;
  self->len++;
  return node;
}

/*
 * Remove the given node from the list, freeing it and it's value.
 */

void
list_remove(list_t *self, list_node_t *node) {
  LIST_FREE(node);
  --self->len;
}
"""


def test_a_replacement_in_words_never_deletes_a_definition():
    # "popping instead of pushing, and list_remove ...": the clause ends at the comma
    assert wording.named("@self says popping instead of pushing, and list_remove says it's.") == []
    snippet = "/*\n * Remove the given node from the list, freeing it and its value.\n */\n// ... rest unchanged\n"
    merged, _ = _served(C_LIST, snippet, "Use list_append instead of list_remove in the docs.", "list.c")
    assert "list_remove(list_t *self" in merged


TSX = """import * as React from "react"
import { Skeleton } from "@/ui/skeleton"
import { Button } from "@/ui/button"

function SidebarMenu({ className }: { className?: string }) {
  return <ul className={className} />
}

function SidebarMenuSkeleton({ showIcon = false }: { showIcon?: boolean }) {
  return (
    <div data-sidebar="menu-skeleton">
      {showIcon && <Skeleton className="size-4 rounded-md" />}
      <Skeleton className="h-4 flex-1" />
    </div>
  )
}

function SidebarFooter() {
  return <Button>Done</Button>
}

export { SidebarMenu, SidebarMenuSkeleton, SidebarFooter }
"""


def test_an_import_left_without_users_goes_with_what_used_it():
    snippet = "// ... existing code ...\n\nexport { SidebarMenu, SidebarFooter }\n"
    instruction = "Remove SidebarMenuSkeleton entirely: the component, its export, and the Skeleton import it was the only user of."
    merged, flagged = _served(TSX, snippet, instruction, "sidebar.tsx")
    assert "Skeleton" not in merged and "Button" in merged and not flagged


def test_a_rename_left_on_unshown_lines_is_made_there_or_flagged_and_not_deleted():
    kotlin = "class Turbine {\n  var ignoreRemaining = false\n\n  fun cancel() {\n    ignoreRemaining = true\n  }\n}\n"
    snippet = "class Turbine {\n  var ignoreUnconsumed = false\n  // ... rest unchanged\n"
    ask = "Rename ignoreRemaining to ignoreUnconsumed in Turbine."
    assert wording.renamed_names(ask) == ["ignoreRemaining"]
    merged, flagged = _served(kotlin, snippet, ask, "t.kt")
    assert merged == kotlin.replace("ignoreRemaining", "ignoreUnconsumed") and not flagged  # made, with a note
    # the new name already names something in the file: no rename is made, the old name is flagged
    both = kotlin.replace("class Turbine {\n", "class Turbine {\n  // ignoreUnconsumed: see cancel()\n")
    merged, flagged = _served(both, snippet, ask, "t.kt")
    assert "instruction_not_applied" in [w.code for w in flagged]
    assert "ignoreRemaining = true" in merged  # a rename is not repaired by deleting
