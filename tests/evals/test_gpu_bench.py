import json

from fastapply.evals.gpu import agreement, main
from fastapply.evals.gpu_tables import dev_summary_table


def test_agreement_counts_the_common_prefix():
    assert agreement([1, 2, 3, 4], [1, 2, 3, 4]) == 1.0
    assert agreement([1, 2, 9, 4], [1, 2, 3, 4]) == 0.5  # everything after a divergence differs
    assert agreement([], []) == 0.0


def test_gpu_bench_runs_unchanged_on_cpu(tiny_model_dir, capsys, tmp_path):
    out_json = tmp_path / "gpu.json"
    assert (
        main(
            [
                "--model",
                str(tiny_model_dir),
                "--device",
                "cpu",
                "--copy-tokens",
                "16",
                "--concurrency",
                "1,2",
                "--ks",
                "8",
                "--runners",
                "auto,static",
                "--json",
                str(out_json),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "| fastapply k=8 (varlen, eager) | 8 |" in out and "| fastapply k=8 (static, eager) | 8 |" in out
    assert "| 2 |" in out and "p95 latency ms" in out
    assert "served configuration" in out and "Static runner: slots sized from the KV budget per request" in out
    # both runners are lossless: 100% agreement with HF greedy in fp32
    copy_table = out.split("### Copy case, concurrency")[0]
    assert all(line.rstrip().endswith("| 100.0% |") for line in copy_table.splitlines() if "fastapply k=8" in line)
    result = json.loads(out_json.read_text())
    assert set(result) == {"sizing", "copy", "served", "concurrency"}  # dev cases: --data (the dry run covers them)
    assert result["served"][0]["runner"] == "varlen" and result["served"][0]["tok_s"] > 0


def test_dev_summary_pools_tokens_over_seconds():
    rows = [
        {
            "method": "m",
            "tokens": 10,
            "seconds": 1.0,
            "x_hf_greedy": 2.0,
            "x_hf_lookup": 1.0,
            "tokens_per_pass": 5.0,
            "agreement": 1.0,
        },
        {
            "method": "m",
            "tokens": 30,
            "seconds": 1.0,
            "x_hf_greedy": 8.0,
            "x_hf_lookup": 1.0,
            "tokens_per_pass": None,
            "agreement": 0.5,
        },
    ]
    line = dev_summary_table(rows).splitlines()[-1]
    assert line.startswith("| m | 2 | 40 | 20 | 4.00 | 1.00 | 5.0 | 75.0% |")
