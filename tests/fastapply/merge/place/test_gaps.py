from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
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


JS = """function build (opts) {
  const stream = open(opts)
  stream.on('error', onError)
  if (!opts.sync) {
    register(stream)
  }
  return stream

  function onError (err) {
    // Impossible to replicate on every system
    if (err.code === 'EPIPE') {
      // no consumer left: stop writing
      stream.write = noop
      stream.end = noop
      return
    }
    stream.removeListener('error', onError)
    stream.emit('error', err)
  }
}

function end (stream) {
  stream.end()
}
"""

JS_SNIPPET = """function build (opts) {
  const stream = open(opts)
  stream.on('error', onError)
  // ... existing code ...
  return stream
}

// Installed as an 'error' listener: `this` is the stream.
function onError (err) {
  const stream = this
  // Impossible to replicate on every system
  if (err.code === 'EPIPE') {
    // ... existing code ...
    return
  }
  stream.removeListener('error', onError)
  stream.emit('error', err)
}

function end (stream) {
// ... existing code ...
"""

LIFTED = """function build (opts) {
  const stream = open(opts)
  stream.on('error', onError)
  if (!opts.sync) {
    register(stream)
  }
  return stream
}

// Installed as an 'error' listener: `this` is the stream.
function onError (err) {
  const stream = this
  // Impossible to replicate on every system
  if (err.code === 'EPIPE') {
    // no consumer left: stop writing
    stream.write = noop
    stream.end = noop
    return
  }
  stream.removeListener('error', onError)
  stream.emit('error', err)
}

function end (stream) {
  stream.end()
}
"""


def test_code_a_marker_stands_for_moves_with_the_lines_around_it():
    """A nested function lifted to the top level: the lines its marker keeps move out with it, and
    the second opinion moves them the same way."""
    request = ApplyRequest(JS, JS_SNIPPET, "Lift onError out of build; it gets the stream from this.", path="tools.js")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged == LIFTED
    assert not warnings
