"""What a snippet leaves behind under its markers when it shows only the new side: a block moved
into another function, a section mark renamed."""

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest


def merged_codes(original, snippet, language, instruction):
    request = ApplyRequest(original, snippet, instruction, language=language)
    merged, warnings = checked_merge(request, prepare(request))
    return merged, {w.code.value for w in warnings}


PY = """def retry(ctx):
    if ctx.observer is not None:
        ctx.observer.cancel()

    if ctx.cancelled:
        return False
    return True


def wait(ctx):
    observer = watch(ctx)
    ctx.observer = observer
"""

PY_SNIPPET = """def wait(ctx):
    if ctx.observer is not None:
        ctx.observer.cancel()

    observer = watch(ctx)
    # ... rest unchanged ...
"""


def test_a_block_moved_into_another_function_and_kept_in_the_old_one_is_flagged():
    moved = "Move the cancellation of the previous observer out of retry() and into wait()."
    merged, codes = merged_codes(PY, PY_SNIPPET, "python", moved)
    assert merged.count("ctx.observer.cancel()") == 2
    assert "moved_block_kept" in codes
    # copied, not moved: the old copy stays on purpose
    _, codes = merged_codes(PY, PY_SNIPPET, "python", "Also cancel the previous observer in wait().")
    assert "moved_block_kept" not in codes


SWIFT = """final class Strategy {
    func retry() {
        start()
    }

    // MARK: - Private helpers

    private func wait() {
        go()
    }
}
"""


def test_a_section_mark_written_right_beside_the_unshown_one_it_renames_is_flagged():
    snippet = (
        "    // ... existing code ...\n\n    // MARK: - Waiting for reconnection\n\n"
        "    private func wait() {\n        go(now)\n    }\n}\n"
    )
    instruction = "Rename the private helpers section to a reconnection section and make wait() go now."
    merged, codes = merged_codes(SWIFT, snippet, "swift", instruction)
    assert "// MARK: - Private helpers\n\n    // MARK: - Waiting" in merged
    assert "kept_beside_replacement" in codes
    # the old mark shown above the new one: a section added on purpose, right or not
    shown = snippet.replace("    // MARK: - Waiting", "    // MARK: - Private helpers\n\n    // MARK: - Waiting")
    _, codes = merged_codes(SWIFT, shown, "swift", instruction)
    assert "kept_beside_replacement" not in codes


RUBY = """class Worker
  cattr_accessor :min_priority, :max_priority, :max_attempts,
                 :read_ahead, :plugins, :exit_on_complete,
                 :default_log_level

  # Named queue into which jobs are enqueued by default
  cattr_accessor :default_queue_name
end
"""


def test_the_last_line_of_a_list_kept_below_its_longer_form_is_flagged():
    snippet = (
        "class Worker\n  cattr_accessor :min_priority, :max_priority, :max_attempts,\n"
        "                 :read_ahead, :plugins, :exit_on_complete,\n"
        "                 :default_log_level, :max_failures\n\n  # ...\nend\n"
    )
    merged, codes = merged_codes(RUBY, snippet, "ruby", "Add a max_failures class setting.")
    assert "                 :default_log_level\n" in merged
    assert "kept_beside_replacement" in codes


RUST = """impl Settings {
    pub fn load(payload: &[u8]) -> Result<Settings, Error> {
        let mut settings = Settings::default();
        for raw in payload.chunks(6) {
            match Setting::load(raw) {
                Some(HeaderTableSize(val)) => {
                    settings.header_table_size = Some(val);
                }
                Some(EnablePush(val)) => match val {
                    0 | 1 => {
                        settings.enable_push = Some(val);
                    }
                    _ => {
                        return Err(Error::InvalidSettingValue);
                    }
                },
                None => {}
            }
        }
        Ok(settings)
    }
}
"""


def test_a_match_arm_written_anew_beside_the_old_arm_of_the_same_pattern_is_flagged():
    snippet = """            match Setting::load(raw) {
                Some(HeaderTableSize(val)) => {
                    settings.header_table_size = Some(val);
                }
                Some(EnablePush(val)) => {
                    settings.enable_push = Some(validate_bool(val)?);
                }
                // ... other arms unchanged ...
"""
    merged, codes = merged_codes(RUST, snippet, "rust", "Validate EnablePush with a validate_bool helper.")
    assert merged.count("Some(EnablePush(val)) =>") == 2
    assert "defined_twice" in codes


CSS = """:root {
  --brand: #00AAFF;
}

.ol-scale {
  color: red;
}

.ol-unsupported {
  display: none;
}

.ol-control {
  border-radius: 4px;
}
"""


def test_a_selector_the_instruction_removes_kept_under_a_marker_is_flagged():
    snippet = (
        ":root {\n  --brand: #00AAFF;\n  --radius: 4px;\n}\n\n/* ... */\n\n.ol-control {\n"
        "  border-radius: var(--radius);\n}\n"
    )
    instruction = "Add a --radius property for .ol-control. Also remove the unused .ol-unsupported rule."
    merged, codes = merged_codes(CSS, snippet, "css", instruction)
    assert ".ol-unsupported" in merged
    assert "described_removal_kept" in codes
