from fastapply.merge.place.gaps import swallowing_gap


def test_the_first_gap_that_jumps_over_unshown_code_is_found():
    original = [
        "  private",
        "  def convert_key(key)",
        "    key.to_s",
        "  end",
        "  def convert_value(value)",
        "    value",
        "  end",
    ]
    lines = ["  private", "  def symbolize(value)", "    value", "  end"]
    assert swallowing_gap(lines, [(0, 0), (2, 5), (3, 6)], original) == 0
    assert swallowing_gap(lines, [(0, 0), (3, 3)], original) is None  # one unshown line: an edit, not a jump
    shown = ["  private", "  def convert_key(key)", "    key.to_s", "  def symbolize(value)", "    value", "  end"]
    assert swallowing_gap(shown, [(0, 0), (4, 5), (5, 6)], original) is None  # the gap's lines are in the chunk
