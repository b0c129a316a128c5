"""The kernel-level profile: its grouping of device events, and a dry run on CPU."""

import json

from fastapply.evals.gpu_kernels import kernel_table, main


class Event:
    def __init__(self, name, us, device="DeviceType.CUDA"):
        self.name, self.device_time_total, self.device_type = name, us, device


def test_kernels_are_grouped_by_name_and_host_events_left_out():
    table = kernel_table(
        [Event("gemm", 30.0), Event("norm", 10.0), Event("gemm", 10.0), Event("aten::mm", 99.0, "CPU")]
    )
    assert table["kernels"] == 3 and table["device_us"] == 50.0
    assert [(r["name"], r["count"], r["share"]) for r in table["rows"]] == [("gemm", 2, 0.8), ("norm", 1, 0.2)]


def test_dry_run_counts_the_clocked_passes(tmp_path, tiny_model_dir):
    out = tmp_path / "kernels"
    args = ["--tokenizer", str(tiny_model_dir), "--shape", "tiny", "--rows", "1,2"]
    extra = ["--prompt-tokens", "120", "--new-tokens", "30", "--k", "8", "--kernels", "default,fused"]
    assert main([*args, *extra, "--out", str(out)]) == 0
    result = json.loads((out / "kernels.json").read_text())
    assert [run["kernels"] for run in result["runs"]] == ["default", "fused"]
    levels = result["runs"][0]["levels"]
    assert [level["rows_"] for level in levels] == [1, 2]
    for level in levels:
        assert level["tokens"] == 30 * level["rows_"]  # every row decoded its whole run
        assert level["passes"] >= 30 // 9 and level["prefills"] == 1
        assert level["kernels"] == 0  # no device on CPU: nothing counted as a kernel
    assert "| 2 |" in (out / "kernels.md").read_text()
