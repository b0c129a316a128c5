"""A rename the instruction states, made on the original before the snippet is placed."""

from fastapply.merge.repair.instructed import instruction_not_applied
from fastapply.merge.repair.renames import needs_rename, stated_rename

GO = """package env

func isTrue(s string) bool {
	b, _ := strconv.ParseBool(s)
	return b
}

func gather(tag string) bool {
	if isTrue(tag) {
		return true
	}
	return false
}

func process(req string) {
	// isTrue reads the tag
	if isTrue(req) {
		panic(req)
	}
}
"""
SNIPPET = "func parseBoolTag(s string) bool {\n// ...\n\tif parseBoolTag(req) {\n"


def test_the_rename_is_made_everywhere_the_old_name_stands_as_a_whole_word():
    found = stated_rename(GO, SNIPPET, "Rename the isTrue helper to parseBoolTag and update its callers.", "go")
    assert found is not None and found.renames == (("isTrue", "parseBoolTag"),) and found.places == 4
    assert "isTrue" not in found.text and found.text.count("parseBoolTag") == 4


def test_a_rename_the_inputs_do_not_bear_out_is_not_made():
    ask = "Rename the isTrue helper to parseBoolTag."
    assert stated_rename(GO, "func isTrue2() {}\n", ask, "go") is None  # the snippet never says the new name
    assert stated_rename(GO.replace("gather", "parseBoolTag"), SNIPPET, ask, "go") is None  # it names another thing
    assert stated_rename(GO, SNIPPET, "Rename the Helpers section to Parsing.", "go") is None  # prose


def test_in_name_keeps_the_rename_inside_that_definition():
    found = stated_rename(GO, "\tif parseBoolTag(req) {\n", "In process, rename isTrue to parseBoolTag.", "go")
    assert found is not None and found.places == 2  # the comment and the call in process only
    assert "func isTrue(s string)" in found.text and "\tif isTrue(tag) {" in found.text


def test_a_literal_merge_that_renamed_every_place_needs_no_rename():
    found = stated_rename(GO, SNIPPET, "Rename isTrue to parseBoolTag.", "go")
    assert found is not None
    assert not needs_rename(found, GO.replace("isTrue", "parseBoolTag"), True)
    assert needs_rename(found, GO, True) and needs_rename(found, None, False)


PAGE = """<html>
<body>
  <div class="alert">Enable JavaScript.</div>
  <button onclick="alert = null">x</button>
  <script>
    var alert = document.getElementById("a");
    alert.hidden = true;
  </script>
</body>
</html>
"""


def test_in_an_html_page_the_rename_is_made_in_its_scripts_not_its_markup():
    found = stated_rename(PAGE, "    var alertBox = null;\n", "Rename `alert` to `alertBox`.", "html")
    assert found is not None and found.places == 3  # the handler and the two script lines
    assert '<div class="alert">' in found.text and "alertBox.hidden = true;" in found.text
    assert '<button onclick="alertBox = null">' in found.text


def test_the_markup_keeping_the_old_word_is_no_rename_left_undone():
    renamed = PAGE.replace("var alert", "var alertBox").replace("alert.hidden", "alertBox.hidden")
    renamed = renamed.replace('onclick="alert', 'onclick="alertBox')
    assert instruction_not_applied(PAGE, renamed, "Rename `alert` to `alertBox`.", [], "html") == ()
    assert instruction_not_applied(PAGE, PAGE, "Rename `alert` to `alertBox`.", [], "html") == ("alert",)


def test_worked_examples():
    import doctest

    from fastapply.merge.repair import renames

    assert doctest.testmod(renames).failed == 0


def test_a_field_renamed_keeps_the_method_of_the_same_name():
    original = (
        "class Directory {\n"
        "  private int entryCount;\n"
        "\n"
        "  public int entryCount() {\n"
        "    return entryCount;\n"
        "  }\n"
        "\n"
        "  public boolean isEmpty() {\n"
        "    return entryCount() == 2;\n"
        "  }\n"
        "\n"
        "  void put() {\n"
        "    entryCount++;\n"
        "  }\n"
        "}\n"
    )
    snippet = (
        "class Directory {\n  private int size;\n\n  public int entryCount() {\n    return size;\n  }\n// ...\n}\n"
    )
    instruction = "Rename the private entryCount field to size everywhere it is used; keep the entryCount() method."
    found = stated_rename(original, snippet, instruction, "java")
    assert "return entryCount() == 2;" in found.text and "    size++;" in found.text
    assert found.places == 3
    assert not needs_rename(found, found.text, True)  # the method's name is no rename left undone


