"""What an instruction's words name: the code a removal, a replacement, a rename or a move is
about, read from the wording alone (no file): backticked spans, code-like names, "the Foo helper",
"the Media Queries section", a list after a colon, and what "delete the helper" points back to.
``instructed`` checks the merged file against them."""

from __future__ import annotations

import re

from fastapply.merge.text.normal import whole_word

# Written in lower case or capitalised: an upper-case DROP or DELETE is a quoted keyword (SQL), not the
# instruction's verb.
# (after "that", "which" or "who" the verb says what code does: "add stopall() that removes every tween";
# so it does after "should", "must" or "will": "destroy() should also drop the listeners"; a word in
# backticks or of a hyphenated compound is a name or an adjective: "`remove` returns", "drop-null")
DELETE_VERB = re.compile(
    r"(?<!\bthat )(?<!\bwhich )(?<!\bwho )(?<!(?<!\b[Yy]ou )(?<!\b[Ww]e )\bshould )"
    r"(?<!(?<!\b[Yy]ou )(?<!\b[Ww]e )\bshould also )(?<!(?<!\b[Yy]ou )(?<!\b[Ww]e )\bmust )(?<!\bwill )(?<!\bwill also )(?<![.:$`-])\b("
    + "|".join(f"[{w[0].upper()}{w[0]}]{w[1:]}" for w in ("removes?", "deletes?", "drops?", "get rid of", "strip out"))
    + r")\b(?![`-])"
)
_IDENTIFIER = re.compile(
    r"`([^`]+)`|(/[\w\-./:{}]*\w|[A-Za-z_$][\w$]*<[^<>\s]+>|[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*(?:\(\))?)"
)  # a generic type ("From<&Method>") is as much a name as a call


_KIND_NOUN = re.compile(
    r"\b([A-Za-z_$][\w$]*)\s+(?:method|function|func|class|entry|import|field|propert(?:y|ie)|"
    r"option|route|struct|constant|hook|component|prop|helper|getter|setter|accessor|"
    r"attribute|variable|macro|module|endpoint|case|branch|overload|impl|trait|enum|interface|decorator)(?:e?s)?\b"
)
_TITLED = re.compile(
    DELETE_VERB.pattern + r"\s+the\s+((?:[A-Z][\w-]*\s+){2,3})"
    r"(?:section|block|group|entry|rule|comment|note|heading|example|demo|panel|card|item|link|"
    r"button)s?\b"
)
_OBJECT = re.compile(DELETE_VERB.pattern + r"\s+((?:\S+\s+){0,3}\S+)")
# "replace X with Y", "X instead of Y" / "rather than Y": the old thing goes too.
_REPLACED = re.compile(
    r"\breplac(?:e|es|ing)\s+((?:\S+\s+){0,3}?\S+?)\s+(?:with|by)\b|\b(?:instead\s+of|rather\s+than)\s+(?:(?:the|a|an)\s+)?((?:[^\s,;]+\s+){0,2}[^\s,;]+)",  # not past the clause
    re.I,
)
_PLACE_NAMES = "in|inside|within|from"
_PLACE_WORD = rf"\s(?:{_PLACE_NAMES})\s+(?:the\s+)?"
_PLACE = re.compile(_PLACE_WORD + r"\S+")
# text right before a place: "from `.main.menu`", "before header_filter's final `end`"
PLACE_WORDS = rf"{_PLACE_NAMES}|before|after|above|below"  # the words a place follows
_AT_PLACE = re.compile(rf"\s(?:{PLACE_WORDS})\s+(?:the\s+)?(?:[\w'.!-]+\s+){{0,3}}\(?$")


def masked_quotes(text: str) -> str:
    """``text`` with each backticked span's inside written over, same length, so that the
    punctuation of quoted code ends no clause or phrase.

    >>> masked_quotes("remove the `a, b = f()` line")
    'remove the `xxxxxxxxxx` line'
    """
    return re.sub(r"`[^`\n]*`", lambda quoted: "`" + "x" * (len(quoted.group(0)) - 2) + "`", text)


