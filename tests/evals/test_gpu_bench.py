from fastapply.evals.gpu import agreement, main


def test_agreement_counts_the_common_prefix():
    assert agreement([1, 2, 3, 4], [1, 2, 3, 4]) == 1.0
    assert agreement([1, 2, 9, 4], [1, 2, 3, 4]) == 0.5  # everything after a divergence differs
    assert agreement([], []) == 0.0


def test_gpu_bench_runs_unchanged_on_cpu(tiny_model_dir, capsys):
    assert main(["--model", str(tiny_model_dir), "--device", "cpu", "--copy-tokens", "16",
                 "--concurrency", "1,2", "--ks", "8", "--runners", "auto,static"]) == 0
    out = capsys.readouterr().out
    assert "| fastapply k=8 (varlen) | 8 |" in out and "| fastapply k=8 (static) | 8 |" in out
    assert "| 2 |" in out
    # both runners are lossless: 100% agreement with HF greedy in fp32
    assert all(line.rstrip().endswith("| 100.0% |") for line in out.splitlines() if "fastapply k=8" in line)