def test_a_qualified_name_renames_its_member_where_the_file_declares_it():
    from fastapply.apply.deterministic import checked_merge, prepare
    from fastapply.apply.request import ApplyRequest
    from fastapply.merge import flags

    original = (
        "pub(crate) enum ErrorKind {\n    /// Some other error.\n    ParseOther,\n    Nil,\n}\n\n"
        "impl fmt::Display for Error {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n"
        '        match self.0 {\n            ErrorKind::Nil => write!(f, "nil"),\n'
        '            ErrorKind::ParseOther => write!(f, "failed to parse a UUID"),\n        }\n    }\n}\n'
    )
    snippet = (
        "// ... existing code (rename the `ParseOther` variant of ErrorKind to `ParseUnknown` as well) ...\n\n"
        "impl fmt::Display for Error {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n"
        '        match self.0 {\n            ErrorKind::Nil => write!(f, "nil"),\n'
        '            ErrorKind::ParseUnknown => write!(f, "failed to parse a UUID: unknown error"),\n'
        "        }\n    }\n}\n"
    )
    request = ApplyRequest(
        original, snippet, "Rename ErrorKind::ParseOther to ParseUnknown in error.rs.", path="error.rs"
    )
    merged, warnings = checked_merge(request, prepare(request))
    expected = original.replace("ParseOther", "ParseUnknown").replace('UUID")', 'UUID: unknown error")')
    assert merged == expected and not flags(warnings)


PHP = """<?php
class Pipes
{
    private ?string $lastError = null;

    protected function interrupted(): bool
    {
        $lastError = $this->lastError;
        $this->lastError = null;

        return null !== $lastError;
    }

    public function handleError(int $type, string $msg): void
    {
        $this->lastError = $msg;
    }
}
"""


def test_a_php_property_is_renamed_where_it_stands_not_in_a_local_of_the_same_name():
    ask = "Rename the private property $lastError to $lastErrorMessage; the local $lastError can stay."
    snippet = "    private ?string $lastErrorMessage = null;\n    // ... existing code ...\n"
    found = stated_rename(PHP, snippet, ask, "php")
    assert found is not None and found.places == 4
    assert "private ?string $lastErrorMessage = null;" in found.text
    assert "        $lastError = $this->lastErrorMessage;" in found.text
    assert "return null !== $lastError;" in found.text and "$this->lastErrorMessage = $msg;" in found.text
    assert instruction_not_applied(PHP, found.text, ask, snippet.splitlines(), "php") == ()


MONEY = """<?php
final class Money
{
    public function multiply($m, $mode)
    {
        return $this->round(Calc::multiply($this->amount, $m), $mode);
    }

    public function divide($d, $mode)
    {
        return $this->round(Calc::divide($this->amount, $d), $mode);
    }

    private function round(string $amount, int $mode): string
    {
        return Calc::round($amount, $mode);
    }
}
"""


def test_a_rename_whose_callers_are_listed_is_made_in_each_and_in_the_header_not_in_the_body():
    ask = "Rename the private round() helper to roundAmount() and update its callers in multiply() and divide()."
    snippet = "    private function roundAmount(string $amount, int $mode): string\n    {\n        // ...\n    }\n"
    found = stated_rename(MONEY, snippet, ask, "php")
    assert found is not None and found.places == 3
    assert found.text.count("$this->roundAmount(") == 2 and "private function roundAmount(" in found.text
    assert "return Calc::round($amount, $mode);" in found.text


RUBY = """class Node
  def set_input(value)
    if text_or_password? && limited?
      value = value[0, limit]
    end
    write(value)
  end

  def checkbox?
    input_field? && type == 'checkbox'
  end

  def text_or_password?
    input_field? && %w[text password].include?(type)
  end
end
"""


