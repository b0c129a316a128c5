"""Small, repetitive source files: the files agents edit in tutorials, tests and fresh projects.

Real code (the rest of the generator's sources) rarely looks like this, and it matters: when a
class has five methods that all end in ``return this;\\n  }\\n\\n``, the text before a position no
longer tells a copying model where it is, and the snippet's additions that have no anchor line
above them (a doc comment on the first method shown, a method appended at the end) are exactly
where a fine-tuned SmolLM2 kept copying the original instead. These files are *sources*, not
examples: ``synth --root javascript=DIR`` edits them with the same edit kinds and snippet styles as
real code. Every name and body is drawn from the tables below with a seeded RNG.

    python -m fastapply.training.toyfiles --out-dir runs/toy --n 300 --seed 0
    python -m fastapply.training.synth --root javascript=runs/toy/javascript --root python=runs/toy/python ...
"""

from __future__ import annotations

import argparse
import os
import random
import sys

from .templates import join_name, words_of

# (class name, state field, element noun, initial value): the state a class's methods share.
SUBJECTS = [
    ("Wallet", "balance", "amount", "0"),
    ("ScoreBoard", "score", "points", "0"),
    ("Thermostat", "temperature", "degrees", "20"),
    ("Odometer", "distance", "km", "0"),
    ("Budget", "remaining", "cost", "100"),
    ("EnergyMeter", "usage", "kwh", "0"),
    ("Stopwatch", "elapsed", "ms", "0"),
    ("Accumulator", "value", "x", "0"),
    ("Inventory", "stock", "quantity", "0"),
    ("Piggybank", "coins", "count", "0"),
]
# (method name, JS body, Python body): {f} the field, {a} the argument.
NUMERIC_METHODS = [
    ("increase", "this.{f} += {a};", "self.{f} += {a}"),
    ("decrease", "this.{f} -= {a};", "self.{f} -= {a}"),
    ("scale", "this.{f} *= {a};", "self.{f} *= {a}"),
    ("split", "this.{f} /= {a};", "self.{f} /= {a}"),
    ("limit", "this.{f} = Math.min(this.{f}, {a});", "self.{f} = min(self.{f}, {a})"),
    ("floor", "this.{f} = Math.max(this.{f}, {a});", "self.{f} = max(self.{f}, {a})"),
    ("roundTo", "this.{f} = Math.round(this.{f} / {a}) * {a};", "self.{f} = round(self.{f} / {a}) * {a}"),
    ("power", "this.{f} = Math.pow(this.{f}, {a});", "self.{f} = self.{f} ** {a}"),
]
# (class name, collection field, element noun)
COLLECTIONS = [
    ("TodoList", "tasks", "task"),
    ("Playlist", "songs", "song"),
    ("ShoppingCart", "items", "item"),
    ("Library", "books", "book"),
    ("Roster", "players", "player"),
    ("Queue", "jobs", "job"),
    ("Gallery", "photos", "photo"),
    ("AddressBook", "contacts", "contact"),
    ("Garage", "cars", "car"),
]
COLLECTION_METHODS = [
    ("add", "this.{f}.push({a});\n    return this;", "self.{f}.append({a})\n        return self"),
    (
        "remove",
        "this.{f} = this.{f}.filter((x) => x !== {a});\n    return this;",
        "self.{f} = [x for x in self.{f} if x != {a}]\n        return self",
    ),
    ("has", "return this.{f}.includes({a});", "return {a} in self.{f}"),
    ("count", "return this.{f}.length;", "return len(self.{f})"),
    ("clear", "this.{f} = [];\n    return this;", "self.{f} = []\n        return self"),
    ("first", "return this.{f}[0];", "return self.{f}[0] if self.{f} else None"),
    ("last", "return this.{f}[this.{f}.length - 1];", "return self.{f}[-1] if self.{f} else None"),
    ("toArray", "return [...this.{f}];", "return list(self.{f})"),
]
# Free functions for module-style files: (name, params, JS body, Python body).
FUNCTIONS = [
    ("formatPrice", "price", "return `$${price.toFixed(2)}`;", 'return f"${price:.2f}"'),
    (
        "capitalize",
        "text",
        "return text.charAt(0).toUpperCase() + text.slice(1);",
        "return text[:1].upper() + text[1:]",
    ),
    ("isEven", "n", "return n % 2 === 0;", "return n % 2 == 0"),
    ("clamp", "value, low, high", "return Math.min(Math.max(value, low), high);", "return min(max(value, low), high)"),
    (
        "average",
        "values",
        "return values.reduce((a, b) => a + b, 0) / values.length;",
        "return sum(values) / len(values)",
    ),
    ("slugify", "text", "return text.toLowerCase().replace(/\\s+/g, '-');", "return '-'.join(text.lower().split())"),
    ("numbersBelow", "n", "return Array.from({ length: n }, (_, i) => i);", "return list(range(n))"),
    ("isEmpty", "value", "return value == null || value.length === 0;", "return value is None or len(value) == 0"),
    ("sum", "values", "return values.reduce((a, b) => a + b, 0);", "return sum(values)"),
    ("unique", "values", "return [...new Set(values)];", "return list(dict.fromkeys(values))"),
    (
        "truncate",
        "text, size",
        "return text.length > size ? text.slice(0, size) + '...' : text;",
        "return text[:size] + '...' if len(text) > size else text",
    ),
]