def says_place(text: str) -> bool:
    """Whether the text says where something is ("in f", "from `.main.menu`", "In age, ...")."""
    return re.search(_PLACE_WORD + r"\S", " " + text, re.I) is not None


_CONSTANT = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{5,}$")  # TIMEOUT, MAX_RETRIES


def asks_removal(instruction: str) -> bool:
    """Whether the instruction asks for code to go: removed, deleted, dropped, or replaced."""
    return asks_deletion(instruction) or bool(_replaced(instruction)) or bool(replace_verbs(instruction))


def asks_deletion(instruction: str) -> bool:
    """Whether the instruction asks for code to go without a replacement: removed, deleted, dropped."""
    return bool(instruction) and DELETE_VERB.search(instruction) is not None


def _replaced(instruction: str) -> str:
    """The words naming what a "replace X with Y" / "instead of X" instruction replaces."""
    return " ".join(next(filter(None, m.groups()), "") for m in replacements(instruction))


_CONDITION = re.compile(r"\b(?:when|whenever|unless)\b", re.I)


# a message the instruction quotes: words in quotes with a space among them ('instead of match()')
_MESSAGE = re.compile(r"(?<![\w'])'[^'\n]*\s[^'\n]*'(?![\w'])" + r'|"[^"\n]*\s[^"\n]*"')


def replacements(instruction: str) -> list[re.Match]:
    """The "replace X with Y" / "instead of X" phrases of an instruction, but for an "instead of X"
    whose sentence sets a condition before it ("return the text right away when no style was applied,
    instead of going through generateString"): X still runs where the condition does not hold.

    >>> [m.group(2) for m in replacements("Draw rounded rectangles instead of fillRect.")]
    ['fillRect.']
    >>> replacements("Return early when nothing is set, instead of going through render.")
    []
    >>> replacements("The hint says 'call containsMatch() instead of match()'; fix the message.")
    []
    """
    found = []
    messages = [m.span() for m in _MESSAGE.finditer(instruction)]
    for match in _REPLACED.finditer(instruction):
        if any(a < match.start() < b for a, b in messages):
            continue  # "the hint says 'instead of match()'": words of a quoted message, not the edit's
        sentence = re.split(r"[.;!?](?:\s|$)", masked_quotes(instruction[: match.start()]))[-1]
        if match.group(2) is not None and _CONDITION.search(sentence):
            continue
        if match.group(1) is not None and _ABLE_TO.search(instruction[: match.start()]):
            continue  # "allow hooks to replace X with Y": what edited code may do
        found.append(match)
    return found


_PACKAGES = re.compile(
    r"(?:the\s+)?([@\w][\w@/.-]*(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)[@\w][\w@/.-]*)*)\s+"
    r"(?:dependency|dependencies|packages?|crates?|gems?|modules?)(?![\w-])",
    re.I,
)
_KEEPS = re.compile(r"[,;]?\s+(?:and|but)\s+(?:keep|leave|retain|preserve)s?\b|[,;]\s*(?:keep|leave)s?\b", re.I)
# "delete it and call completeWithFailure directly": a new clause with its own verb, not a second object
_THEN_DOES = re.compile(
    r"[,;]?\s+(?:and|then)\s+(?:call|use|pass|make|add|update|return|rename|inline|change|set|put|write|"
    r"invoke|throw|raise|emit|point|route|forward|delegate)s?\b",
    re.I,
)
# "print X instead of the CancellationException failure": a name before a noun for what code gives
# describes a value, it names no code to replace
_DESCRIBED = re.compile(
    r"\b[A-Za-z_$][\w$.]*\s+(?:failures?|errors? messages?|messages?|text|output|results?|values?|labels?|strings?)\b"
)
_COUNTED = re.compile(r"(?:those|these|the|all)\s+(?:two|three|four|five|six|\d+)\s", re.I)


