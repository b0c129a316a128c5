"""A new definition placed inside another definition than the one the snippet writes it in."""

from fastapply.merge import validate


def test_a_new_method_that_lands_in_another_class_is_flagged():
    original = (
        "class A:\n    def __init__(self):\n        self.x = 1\n\n\nclass B:\n    def check(self):\n"
        "        if self.ready:\n            return True\n        return False\n"
    )
    ok = original.replace("        self.x = 1\n", "        self.x = 1\n\n    def ping(self):\n        return True\n")
    wrong = original.replace("            return True\n", "\n        def ping(self):\n            return True\n")
    snippet = "class A:\n    def __init__(self):\n        # ...\n\n    def ping(self):\n        return True\n"
    assert "misplaced_definition" in [w.code.value for w in validate(original, snippet, wrong, "python")]
    assert "misplaced_definition" not in [w.code.value for w in validate(original, snippet, ok, "python")]


def test_a_class_named_with_its_namespace_holds_its_new_method():
    original = "class Devise::RegistrationsController < DeviseController\n  def new\n    render\n  end\nend\n"
    snippet = (
        "class Devise::RegistrationsController < DeviseController\n  # ...\n\n  def permitted\n    true\n  end\nend\n"
    )
    merged = original.replace("    render\n  end\n", "    render\n  end\n\n  def permitted\n    true\n  end\n")
    assert "misplaced_definition" not in [w.code.value for w in validate(original, snippet, merged, "ruby")]


def test_a_decorated_method_is_held_by_its_class_not_by_its_own_decorator():
    original = "class Frequencies:\n    @staticmethod\n    def hourly(t):\n        return t + 1\n"
    snippet = "class Frequencies:\n    @staticmethod\n    def minutely(t):\n        return t + 0.1\n\n    # ...\n"
    merged = "class Frequencies:\n    @staticmethod\n    def minutely(t):\n        return t + 0.1\n\n" + original[18:]
    assert "misplaced_definition" not in [w.code.value for w in validate(original, snippet, merged, "python")]
