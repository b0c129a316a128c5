"""Data generator: determinism, every edit kind, snippet syntax, split by file."""

from __future__ import annotations

import json

import pytest

from fastapply.merge import lazy_merge
from fastapply.training.compose import EDIT_KINDS, apply_reps, choose_edit, make_ctx
from fastapply.training.edits import DonorPool
from fastapply.training.snippets import SnippetStyle, is_marker_line, render
from fastapply.training.sources import split_of
from fastapply.training.syntax import parse
from fastapply.training.synth import SynthConfig, generate, main, parse_weights

PY = '''import os
import sys
from typing import Any


class Store:
    """Key/value store."""

    limit = 10

    def __init__(self, path, size=3):
        self.path = path
        self.size = size
        self.items = {}

    def get(self, key, default=None):
        value = self.items.get(key, default)
        if value is None and key != "x":
            return default
        return value

    def put(self, key, value):
        if len(self.items) >= 100:
            raise ValueError("full")
        self.items[key] = value
        return True


def load(path, mode="r"):
    total = 0
    with open(path, mode) as fh:
        for line in fh:
            total = total + len(line)
            if total > 4096:
                break
    return total


def save(path, data):
    count = len(data)
    with open(path, "w") as fh:
        fh.write(data)
    return count
'''

GO = """package store

import (
\t"errors"
\t"fmt"
\t"os"
)

type Store struct {
\tPath string
\tSize int
}

func (s *Store) Get(key string) (string, error) {
\tvalue, ok := s.items[key]
\tif !ok && key != "x" {
\t\treturn "", errors.New("missing")
\t}
\tfmt.Println(value)
\treturn value, nil
}

func Load(path string) (int, error) {
\tdata, err := os.ReadFile(path)
\tif err != nil {
\t\treturn 0, err
\t}
\ttotal := len(data) + 10
\treturn total, nil
}

func Save(path string, data string) error {
\tcount := len(data)
\tfmt.Println(count)
\treturn os.WriteFile(path, []byte(data), 0644)
}
"""

RS = """use std::collections::HashMap;
use std::fs;

pub struct Store {
    path: String,
    size: usize,
}

impl Store {
    pub fn new(path: &str) -> Store {
        let size = 16;
        let store = Store { path: path.to_string(), size };
        store
    }

    pub fn load(&self) -> usize {
        let data = fs::read_to_string(&self.path).unwrap_or_default();
        let total = data.len() + 10;
        if total > 4096 {
            return 0;
        }
        total
    }
}

fn helper(values: &[u32]) -> u32 {
    let mut sum = 0;
    for v in values {
        sum += v;
    }
    println!("sum {}", sum);
    sum
}
"""

JAVA = """package demo;

import java.util.List;
import java.util.Map;

public class Store {
    private int size = 10;

    public Store(int size) {
        this.size = size;
        System.out.println("created");
    }

    public int load(String path) {
        int total = 0;
        for (int i = 0; i < 5; i++) {
            total = total + i;
        }
        if (total > 4096) {
            return 0;
        }
        return total;
    }

    public String name(String prefix) {
        String result = prefix + "store";
        result = result.trim();
        return result;
    }
}
"""

JS = """const fs = require('fs')
const path = require('path')

function load (file, opts) {
  const data = fs.readFileSync(file, 'utf8')
  const total = data.length + 10
  if (total > 4096) {
    return null
  }
  return total
}

class Store {
  constructor (dir) {
    this.dir = dir
    this.size = 3
  }

  get (key) {
    const value = this.items[key]
    if (value === undefined && key !== 'x') {
      return null
    }
    return value
  }
}

function save (file, data) {
  const count = data.length
  fs.writeFileSync(path.join(file, 'out'), data)
  return count
}

module.exports = { load, save, Store }
"""

FILES = {
    "python": (PY, ".py"),
    "go": (GO, ".go"),
    "rust": (RS, ".rs"),
    "java": (JAVA, ".java"),
    "javascript": (JS, ".js"),
}
COMMENT = {"python": "#", "go": "//", "rust": "//", "java": "//", "javascript": "//"}