def named(instruction: str, defined: frozenset[str] = frozenset()) -> list[str]:
    """Code-like names right after a deletion verb (the thing removed, within four words):
    backticked spans (only those, when the removal's clause quotes any), calls,
    dotted/underscored/camelCase words.

    >>> named("Also remove the `margin-top` from `.main.menu`.")
    ['margin-top']
    >>> named("Remove the blank line before header_filter's final `end`.")
    []
    >>> named("Render the overlay with JSX instead, and drop those two propTypes.")
    []
    >>> named("The deprecation period is over, so remove the is-promise and depd dependencies.")
    ['is-promise', 'depd']
    >>> named("Remove the package-level hexVar helper.")  # a kind of helper, no package
    ['hexVar']
    >>> named("Drop the createPump(InputStream, OutputStream, boolean) overload.")  # a signature's types stay
    ['createPump']
    >>> named("Remove init(prepend:child:) and keep init(prependedMessage:child:).")  # what is kept stays
    []
    >>> named("Inline run_it(): delete it and call do_run directly.")  # a new clause, not an object
    ['run_it']
    >>> named("Print 'Cancelled' instead of the CancellationException failure.")  # a value described
    []
    """
    # What the removal clause quotes is exactly what goes: `matchErr = nil`, not every matchErr.
    quoted = [
        q.group(1)
        for clause in removal_clauses(instruction)
        for q in re.finditer(r"`([^`]+)`", clause)
        if not _AT_PLACE.search(clause[: q.start()])  # "the `margin-top` from `.main.menu`": a place
    ]
    if quoted:
        return [q.removesuffix("()") for q in quoted]
    names = []
    instruction = _signatures_dropped(instruction)
    # "drop those two propTypes": a count of things of a kind, pointed back to, not the name itself
    # "remove X and keep Y": what is kept is not what goes
    removed = [
        _THEN_DOES.split(_KEEPS.split(match.group(2))[0])[0]
        for match in _OBJECT.finditer(instruction)
        if not _COUNTED.match(match.group(2))
    ]
    objects = " ".join([*removed, _DESCRIBED.sub(" ", _replaced(instruction)), _listed(instruction)])
    objects = _PLACE.sub(" ", objects)  # "NULL in RE2::Set::Add", "x from __init__": the place is not what goes
    for ticked, word in _IDENTIFIER.findall(objects):
        token = ticked or word
        if ticked or token.endswith("()") or re.search(r"[_.$:/<]|[a-z][A-Z]|->", token) or _CONSTANT.match(token):
            names.append(token.removesuffix("()"))
            member = re.split(r"::|->|\.", token.removesuffix("()"))[-1]
            if member != names[-1] and re.search(r"_|[a-z][A-Z]", member):
                names.append(member)  # Route::getCallableResolver: the file says getCallableResolver
    # "delete the @-o-keyframes blocks and the -moz-animation declarations": vendor-prefixed CSS
    names += _VENDOR.findall(objects)
    # 'remove "--strict" from the completion list': a string the file holds, quoted as code
    names += [q for clause in removal_clauses(instruction) for q in _QUOTED_FLAG.findall(clause)]
    # "the Push method", "the pformat helper" (a name the file defines once), not "the demo route";
    # "the obsolete Error and WriteBuffer properties": each name of a list before the kind
    names += [w for w in _KIND_NOUN.findall(objects) + _kind_listed(instruction) if w[:1].isupper() or w in defined]
    names += [" ".join(m.group(2).split()) for m in _TITLED.finditer(instruction)]  # "the Media Queries section"
    # "remove the is-promise and depd dependencies": packages, named as their manifests write them
    for verb in DELETE_VERB.finditer(instruction):
        match = _PACKAGES.match(re.split(r"[.;!?](?:\s|$)", instruction[verb.end() :])[0].strip())
        names += [item for item in _ITEM_SEP.split(match.group(1)) if item.lower() not in ("", "the")] if match else []
    return names + referred(instruction)


