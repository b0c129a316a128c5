"""Agent-style snippets generated over Python sources: the generators and the judge."""

from evals.stdlib_stress import cases, judge

SOURCE = '''import os


def load_config(path, strict=False):
    """Read a config file."""
    text = open(path).read()
    lines = text.splitlines()
    pairs = [line.split("=", 1) for line in lines if "=" in line]
    result = {key.strip(): value.strip() for key, value in pairs}
    if strict and not result:
        raise ValueError(path)
    return result


def save_config(path, values):
    body = "\\n".join(f"{k}={v}" for k, v in values.items())
    with open(path, "w") as fh:
        fh.write(body)
    return len(values)


def main():
    values = load_config(os.environ["CONFIG"])
    save_config("out.cfg", values)
'''


def test_each_generator_knows_the_file_it_means_and_the_merge_serves_it_or_flags_it():
    generated = list(cases(SOURCE))
    kinds = {kind for kind, *_ in generated}
    assert {"insert, marker after", "drop by omission", "rename, header shown", "move to the end"} <= kinds
    for kind, snippet, expected, instruction in generated:
        served, merged = judge(SOURCE, snippet, expected, instruction)
        assert not served or merged == expected, (kind, instruction)
    served, merged = judge(SOURCE, *next((s, e, i) for k, s, e, i in generated if k == "insert, marker after"))
    assert served and "_trace('load_config')" in merged