def test_a_predicate_s_rename_and_its_caller_in_a_named_method_rename_the_definition_too():
    """ "rename text_or_password? to text_like? and update its caller in set_input": the caller's
    method says where the call is, not where the rename stops; a Ruby name keeps its "?"."""
    snippet = "  def text_like?\n    input_field? && %w[text password email].include?(type)\n  end\nend\n"
    ask = "Rename the predicate text_or_password? to text_like?, cover email too, and update its caller in set_input."
    found = stated_rename(RUBY, snippet, ask, "ruby")
    assert found is not None and found.places == 2
    assert "text_or_password?" not in found.text and "  def text_like?\n" in found.text


CSHARP = """class FakeManager : IFakeCallProcessor
{
    void IFakeCallProcessor.Process(InterceptedFakeObjectCall call)
    {
        var completed = call.ToCompletedCall();
        this.RecordCall(completed);
    }

    private void ApplyBestRule(IInterceptedFakeObjectCall call)
    {
        if (bestUserRule is not null)
        {
            bestUserRule.RecordCall();
        }
    }

    private void RecordCall(CompletedFakeObjectCall call)
    {
        this.calls.Add(call);
    }
}
"""


def test_a_call_site_in_a_qualified_method_scopes_the_rename_there_and_to_its_header():
    """ "update its call site in IFakeCallProcessor.Process", with another type's RecordCall
    named as staying: the qualified place is the method Process. The rename is made there and in
    the renamed method's header, not in ApplyBestRule's call of the other RecordCall."""
    asked = (
        "Rename the private FakeManager.RecordCall method to RecordCompletedCall and update its call site "
        "in IFakeCallProcessor.Process. (CallRuleMetadata.RecordCall is a different method and stays as is.)"
    )
    snippet = "    private void RecordCompletedCall(CompletedFakeObjectCall call)\n    {\n        // ...\n    }\n"
    found = stated_rename(CSHARP, snippet, asked, "csharp")
    assert found is not None
    assert "private void RecordCompletedCall(" in found.text and "this.RecordCompletedCall(completed);" in found.text
    assert "bestUserRule.RecordCall();" in found.text
    assert instruction_not_applied(CSHARP, found.text, asked, snippet.splitlines(), "csharp") == ()


CROUTINE = """static void prvCheckDelayedList( void );

static void prvCheckDelayedList( void )
{
    xPassedTicks = xTaskGetTickCount() - xLastTickCount;
}

void vCoRoutineSchedule( void )
{
    prvCheckDelayedList();
}
"""


def test_a_rename_made_everywhere_in_a_named_file_reaches_the_prototype():
    """ "everywhere in croutine.c: its prototype, its definition, and the call in
    vCoRoutineSchedule()": the file is no definition, and "everywhere" is the whole file."""
    asked = (
        "Rename the static function prvCheckDelayedList to prvProcessDelayedList everywhere in croutine.c: "
        "its prototype near the top of the file, its definition, and the call in vCoRoutineSchedule()."
    )
    snippet = "static void prvProcessDelayedList( void )\n{\n    /* ... */\n}\n"
    found = stated_rename(CROUTINE, snippet, asked, "c")
    assert found is not None and "prvCheckDelayedList" not in found.text
    kept_prototype = found.text.replace(
        "static void prvProcessDelayedList( void );", "static void prvCheckDelayedList( void );"
    )
    assert instruction_not_applied(CROUTINE, kept_prototype, asked, snippet.splitlines(), "c") == (
        "prvCheckDelayedList",
    )


CANVAS = """function CanvasImpl({ children }: Props) {
  return <div>{children}</div>
}

export function Canvas(props: Props) {
  return (
    <Provider>
      <CanvasImpl {...props} />
    </Provider>
  )
}
"""


def test_its_use_in_a_definition_is_a_caller_so_the_renamed_definition_is_renamed_too():
    """ "Rename CanvasImpl to CanvasInner (its definition and its use in Canvas)": "use in Canvas"
    says where the use is, not that the rename stays inside Canvas."""
    asked = "Rename CanvasImpl to CanvasInner (its definition and its use in Canvas)."
    snippet = "// ... existing code ...\n\nexport function Canvas(props: Props) {\n  return (\n    <Provider>\n      <CanvasInner {...props} />\n"
    found = stated_rename(CANVAS, snippet, asked, "tsx")
    assert found is not None and "CanvasImpl" not in found.text