_QUOTED_FLAG = re.compile(r'"(-{1,2}[A-Za-z][\w-]*=?)"')  # a command-line flag in double quotes
_VENDOR = re.compile(r"(?<![\w-])@?-(?:webkit|moz|ms|o)-[a-z][\w-]*")
_KINDS = _KIND_NOUN.pattern.split(r"\s+", 1)[1]  # "(?:method|function|...)(?:e?s)?\b"


_ARGUMENTS = re.compile(r"(?<=[\w$])\([^()`]+\)(?=\s+" + _KINDS + ")")


def _signatures_dropped(instruction: str) -> str:
    """The instruction without the parameter list of each signature it writes out before a kind
    of definition (outside backticks): the types in "drop the createPump(InputStream, OutputStream,
    boolean) overload" say which overload goes; they are not things to remove. Arguments of
    anything else stay ("remove allow(dead_code)": what goes is that attribute).

    >>> _signatures_dropped("Drop the createPump(InputStream, OutputStream) overload, `f(a, b)` and allow(dead_code).")
    'Drop the createPump overload, `f(a, b)` and allow(dead_code).'
    """
    parts = re.split(r"(`[^`\n]*`)", instruction)
    return "".join(part if part.startswith("`") else _ARGUMENTS.sub("", part) for part in parts)


_KIND_LIST = re.compile(
    r"((?:[A-Za-z_$][\w$]*(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+))+[A-Za-z_$][\w$]*)\s+" + _KINDS
)


def _kind_listed(instruction: str) -> list[str]:
    """The names a removal lists before their kind, within its clause: "remove the obsolete Error
    and WriteBuffer properties" names both.

    >>> _kind_listed("Remove the obsolete Error and WriteBuffer properties from ConsoleTarget.")
    ['Error', 'WriteBuffer']
    >>> _kind_listed("Add the Foo and Bar methods.")
    []
    """
    found = []
    for verb in DELETE_VERB.finditer(instruction):
        clause = re.split(r"[.;:!?](?:\s|$)|,\s+(?:and|but|then)\s", instruction[verb.end() :])[0]
        match = _KIND_LIST.search(" ".join(clause.split()[:10]))
        if match:
            found += [item for item in _ITEM_SEP.split(match.group(1)) if item]
    return found


def code_names(text: str) -> list[str]:
    """The code-like names of ``text``: backticked spans, calls, dotted/underscored/camelCase words."""
    found = []
    for ticked, word in _IDENTIFIER.findall(text):
        token = ticked or word
        if ticked or token.endswith("()") or re.search(r"[_.$:/<]|[a-z][A-Z]", token):
            found.append(token.removesuffix("()"))
    return found


# What a removal names when it points back instead: "delete the helper", "replace them with ...".
_REFERS = re.compile(
    # "those two propTypes" names its thing: a determiner before a code name refers to nothing
    r"(?:(it)|(them|both|these|those)(?!\s+(?:(?:two|three|four|\d+)\s+)?[\w$]*(?:[a-z][A-Z]|_))|"
    r"(?:the|that|this)\s+(?:[a-z][a-z-]*\s+){0,2}?"  # plain words: "the Foo helper" names Foo
    r"(?:helper|function|method|variant|wrapper|copy|version|component|duplicate|original|one)(s?))\b"
)
# Verbs whose object stops existing on its own once done: "inline X into Y and delete the helper".
_FOLDS = re.compile(
    r"\b(?:inlin(?:e|es|ing)|fold(?:s|ing)?|merg(?:e|es|ing)|combin(?:e|es|ing)|absorb(?:s|ing)?)\b", re.I
)


