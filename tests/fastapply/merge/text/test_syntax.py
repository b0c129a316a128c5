from fastapply.merge import lazy_merge
from fastapply.merge.text.syntax import error_lines, error_macros

CACHE = """class LRUCache {
 private:
  mutable port::Mutex mutex_;
  size_t usage_ GUARDED_BY(mutex_);
};
"""


def test_a_macro_the_grammar_does_not_know_excuses_the_same_macro_in_new_code():
    assert error_macros(CACHE, "cpp") == {"GUARDED_BY"}
    grown = CACHE.replace("};", "  uint64_t hits_ GUARDED_BY(mutex_);\n};")
    assert len(error_lines(grown, "cpp")) > len(error_lines(CACHE, "cpp"))
    excused = error_macros(CACHE, "cpp")
    assert error_lines(grown, "cpp", excused) == error_lines(CACHE, "cpp", excused)
    broken = CACHE.replace("};", "  uint64_t hits_ = (;\n};")  # a real error still counts
    assert len(error_lines(broken, "cpp", excused)) > len(error_lines(CACHE, "cpp", excused))


def test_new_members_with_the_originals_macro_merge_confidently():
    snippet = (
        "// ... existing code ...\n  size_t usage_ GUARDED_BY(mutex_);\n  uint64_t hits_ GUARDED_BY(mutex_);\n};\n"
    )
    result = lazy_merge(CACHE, snippet, "cpp")
    assert result.confident, result.reason
    assert result.merged == CACHE.replace("};", "  uint64_t hits_ GUARDED_BY(mutex_);\n};")
