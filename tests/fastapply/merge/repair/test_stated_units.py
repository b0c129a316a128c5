"""What a stated deletion removes: the named thing as a whole word, with its doc comment and
attributes, its users that the snippet does not show, and a name the file defines once even when
the instruction writes it in lower case or as a generic type."""

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags


def _served(original, snippet, instruction, path):
    """The merge's answer after its checks and repairs, and the flags on it."""
    request = ApplyRequest(original, snippet, instruction, path=path)
    merged, warnings = checked_merge(request, prepare(request))
    return merged, flags(warnings)


RUST = """use std::fmt;

/// Plain bytes.
#[derive(Debug)]
pub struct DecimalBytes(pub u64);

/// Bytes with binary prefixes.
///
/// ```
/// let b = BinaryBytes(15);
/// ```
#[derive(Debug)]
pub struct BinaryBytes(pub u64);

/// Counts.
#[derive(Debug)]
pub struct HumanCount(pub u64);

impl fmt::Display for DecimalBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for BinaryBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} B", self.0)
    }
}

impl fmt::Display for HumanCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
impl DecimalBytes {
    pub fn value(&self) -> u64 {
        self.0
    }

    pub fn doubled(&self) -> u64 {
        self.0 * 2
    }

    pub fn halved(&self) -> u64 {
        self.0 / 2
    }
}

impl HumanCount {
    pub fn value(&self) -> u64 {
        self.0
    }

    pub fn is_zero(&self) -> bool {
        self.0 == 0
    }
}
"""


def test_a_type_goes_with_its_doc_comment_attributes_and_impl():
    snippet = "#[derive(Debug)]\npub struct DecimalBytes(pub u64);\n\n// ... existing code ...\n\n/// Counts.\n#[derive(Debug)]\npub struct HumanCount(pub u64);\n\n// ... existing code ...\n"
    merged, flagged = _served(RUST, snippet, "Remove the BinaryBytes type and its Display impl.", "f.rs")
    assert "BinaryBytes" not in merged and "binary prefixes" not in merged and not flagged
    assert merged.count("#[derive(Debug)]") == 2 and "impl fmt::Display for HumanCount" in merged


GO = """package color

// FgHiBlack is a hi-intensity color.
const FgHiBlack = 90

// HiBlack prints in hi-intensity black.
func HiBlack(s string) { print(FgHiBlack, s) }

// HiBlackString returns s in hi-intensity black.
func HiBlackString(s string) string { return wrap(FgHiBlack, s) }
"""


def test_a_name_is_matched_as_a_whole_word():
    snippet = "// HiBlackString returns s in hi-intensity black.\nfunc HiBlackString(s string) string { return wrap(FgHiBlack, s) }\n"
    merged, flagged = _served(GO, "// ... existing code ...\n\n" + snippet, "Remove the HiBlack print helper.", "c.go")
    assert "const FgHiBlack = 90" in merged  # not the constant whose name holds "HiBlack"
    assert "func HiBlack(" not in merged or flagged


PY = '''import re


def object_type_repr(obj):
    return type(obj).__name__


def pformat(obj):
    """Format an object."""
    from pprint import pformat

    return pformat(obj)


_http_re = re.compile(r"^https?://")
'''


def test_a_lower_case_name_the_file_defines_once_is_a_name():
    snippet = 'def object_type_repr(obj):\n    return type(obj).__name__\n\n\n# ... existing code ...\n\n\n_http_re = re.compile(r"^https?://")\n'
    merged, flagged = _served(PY, snippet, "Remove the pformat helper; nothing uses it.", "u.py")
    assert "def pformat" not in merged and not flagged
    assert "\n\n\n_http_re" in merged and "\n\n\n\n" not in merged  # two blank lines stay two


RS = """pub struct Method(u8);

impl Default for Method {
    fn default() -> Method {
        Method(0)
    }
}

impl From<&Method> for Method {
    fn from(t: &Method) -> Self {
        Method(t.0)
    }
}

impl Method {
    pub fn get() -> Method {
        Method(1)
    }
}
"""