def referred(instruction: str) -> list[str]:
    """The names a removal points back to, in its own sentence: "it", "the helper", "the no-exit
    variant" is the first name after the "inline/fold/merge X" before it; "them", "both", "the
    helpers" are every name before it (two at least). [] where nothing points back or nothing fits.

    >>> referred("Inline strip_port() into get_session and delete the helper.")
    ['strip_port']
    >>> referred("`DialogTransition` and `BackdropTransition` are identical; replace them with one `ModalTransition`.")
    ['DialogTransition', 'BackdropTransition']
    >>> referred("Move parse() into Reader and remove the old one.")  # a move's old copy is not the thing
    []
    >>> referred("Use JSX in render() instead of the overlayElement prop, and drop those two propTypes.")
    []
    >>> referred("Inline the retry scheduling into run() and delete the ScheduleRetry helper.")  # named
    []
    >>> referred("Inline the isStringNotEmpty() check into moveTo() and remove that helper.")
    ['isStringNotEmpty']
    """
    found = []
    for verb in (*DELETE_VERB.finditer(instruction), *replace_verbs(instruction)):
        pointer = _REFERS.match(instruction, verb.end() + 1)
        if pointer is None:
            continue
        before = re.split(r"[.!?]\s", instruction[: verb.start()])[-1]  # the removal's own sentence
        if pointer.group(2) or pointer.group(3):
            names = code_names(before)
            found += names if len(names) > 1 else []
        else:
            fold = [*_FOLDS.finditer(before)]
            found += code_names(before[fold[-1].end() :])[:1] if fold else []
    return found


_LIST = re.compile(r"(?:[^\s:.;]+\s+){0,5}?[^\s:.;]*:\s+(.+?)(?:[.;](?:\s|$)|\n|$)")
_ABOUT = re.compile(r"\s+(?:it|that|which|who|they|we|since|because)\s", re.I)
_ITEM_SEP = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*/\s*")


def _listed(instruction: str) -> str:
    """What a removal lists after a colon: "remove the buffer option: its handling, createBufferStream
    and DEFAULT_BUFFER_DURATION" names all three, past the four words after the verb.

    >>> _listed("Remove the deprecated buffer option: createBufferStream and DEFAULT_DURATION. Add x: y")
    'createBufferStream DEFAULT_DURATION'
    """
    found = []
    for verb in DELETE_VERB.finditer(instruction):
        match = _LIST.match(instruction, verb.end() + 1)
        # "the Skeleton import it was the only user of": an item ends where a clause about it starts
        items = [_ABOUT.split(item)[0] for item in _ITEM_SEP.split(match.group(1).strip())] if match else []
        if items and all(0 < len(item.split()) <= 4 for item in items):  # a list, not a reason
            found.append(" ".join(items))
    return " ".join(found)


# (a Ruby predicate or bang method keeps its "?" or "!": "text_or_password? to text_like?,")
_NAME = r"`[^`\n]+`|[A-Za-z_$][\w$]*(?:[?!](?=[\s,.;:)]))?(?:\(\))?"
_QUALIFIED = r"[A-Za-z_$][\w$]*(?:(?:::|\.)[A-Za-z_$][\w$]*)+(?:\(\))?"  # ErrorKind::ParseOther, Config.timeout
_RENAME = re.compile(
    r"\brenam(?:e|es|ing)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?("
    + _QUALIFIED
    + "|"
    + _NAME
    + r")\s+(?:[\w-]+\s+){0,3}?(?:to|into|as)\s+("
    + _QUALIFIED
    + "|"
    + _NAME
    + ")",
    re.I,
)
# "rename the Tabular data section to Tables": prose renamed, not a name in the code
_PROSE = re.compile(r"\b(?:section|banner|comment|heading|title|label|item|link|button|page|menu|tab)s?\b", re.I)


