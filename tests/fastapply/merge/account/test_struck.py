"""Original lines the snippet rewrites in one place, kept by the merge in another."""

import doctest

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge.account import struck

ORIGINAL = """\
package demo

trait Source

object Source extends SourceLowPri {
  def empty: Source = new Source {}
}

trait SourceLowPri {

  implicit def fromStream[T](s: T)(implicit f: T => Stream): FromStream = FromStream(
    f(s),
    // Chunk size of 8192. Picked from a quick benchmark:
    //
    // Input / Run     1   2   3
    // String 4096    10  11  12
    // String 8192     9  10  10
    // File 8192       9   9  10
    chunkSize = 8192
  )
  case class FromStream(s: Stream, chunkSize: Int) extends Source {
    def read(): Int = s.read(chunkSize)
  }
}
"""

SNIPPET = """\
trait SourceLowPri {

  // Default chunk size for streams. Picked from a quick benchmark:
  //
  // Input / Run     1   2   3
  // ... (rows unchanged, moved up from fromStream) ...
  val DefaultChunkSize = 8192

  implicit def fromStream[T](s: T)(implicit f: T => Stream): FromStream = FromStream(
    f(s),
    chunkSize = DefaultChunkSize
  )
"""


def test_the_doctests_hold():
    assert doctest.testmod(struck).failed == 0


def test_a_line_rewritten_in_place_is_not_also_kept_under_a_marker_elsewhere():
    """The snippet writes ``chunkSize = DefaultChunkSize`` right below ``f(s),``: the old
    ``chunkSize = 8192`` is gone there. The marker above (benchmark rows "moved up") must not
    take it along: the file would set the field twice, once in a trait body."""
    request = ApplyRequest(
        ORIGINAL,
        SNIPPET,
        "Pull the default chunk size into a DefaultChunkSize val, move its benchmark comment onto it, and use it.",
        path="demo.scala",
    )
    merged, warnings = checked_merge(request, prepare(request))
    kept_twice = "    chunkSize = 8192\n" in merged and "chunkSize = DefaultChunkSize" in merged
    assert not kept_twice or "kept_beside_replacement" in {w.code.value for w in warnings}
