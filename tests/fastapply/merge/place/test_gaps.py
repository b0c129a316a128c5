from fastapply.merge import lazy_merge
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


def test_a_chunk_whose_lines_stand_in_the_marker_s_job_and_in_a_sibling_that_has_the_change_is_unsure():
    """Two CI jobs alike; the sibling already has the new line. The chunk after a marker inside
    the first job matches the sibling whole and the first job but for the new line: which job the
    snippet means only the marker's depth says, so the merge is not sure."""
    job = (
        "    runs-on: ubuntu-latest\n    steps:\n\n      - name: Checkout\n        uses: actions/checkout@v4\n"
        "        with:\n          fetch-depth: 0\n"
    )
    original = "jobs:\n  app:\n" + job + "\n      - name: Build\n        run: make\n\n  docs:\n" + job
    original += "          persist-credentials: 'false'\n\n      - name: Publish\n        run: make docs\n"
    snippet = (
        "jobs:\n  app:\n    # ...\n    steps:\n\n      - name: Checkout\n        uses: actions/checkout@v4\n"
        "        with:\n          fetch-depth: 0\n          persist-credentials: 'false'\n\n      # ... remaining steps ...\n"
    )
    result = lazy_merge(original, snippet, "yaml")
    assert not result.confident and "marker above it stands in" in result.reason