def renames(instruction: str) -> list[tuple[str, str]]:
    """(old, new) of each "rename OLD to NEW" whose OLD reads as code: backticked, a call,
    snake_case, camelCase, a constant. A section, banner or menu item renamed is prose.

    >>> renames("Rename the isTrue helper to parseBoolTag and update all of its callers.")
    [('isTrue', 'parseBoolTag')]
    >>> renames("Rename the private helper `aggregate_from_self` to `aggregate` and update every caller.")
    [('aggregate_from_self', 'aggregate')]
    >>> renames("Rename the hasError flag in produce to failed."), renames("Rename the UNCOMPRESS banner to INFLATE.")
    ([('hasError', 'failed')], [])
    >>> renames("Rename the private ValidateInterval helper to ValidateSameCalendar.")
    [('ValidateInterval', 'ValidateSameCalendar')]
    >>> renames("Rename ErrorKind::ParseOther to ParseUnknown."), renames("Rename Config.timeout to Config.deadline.")
    ([('ParseOther', 'ParseUnknown')], [('timeout', 'deadline')])
    >>> renames("Rename the `.nav-content` class to `.nav-menu` everywhere.")
    [('.nav-content', '.nav-menu')]
    >>> renames("Rename the predicate text_or_password? to text_like?, and update its caller.")
    [('text_or_password?', 'text_like?')]
    """
    found = []
    for match in _RENAME.finditer(instruction or ""):
        old, new = match.group(1), match.group(2)
        qualified = re.fullmatch(_QUALIFIED, old) is not None  # a qualified name reads as code
        if qualified:
            # the member is what the code spells where it is declared (a variant, a field), and what
            # the new name, written bare or under the same owner, replaces
            parts = re.split(r"::|\.", old.removesuffix("()"))
            new_parts = re.split(r"::|\.", new.strip("`").removesuffix("()"))
            if len(new_parts) > 1 and new_parts[:-1] != parts[:-1]:
                continue  # moved to another owner: not a rename of the member
            old, new = parts[-1], new_parts[-1]
        if not qualified and not _code_like(old):
            # "rename the private ValidateInterval helper to ...": the one word that reads as code
            words = [w for w in re.findall(_NAME, match.group(0)[: match.start(2) - match.start()]) if _code_like(w)]
            old = words[0] if len(words) == 1 else old
        # (what the quotes hold is the code's name, not prose: `.dropdown-menu` names a class)
        if (qualified or _code_like(old)) and not _PROSE.search(masked_quotes(match.group(0))):
            found.append((old.strip("`").removesuffix("()"), new.strip("`").removesuffix("()")))
    return found


def _code_like(word: str) -> bool:
    """Backticked, a call, snake_case, camelCase or a constant: a name in the code, not a word."""
    return bool(
        word.startswith("`") or word.endswith("()") or re.search(r"[_$\d]|[a-z][A-Z]", word) or _CONSTANT.match(word)
    )


# "rename the private entryCount field to size": a value's name, not a callable's
_VALUE_KIND = re.compile(
    r"\s+(?:field|variable|var|property|attribute|member|constant|flag|parameter|param|argument)s?\b", re.I
)


def renamed_word(old: str, instruction: str) -> re.Pattern:
    """Where ``old`` stands as the thing the instruction renames: as a whole word, and not called
    (``old(``) where the instruction names it a field, a variable or the like ("rename the private
    entryCount field to size; keep the entryCount() method": its calls are the method's).

    >>> word = renamed_word("entryCount", "Rename the private entryCount field to size.")
    >>> bool(word.search("return entryCount == 0;")), bool(word.search("return entryCount() == 2;"))
    (True, False)
    >>> bool(renamed_word("isTrue", "Rename the isTrue helper to parse.").search("if isTrue(x):"))
    True
    """
    called = re.compile(whole_word(old).pattern + r"`?" + _VALUE_KIND.pattern, re.I)
    value = any(called.search(match.group(0)) for match in _RENAME.finditer(instruction or ""))
    return re.compile(whole_word(old).pattern + (r"(?!\s*\()" if value else ""))


def renamed_names(instruction: str) -> list[str]:
    """The old names of the instruction's renames (``renames``).

    >>> renamed_names("Rename ignoreRemainingEvents to ignoreUnconsumedEvents in ChannelTurbine.")
    ['ignoreRemainingEvents']
    """
    return [old for old, _ in renames(instruction)]