def _variant(text: str, i: int, lang: str) -> str:
    # Distinct files with the same shape: rename the helper functions per copy.
    return (
        text.replace("load", f"load{i}").replace("save", f"save{i}")
        if lang != "go"
        else text.replace("Load", f"Load{i}").replace("Save", f"Save{i}")
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("src")
    roots = {}
    for lang, (text, ext) in FILES.items():
        d = root / lang
        d.mkdir()
        for i in range(12):
            (d / f"mod{i}{ext}").write_text(_variant(text, i, lang))
        roots[lang] = [str(d)]
    return roots


def _weights():
    return {lang: 1.0 for lang in FILES}


def test_same_seed_same_rows(tree, tokenizer):
    cfg = SynthConfig(n=25, seed=3, max_tokens=2000, weights=_weights(), val_permille=0, per_file=2)
    a = list(generate(cfg, tokenizer, tree))
    b = list(generate(cfg, tokenizer, tree))
    assert len(a) == 25 and a == b
    c = list(
        generate(
            SynthConfig(n=25, seed=4, max_tokens=2000, weights=_weights(), val_permille=0, per_file=2), tokenizer, tree
        )
    )
    assert c != a
    for row in a:
        assert set(row) >= {
            "id",
            "language",
            "source_path",
            "original",
            "snippet",
            "expected",
            "instruction",
            "edit_kind",
        }
        assert row["original"] != row["expected"]


@pytest.mark.parametrize("kind", [k for k in EDIT_KINDS if k != "spread_literals"])  # needs a long scope: below
def test_each_edit_kind(kind):
    made = 0
    for lang, (text, _) in FILES.items():
        pool = DonorPool()
        pool.add_file(parse(_variant(text, 99, lang), lang))
        pool.imports[lang].append(
            {
                "python": "import json",
                "go": '"strings"',
                "rust": "use std::io;",
                "java": "import java.util.Set;",
                "javascript": "const os = require('os')",
            }[lang]
        )
        info = parse(text, lang)
        for seed in range(6):
            op = choose_edit(make_ctx(info, ("t", lang, kind, seed), pool), kind)
            if op is None:
                continue
            assert op.kind == kind or (kind == "add_member" and op.kind == "add_member")
            merged = "".join(apply_reps(info.lines, op.reps))
            assert merged != text, (kind, lang)
            for style_kind in ("function", "context", "minimal"):
                style = SnippetStyle(style_kind, 2, "... existing code ...", False, False, "next")
                snippet = render(text, merged, parse(merged, lang), style)
                markers = [ln for ln in snippet.splitlines() if is_marker_line(ln)]
                for ln in markers:
                    assert ln.strip().startswith(COMMENT[lang] + " ..."), (lang, ln)
                body = [ln for ln in snippet.splitlines() if not is_marker_line(ln)]
                it = iter(merged.splitlines())
                assert all(any(ln == m for m in it) for ln in body), "snippet lines must appear in order"
                if snippet.rstrip("\n") != merged.rstrip("\n"):
                    assert markers, (kind, lang, style_kind)
            made += 1
    assert made >= 2, f"{kind} applied to fewer than 2 (file, seed) pairs"


def test_spread_literals_change_lines_far_apart_so_the_snippet_has_many_markers():
    methods = "".join(
        f'    def m{i}(self):\n        """Doc {i}."""\n        a = {i}\n        b = a * 2\n        return "name{i}"\n\n'
        for i in range(12)
    )
    text = f"class Big:\n{methods}"
    info = parse(text, "python")
    made = 0
    for seed in range(6):
        op = choose_edit(make_ctx(info, ("t", "spread", seed), DonorPool()), "spread_literals")
        if op is None:
            continue
        assert op.kind == "spread_literals"
        merged = "".join(apply_reps(info.lines, op.reps))
        changed = [i for i, (a, b) in enumerate(zip(text.splitlines(), merged.splitlines())) if a != b]
        assert len(changed) >= 2 and min(b - a for a, b in zip(changed, changed[1:])) >= 12, changed
        style = SnippetStyle("context", 3, "... existing code ...", False, False, "next")
        snippet = render(text, merged, parse(merged, "python"), style)
        assert sum(is_marker_line(ln) for ln in snippet.splitlines()) >= len(changed) - 1, snippet  # one per gap
        made += 1
    assert made >= 3


def test_deeply_nested_file_parses():
    # A recursive tree walk hit Python's recursion limit on a generated file (crashed the generator).
    text = "x = " + "[" * 1200 + "]" * 1200 + "\n\ndef f():\n    return 1\n"
    assert [d.name for d in parse(text, "python").funcs()] == ["f"]


def test_block_comment_markers_and_bare():
    lang = "java"
    info = parse(JAVA, lang)
    op = choose_edit(make_ctx(info, ("bc",), DonorPool()), "modify_function")
    merged = "".join(apply_reps(info.lines, op.reps))
    snippet = render(
        JAVA,
        merged,
        parse(merged, lang),
        SnippetStyle("function", 2, "... keep existing code ...", True, False, "next"),
    )
    assert "/* ... keep existing code ... */" in snippet
    bare = render(JAVA, merged, parse(merged, lang), SnippetStyle("bare", 2, "...", False, False, "next"))
    assert not any(is_marker_line(ln) for ln in bare.splitlines())


def test_split_by_file_has_no_overlap(tree, tokenizer):
    kw = dict(n=20, seed=0, max_tokens=2000, weights=_weights(), val_permille=500)
    train = list(generate(SynthConfig(split="train", **kw), tokenizer, tree))
    val = list(generate(SynthConfig(split="val", **kw), tokenizer, tree))
    assert train and val
    assert not {r["source_path"] for r in train} & {r["source_path"] for r in val}
    assert all(split_of(r["source_path"], 500) == "val" for r in val)


def test_token_budget_crops_long_files(tree, tokenizer):
    rows = list(
        generate(
            SynthConfig(n=10, seed=1, max_tokens=150, min_tokens=20, weights=_weights(), val_permille=0),
            tokenizer,
            tree,
        )
    )
    assert rows
    for r in rows:
        assert len(tokenizer(r["original"], add_special_tokens=False).input_ids) <= 150 * 1.1


def test_config_validation():
    with pytest.raises(ValueError):
        SynthConfig(n=0)
    with pytest.raises(ValueError):
        SynthConfig(n=1, split="test")
    with pytest.raises(ValueError):
        SynthConfig(n=1, weights={"cobol": 1.0})
    with pytest.raises(ValueError):
        SynthConfig(n=1, kind_weights={"rewrite_everything": 1.0})
    with pytest.raises(ValueError):
        SynthConfig(n=1, kind_weights={"rename_symbol": -1.0})
    with pytest.raises(ValueError):
        SynthConfig(n=1, kind_weights={k: 0.0 for k in EDIT_KINDS})  # nothing left to draw
    assert parse_weights(" python=.5, go ,") == {"python": 0.5, "go": 1.0}
    with pytest.raises(ValueError):
        parse_weights("python=lots")


def test_kind_weights_steer_the_mix(tree, tokenizer):
    kw = dict(n=24, seed=5, max_tokens=2000, weights=_weights(), val_permille=0)
    only = {k: 0.0 for k in EDIT_KINDS} | {"rename_symbol": 1.0}
    steered = [r["edit_kind"] for r in generate(SynthConfig(kind_weights=only, **kw), tokenizer, tree)]
    default = [r["edit_kind"] for r in generate(SynthConfig(**kw), tokenizer, tree)]
    # Other kinds appear only as fallbacks when a file offers nothing to rename.
    assert steered.count("rename_symbol") >= 20 > default.count("rename_symbol"), (steered, default)


def test_cli_only_roots_draws_from_the_given_trees_alone(tree, tmp_path):
    out = tmp_path / "rows.jsonl"
    root = tree["javascript"][0]
    assert (
        main(
            [
                "--out",
                str(out),
                "--n",
                "3",
                "--languages",
                "javascript",
                "--only-roots",
                "--per-file",
                "2",
                "--max-tokens",
                "2000",
                "--root",
                f"javascript={root}",
                "--kinds",
                "rename_symbol=5",
            ]
        )
        == 0
    )
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows and all(r["source_path"].startswith(root) for r in rows)
    with pytest.raises(SystemExit) as e:
        main(["--out", str(out), "--n", "3", "--kinds", "rewrite_everything=1"])
    assert e.value.code == 2


def test_marker_detection():
    assert is_marker_line("    // ... existing code ...")
    assert is_marker_line("# ...")
    assert is_marker_line("/* ... keep existing code ... */")
    assert not is_marker_line("    x = ...")
    assert not is_marker_line("// see the docs for details")


def test_min_gap_one_marks_a_single_unchanged_line():
    # Mined snippets (the dev set's context3) mark gaps of one line; min_gap=3 keeps such lines as code.
    original = "".join(f"v{i} = {i}\n" for i in range(20))
    merged = original.replace("v5 = 5\n", "v5 = 50\n").replace("v13 = 13\n", "v13 = 130\n")
    info = parse(merged, "python")
    one = render(original, merged, info, SnippetStyle("context", 3, "... existing code ...", False, False, "next", 1))
    three = render(original, merged, info, SnippetStyle("context", 3, "... existing code ...", False, False, "next", 3))
    assert "v9 = 9\n" not in one and "v9 = 9\n" in three  # the one line between the two contexts
    assert sum(is_marker_line(ln) for ln in one.splitlines()) == 3
    assert sum(is_marker_line(ln) for ln in three.splitlines()) == 2


def test_comment_added_above_a_function_is_shown_with_that_function_and_nothing_above_it():
    # Agents write such an edit as the comment plus the function (the function anchors it); the
    # renderer used to pull in the previous function's last lines as an anchor, so the model never
    # saw an addition that starts a snippet segment.
    text = (
        "class Meter {\n  constructor() {\n    this.kwh = 0;\n  }\n\n  add(x) {\n    this.kwh += x;\n"
        "    return this;\n  }\n\n  reset() {\n    this.kwh = 0;\n    return this;\n  }\n}\n"
    )
    merged = text.replace("  add(x) {", "  // Adds x to the meter.\n  add(x) {")
    info = parse(merged, "javascript")
    function = render(text, merged, info, SnippetStyle("function", 3, "... existing code ...", False, False, "next"))
    assert function == (
        "  // ... existing code ...\n  // Adds x to the meter.\n  add(x) {\n    this.kwh += x;\n"
        "    return this;\n  }\n  // ... existing code ...\n"
    )
    bare = render(text, merged, info, SnippetStyle("bare", 3, "... existing code ...", False, False, "next"))
    assert bare == "  // Adds x to the meter.\n  add(x) {\n    this.kwh += x;\n    return this;\n  }\n"
    # Other styles keep an anchor line above the change.
    context = render(text, merged, info, SnippetStyle("context", 2, "... existing code ...", False, False, "next"))
    assert "this.kwh = 0;" in context


METER = (
    "class Meter {\n  constructor() {\n    this.kwh = 0;\n  }\n\n  add(x) {\n    this.kwh += x;\n"
    "    return this;\n  }\n\n  reset() {\n    this.kwh = 0;\n    return this;\n  }\n\n"
    "  get() {\n    return this.kwh;\n  }\n}\n"
)


def test_whole_style_pastes_a_short_file_back_without_markers():
    merged = METER.replace("    this.kwh += x;\n", "    this.kwh += x;\n    log(x);\n")
    whole = SnippetStyle("whole", 3, "... existing code ...", False, False, "next")
    assert render(METER, merged, parse(merged, "javascript"), whole) == merged
    # A long file falls back to the context style: markers, not the whole file.
    long_orig = "".join(f"v{i} = {i}\n" for i in range(200))
    long_merged = long_orig.replace("v50 = 50\n", "v50 = 500\n")
    snippet = render(long_orig, long_merged, parse(long_merged, "python"), whole)
    assert "v50 = 500" in snippet and len(snippet.splitlines()) < 20
    assert sum(is_marker_line(ln) for ln in snippet.splitlines()) == 2


def test_empty_marker_stands_for_no_lines_and_merges_away():
    # Agents write "... existing tests ..." between blocks that are adjacent in the file; the model
    # must drop such a marker (two dev fixtures leak it).
    merged = METER.replace("    this.kwh += x;\n", "    this.kwh += x;\n    log(x);\n").replace(
        "    this.kwh = 0;\n    return this;\n", "    this.kwh = 1;\n    return this;\n"
    )
    info = parse(merged, "javascript")
    plain = SnippetStyle("function", 3, "... existing tests ...", False, False, "next", 1)
    with_empty = SnippetStyle("function", 3, "... existing tests ...", False, False, "next", 1, empty_marker=True)
    without, snippet = render(METER, merged, info, plain), render(METER, merged, info, with_empty)
    assert "  }\n\n  // ... existing tests ...\n\n  reset() {" in snippet
    assert "  }\n\n  reset() {" in without and snippet.count("existing tests") == without.count("existing tests") + 1
    assert lazy_merge(METER, snippet, "javascript").merged == merged