def _snake(name: str) -> str:
    return join_name(words_of(name), "snake")


def _class_parts(rng: random.Random) -> tuple[str, str, str, list[tuple[str, str, str]], str]:
    if rng.random() < 0.5:
        cls, field, arg, init = rng.choice(SUBJECTS)
        methods = rng.sample(NUMERIC_METHODS, rng.randint(3, 6))
        methods = [(n, js + "\n    return this;", py + "\n        return self") for n, js, py in methods]
        getter = ("get" + field[0].upper() + field[1:], f"return this.{field};", f"return self.{field}")
        reset = ("reset", f"this.{field} = {init};\n    return this;", f"self.{field} = {init}\n        return self")
        methods += [m for m in (getter, reset) if rng.random() < 0.8]
    else:
        cls, field, arg = rng.choice(COLLECTIONS)
        init = "[]"
        methods = rng.sample(COLLECTION_METHODS, rng.randint(4, 7))
    return cls, field, arg, methods, init


def javascript_class(rng: random.Random) -> str:
    cls, field, arg, methods, init = _class_parts(rng)
    out = [f"class {cls} {{\n", "  constructor() {\n", f"    this.{field} = {init};\n", "  }\n"]
    for name, body, _ in methods:
        params = arg if "{a}" in body else ""
        out += ["\n", f"  {name}({params}) {{\n", f"    {body.format(f=field, a=arg)}\n", "  }\n"]
    out.append("}\n")
    tail = rng.choice(
        (
            "",
            f"\nmodule.exports = {cls};\n",
            f"\nexport default {cls};\n",
            f"\nconst {cls[0].lower() + cls[1:]} = new {cls}();\n",
        )
    )
    return "".join(out) + tail


def python_class(rng: random.Random) -> str:
    cls, field, arg, methods, init = _class_parts(rng)
    arg = _snake(arg)
    out = [f"class {cls}:\n", "    def __init__(self):\n", f"        self.{field} = {init}\n"]
    for name, _, body in methods:
        params = f"self, {arg}" if "{a}" in body else "self"
        out += ["\n", f"    def {_snake(name)}({params}):\n", f"        {body.format(f=field, a=arg)}\n"]
    return "".join(out)


def javascript_module(rng: random.Random) -> str:
    chosen = rng.sample(FUNCTIONS, rng.randint(3, 7))
    arrow = rng.random() < 0.4
    out = []
    for name, params, body, _ in chosen:
        head = f"const {name} = ({params}) => {{\n" if arrow else f"function {name}({params}) {{\n"
        out += [head, f"  {body}\n", "};\n" if arrow else "}\n", "\n"]
    names = ", ".join(n for n, *_ in chosen)
    out.append(rng.choice((f"module.exports = {{ {names} }};\n", f"export {{ {names} }};\n")))
    return "".join(out)


def python_module(rng: random.Random) -> str:
    chosen = rng.sample(FUNCTIONS, rng.randint(3, 7))
    blocks = [f"def {_snake(n)}({params}):\n    {py}\n" for n, params, _, py in chosen]
    return "\n\n".join(blocks)


MAKERS = {
    "javascript": ((javascript_class, ".js"), (javascript_module, ".js")),
    "python": ((python_class, ".py"), (python_module, ".py")),
}


def write_files(out_dir: str, n: int, seed: int, languages: tuple[str, ...] = tuple(MAKERS)) -> list[str]:
    """``n`` files per language under ``out_dir/<language>/``; same seed, same bytes."""
    unknown = set(languages) - set(MAKERS)
    if unknown or n < 1:
        raise ValueError(f"need n >= 1 and languages among {sorted(MAKERS)}, got n={n}, {sorted(unknown)}")
    paths = []
    for lang in languages:
        folder = os.path.join(out_dir, lang)
        os.makedirs(folder, exist_ok=True)
        for i in range(n):
            rng = random.Random(f"toy|{seed}|{lang}|{i}")
            make, ext = rng.choice(MAKERS[lang])
            path = os.path.join(folder, f"toy{seed}_{i:05d}{ext}")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(make(rng))
            paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="fastapply.training.toyfiles", description=__doc__.splitlines()[0])
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--n", type=int, required=True, help="files per language")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--languages", default=",".join(MAKERS))
    args = ap.parse_args(argv)
    try:
        paths = write_files(args.out_dir, args.n, args.seed, tuple(filter(None, args.languages.split(","))))
    except ValueError as e:
        ap.error(str(e))
    print(f"wrote {len(paths)} files under {args.out_dir}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
