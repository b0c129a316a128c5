from fastapply.evals.gpu import agreement, main


def test_agreement_counts_the_common_prefix():
    assert agreement([1, 2, 3, 4], [1, 2, 3, 4]) == 1.0
    assert agreement([1, 2, 9, 4], [1, 2, 3, 4]) == 0.5  # everything after a divergence differs
    assert agreement([], []) == 0.0


def test_gpu_bench_runs_unchanged_on_cpu(tiny_model_dir, capsys):
    assert main(["--model", str(tiny_model_dir), "--device", "cpu", "--copy-tokens", "16",
                 "--concurrency", "1,2", "--ks", "8"]) == 0
    out = capsys.readouterr().out
    assert "| fastapply k=8 | 8 |" in out and "| 2 |" in out