def test_a_generic_type_in_the_instruction_names_its_impl():
    snippet = "impl Default for Method {\n    fn default() -> Method {\n        Method(0)\n    }\n}\n\n// ... existing code ...\n\nimpl Method {\n    // ... existing code ...\n"
    merged, flagged = _served(RS, snippet, "Remove the From<&Method> for Method impl; callers can clone.", "m.rs")
    assert "From<&Method>" not in merged and "impl Method {" in merged and "impl Default" in merged
    assert not flagged


CC = """int Set::Add(const char* pattern, std::string* error) {
  if (compiled_) {
    LOG(DFATAL) << "Set::Add() called after compiling";
    return -1;
  }

  Regexp* re = Parse(pattern);
  if (re == NULL) {
    if (error != NULL)
      *error = "bad";
    return -1;
  }
  return 0;
}
"""


def test_the_place_an_instruction_names_is_not_what_it_replaces():
    snippet = "int Set::Add(const char* pattern, std::string* error) {\n  // ...\n  Regexp* re = Parse(pattern);\n  if (re == nullptr) {\n    if (error != nullptr)\n  // ...\n}\n"
    merged, _ = _served(CC, snippet, "Use nullptr instead of NULL in Set::Add.", "s.cc")
    assert "if (compiled_) {" in merged  # "Set::Add" in a string literal is no occurrence to remove


def test_a_named_member_goes_alone_not_the_unshown_class_around_it():
    original = (
        "public class Options\n{\n    public int Timeout { get; set; } = 10;\n\n    public class Inner\n    {\n"
        "        /// <summary>\n        /// Whether Expect: 100-continue is sent.\n        /// </summary>\n"
        "        public bool? Expect100Continue { get; set; } = null;\n\n        public int Retries { get; set; } = 3;\n"
        "    }\n}\n"
    )
    snippet = (
        "public class Options\n{\n    public int Timeout { get; set; } = 30;\n\n    // ... rest unchanged ...\n}\n"
    )
    ask = "Raise the timeout to 30 and remove the Expect100Continue option (with its doc comment)."
    merged, flagged = _served(original, snippet, ask, "O.cs")
    gone = "        /// <summary>\n        /// Whether Expect: 100-continue is sent.\n        /// </summary>\n"
    gone += "        public bool? Expect100Continue { get; set; } = null;\n\n"
    assert merged == original.replace("= 10;", "= 30;").replace(gone, "") and not flagged


def test_units_worked_examples():
    """A CSS rule defines its own selectors, not the ones its combinators name; a generic return
    type before a method's name is no combinator."""
    import doctest

    from fastapply.merge.repair import units

    assert doctest.testmod(units).failed == 0


def test_a_css_rule_defines_its_selector_and_not_one_its_combinator_names():
    from fastapply.merge.repair.units import defines

    rules = ["summary {", "  cursor: pointer;", "}", "details[open] > summary {", "  margin: 0;", "}"]
    assert defines(rules, (0, 2), "summary") and not defines(rules, (3, 5), "summary")


GO_RETRY = """package lo

func Attempt(maxIteration int, f func(index int) error) (int, error) {
	var err error

	for i := 0; maxIteration <= 0 || i < maxIteration; i++ {
		// for retries >= 0 {
		err = f(i)
		if err == nil {
			return i + 1, nil
		}
	}

	return maxIteration, err
}

func Other() int {
	return 1
}
"""


def test_a_comment_line_quoted_whole_is_that_line_not_the_block_it_stands_in():
    """ "drop the stale `// for retries >= 0 {` comment": the comment goes, the loop stays."""
    snippet = "// ... existing code ...\n\nfunc Other() int {\n\treturn 2\n}\n"
    instruction = (
        "Make Other return 2. While there, drop the stale `// for retries >= 0 {` comment inside Attempt's loop."
    )
    merged, codes = _served(GO_RETRY, snippet, instruction, "retry.go")
    assert merged == GO_RETRY.replace("\t\t// for retries >= 0 {\n", "").replace("return 1", "return 2")
    assert not codes


