"""Markdown and HTML documents for the data generator: sections, blocks, prose edits, snippets."""

from __future__ import annotations

import json

from fastapply.merge import lazy_merge
from fastapply.training.compose import apply_reps, choose_edit, make_ctx
from fastapply.training.edits import DonorPool
from fastapply.training.prose import PROSE_OPS, blocks, parse_prose
from fastapply.training.snippets import SnippetStyle, is_marker_line, render
from fastapply.training.syntax import parse
from fastapply.training.synth import main

DOC = """# Project

A tool that keeps the build fast and the tests green.

## Install

Run the installer and check the version it prints.

```bash
# not a heading: inside a fence

make install
```

## Usage

- start the server with the default options
- open the page in a browser window

## License

Released under the MIT license for everyone.
"""

PAGE = """<html>
  <body>
    <h1>Guide</h1>

    <p>Read this guide before the first release of the package.</p>

    <style>
      p { color: red; }
    </style>

    <p>Ask questions on the mailing list or the issue tracker.</p>
  </body>
</html>
"""


def test_sections_and_blocks_respect_fences():
    info = parse(DOC, "markdown")
    assert [(d.name, d.start, d.end, d.depth) for d in info.funcs()] == [
        ("Project", 0, 3, 0),
        ("Install", 4, 13, 1),
        ("Usage", 14, 18, 1),
        ("License", 19, 22, 1),
    ]
    fence = next(b for b in blocks(info.lines) if info.lines[b[0]].startswith("```"))
    assert fence == (8, 13)  # the blank line inside the fence does not split it
    assert parse(PAGE, "html").funcs() == []


def test_every_prose_op_changes_the_document():
    pool = DonorPool()
    pool.add_file(parse_prose("## Extra\n\nMore words about the extra part here.\n", "markdown"))
    for kind, (op_fn, _) in PROSE_OPS.items():
        made = 0
        for seed in range(20):
            op = op_fn(make_ctx(parse(DOC, "markdown"), ("p", kind, seed), pool))
            if op is not None:
                merged = "".join(apply_reps(parse(DOC, "markdown").lines, op.reps))
                assert merged != DOC and op.kind == kind
                made += 1
        assert made, kind


def test_move_section_keeps_every_line():
    for seed in range(40):
        op = PROSE_OPS["move_section"][0](make_ctx(parse(DOC, "markdown"), ("m", seed), DonorPool()))
        if op is not None:
            break
    merged = "".join(apply_reps(DOC.splitlines(keepends=True), op.reps))
    assert sorted(merged.splitlines()) == sorted(DOC.splitlines()) and merged != DOC


def test_html_edits_leave_embedded_css_alone():
    info = parse(PAGE, "html")
    for seed in range(30):
        op = choose_edit(make_ctx(info, ("h", seed), DonorPool()))
        assert op is not None
        for start, end, new in op.reps:
            assert not any("{" in ln for ln in new) and "color" not in "".join(info.lines[start:end])


def test_function_style_shows_whole_sections_with_html_comment_markers():
    merged = DOC.replace(
        "- open the page in a browser window\n", "- open the page in a browser window\n- stop it with Ctrl-C\n"
    )
    snippet = render(
        DOC,
        merged,
        parse(merged, "markdown"),
        SnippetStyle("function", 2, "... existing sections ...", False, False, "next"),
    )
    assert snippet == (
        "<!-- ... existing sections ... -->\n## Usage\n\n- start the server with the default options\n"
        "- open the page in a browser window\n- stop it with Ctrl-C\n\n"
        "## License\n<!-- ... existing sections ... -->\n"
    )  # the next heading anchors the end
    assert lazy_merge(DOC, snippet, "markdown").merged == merged


def test_synth_cli_writes_markdown_rows(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(20):
        (docs / f"doc{i}.md").write_text(DOC.replace("Project", f"Project {i}").replace("MIT", f"MIT-{i}"))
    out = tmp_path / "rows.jsonl"
    assert (
        main(["--out", str(out), "--n", "5", "--languages", "markdown", "--only-roots", "--root", f"markdown={docs}"])
        == 0
    )
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 5 and all(r["language"] == "markdown" and r["expected"] != r["original"] for r in rows)
    for r in rows:
        assert all(not is_marker_line(ln) for ln in r["expected"].splitlines())