_MOVE = re.compile(r"\b(?:move|moves|hoist|hoists|relocate|relocates)\s+((?:\S+\s+){0,5}\S+)", re.I)
# The instruction asks for code to change places (what moves is read by ``_MOVE`` or from the merge).
MOVE_VERB = re.compile(r"\b(?:move[sd]?|moving|hoist(?:s|ed)?|relocate[sd]?|reorder(?:s|ed)?)\b", re.I)
_QUOTED = re.compile(r"'([^'\n]{3,})'|\"([^\"\n]{3,})\"|`([^`\n]+)`")


def moved_names(instruction: str) -> list[str]:
    """Code an instruction asks to move: quoted spans and code-like names right after the verb."""
    names = []
    for match in _MOVE.finditer(instruction):
        objects = match.group(1)
        quoted = [next(filter(None, q)) for q in _QUOTED.findall(objects)]
        names += quoted
        rest = _QUOTED.sub(" ", objects)
        names += [w for w in re.findall(r"[A-Za-z_$][\w$]*", rest) if re.search(r"_|[a-z][A-Z]", w)]
    return list(dict.fromkeys(names))


# (an "and" that goes on with quoted code joins one more object to the verb: "drop the `tmp`
# temporary and the `use_months` alias")
# (an aside in parentheses that opens with words, "(callers now use `str()`)", is not what goes;
# "(and `y`)", "(e.g. `x`)" go on naming it)
_CLAUSE_END = re.compile(
    r"[.;:,]\s|\s(?:and|then|but)\s(?!(?:the\s+|its\s+|their\s+)?`)|\s\((?=[a-z]{2,}\s)(?!(?:and|or|both|also)\s)"
)


_REPLACE_VERB = re.compile(r"(?<![`-])\breplac(?:e|es|ing)\b(?![`-])", re.I)
# "allow unstable_replace to replace `createOp` as well": what code may do once edited, not an edit
_ABLE_TO = re.compile(r"\b(?:(?:allow|enable|permit)s?|able)\b(?:\s+\S+){0,3}?\s+to\s+$", re.I)


def replace_verbs(instruction: str) -> list[re.Match]:
    """The instruction's "replace" verbs that ask for a replacement, not those that say what code
    is allowed to replace once edited.

    >>> [m.start() for m in replace_verbs("Replace x with y.")]
    [0]
    >>> replace_verbs("Allow setHook to replace `createOp` too: add an overload.")
    []
    """
    return [m for m in _REPLACE_VERB.finditer(instruction) if not _ABLE_TO.search(instruction[: m.start()])]


_REPLACEMENT = re.compile(r"\s(?:with|by)\s", re.I)


def removal_clauses(instruction: str) -> list[str]:
    """The clauses that ask for a removal ("remove x from f", up to the next , ; . or "and"; "replace
    x", up to its "with"): a scope named in another clause ("print the byte in f, and delete g") is
    not the removal's, nor is the replacement what goes.

    >>> removal_clauses("Replace the repeated `n -= 1` lines with calls to `dec()`, and drop `tmp` from f")
    ['drop `tmp` from f', 'Replace the repeated `n -= 1` lines']
    >>> removal_clauses("Remove the `typ, dat = cmd(name)` line from namespace.")
    ['Remove the `typ, dat = cmd(name)` line from namespace.']
    >>> removal_clauses("In f, drop the `tmp` temporary and the `alias` alias: use `months` directly")
    ['drop the `tmp` temporary and the `alias` alias']
    """
    masked = masked_quotes(instruction)  # quoted code ends no clause: "remove the `a, b = f()` line"
    clauses = []
    for matches, end_at in ((DELETE_VERB.finditer(masked), _CLAUSE_END), (replace_verbs(masked), _REPLACEMENT)):
        for match in matches:
            end = end_at.search(masked, match.start())
            clauses.append(instruction[match.start() : end.start() if end else len(instruction)])
    return clauses