OBSERVER = """export function observe(element: Element, onMove: () => void) {
  let io: IntersectionObserver | null = null;

  function refresh() {
    cleanup();

    const rect = element.getBoundingClientRect();
    onMove();
  }

  // Older browsers throw on a document root.
  try {
    io = new IntersectionObserver(refresh, { root: element.ownerDocument });
  } catch (_e) {
    io = new IntersectionObserver(refresh);
  }

  return () => io?.disconnect();
}
"""


def test_a_catch_binding_named_for_removal_is_edited_in_its_line_not_removed_with_its_statement():
    """ "drop the unused `_e` binding from the catch": the catch's parameter is part of a line; the
    try statement around it is not the thing to remove. The merge may leave the binding (flagged),
    never serve the file without the try."""
    snippet = (
        "export function observe(element: Element, onMove: () => void) {\n  // ... existing code ...\n\n"
        "  function refresh() {\n    cleanup();\n\n    if (!element.isConnected) {\n      return;\n    }\n\n"
        "    const rect = element.getBoundingClientRect();\n    // ... existing code ...\n  }\n\n  // ... existing code ...\n}\n"
    )
    asked = "Return early from refresh when the element is detached, and drop the unused `_e` binding from the catch."
    merged, flagged = _served(OBSERVER, snippet, asked, "observe.ts")
    assert "io = new IntersectionObserver(refresh, { root" in merged or flagged


ALERT = """export interface AlertProps {
  title?: React.ReactNode;
  closable?: boolean;
  /** @deprecated please use `closable.closeIcon` instead. */
  closeText?: React.ReactNode;
  closeIcon?: React.ReactNode;
}

const Alert = (props: AlertProps) => {
  const {
    title,
    closable,
    closeText,
    closeIcon,
    ...otherProps
  } = props;

  const isClosable = React.useMemo(() => {
    if (closeText) {
      return true;
    }
    return !!closable;
  }, [closeText, closable]);

  return <div {...otherProps}>{title}</div>;
};
"""


def test_an_entry_of_a_destructuring_named_for_removal_goes_alone():
    """ "remove closeText from the props destructuring" (left under a marker): its own line goes,
    not the whole ``const { ... } = props`` declaration that holds it."""
    snippet = (
        "export interface AlertProps {\n  title?: React.ReactNode;\n  closable?: boolean;\n"
        "  closeIcon?: React.ReactNode;\n}\n\nconst Alert = (props: AlertProps) => {\n  // ... existing code ...\n\n"
        "  const isClosable = React.useMemo(() => {\n    return !!closable;\n  }, [closable]);\n\n  // ... existing code ...\n};\n"
    )
    asked = (
        "Drop the deprecated closeText prop from Alert entirely: remove it from AlertProps, from the props "
        "destructuring in Alert, and from the isClosable logic and its dependency array."
    )
    merged, flagged = _served(ALERT, snippet, asked, "alert.tsx")
    assert "  } = props;" in merged and "    closeIcon," in merged or flagged
    assert "closeText" not in merged or flagged


SHOOTER = """export class Screenshotter {
  private _page: Page;
  private _queue: TaskQueue;

  constructor(page: Page) {
    this._page = page;
    this._queue = new TaskQueue();
  }

  shot() {
    return this._queue.run(() => this._page.take());
  }
}
"""


def test_a_statement_quoted_without_its_semicolon_is_that_line():
    """ "drop the redundant this._queue = new TaskQueue() from the constructor": the quoted
    statement is its line (its ";" aside), not the constructor that holds it."""
    snippet = "export class Screenshotter {\n  // ... existing code ...\n\n  shot() {\n    return this._queue.run(() => this._page.take());\n  }\n}\n"
    asked = "Also drop the redundant this._queue = new TaskQueue() from the Screenshotter constructor."
    merged, flagged = _served(SHOOTER, snippet, asked, "shooter.ts")
    assert "    this._page = page;\n" in merged or flagged
