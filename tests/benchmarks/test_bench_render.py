"""linjat bench's report: ratios and medians printed as measured, and a missing reference said plainly."""

from __future__ import annotations

from benchmarks.bench_runs import find_reference, original, ours, render


def test_render_prints_ratios_speedups_quality_and_fill() -> None:
    results = {
        "machine": {"cpus": 2, "python": "3.11"},
        "versus_original": {"date": "2026-11-23 14:11 UTC", "iterations": 20000, "seeds": 8, "two_worker_seeds": 6,
                            "runs": {
            "9x6/10 easy": {"ours_1": 3.4, "original": 1.51, "ratio_1": 2.25, "ours_1_cpu": 3.1, "original_cpu": 1.5,
                            "ratio_1_cpu": 2.07, "load": 2.5},
            "13x9/26 expert": {"ours_1": 12.86, "ours_1_on_two": 9.1, "ours_2": 5.2, "speedup_2": 1.75},
        }, "original": "not found (use --reference DIR): ours timed alone"},
        "optimizer_per_s": {"9x6/10 easy": 17721.4, "13x9/26 expert": 3980.2},
        "fill_published": {"per_tier": 10, "seeds": 3, "tiers": {
            "easy": {"runs": 30, "filled": 29, "levels_failing_every_seed": 0, "median_s": 0.001}}},
        "quality": {"iterations": 10000, "seeds": [2026], "tiers": {
            "hard": {"levels": 10, "median": 27.5, "leaky": 0, "not_unique": 0, "failed": 0, "published_median": 36.0,
                     "original": {"levels": 10, "median": -61.5, "leaky": 9, "not_unique": 4, "numbers": 21}}}},
    }
    text = render(results)
    assert "2026-11-23 14:11 UTC" in text and "2.25x" in text and "1.75x" in text and "seeds 1-8" in text
    assert "seeds 1-6: 1 worker 9.10s, 2 workers 5.20s" in text
    assert "2.07x" in text and "(load 2.5)" in text
    assert "not found" in text
    assert "29/30" in text and "27.5" in text and "36" in text
    assert "17,721" in text and "3,980" in text
    assert "-61.5" in text and "9/10" in text and "21 and" not in text and "18, 21, 26 numbers" in text


def test_the_original_and_ours_get_the_same_work(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "linjat-original-9x6-10").write_text("")
    assert find_reference(str(tmp_path)) == tmp_path
    theirs = original(tmp_path, "expert", 13, 9, 26, 3)
    mine = ours("expert", 13, 9, 26, 3, 1)
    assert theirs[0].endswith("linjat-original-13x9-26") and "--optimize_iterations=20000" in theirs
    assert "--score_dep=100" in theirs and "--seed=3" in theirs
    # every weight is given: the original's defaults are not our easy weights (square, dep and one-of are 1 there)
    easy = original(tmp_path, "easy", 9, 6, 10, 3)
    assert {"--score_square=0", "--score_dep=0", "--score_one_of=0", "--score_max_width=-1"} <= set(easy)
    assert mine[mine.index("--iterations") + 1] == "20000" and mine[mine.index("--seed") + 1] == "3"
    assert "-o" not in mine  # never -o /dev/null: saves are atomic renames


def test_render_names_the_seeds_and_each_seeds_median() -> None:
    results = {"machine": {"cpus": 2, "python": "3.11"}, "quality": {"iterations": 10000, "seeds": [2026, 7], "tiers": {
        "expert": {"levels": 20, "median": 175.5, "leaky": 0, "not_unique": 0, "failed": 0, "published_median": 189.0,
                   "by_seed": {"2026": 184.0, "7": 169.5}}}}}
    text = render(results)
    assert "base seeds 2026, 7, pooled" in text and "0/20" in text
    assert "expert median by base seed: 2026: 184, 7: 169.5" in text
    one = render({"machine": {"cpus": 2, "python": "3.11"}, "quality": {"iterations": 10000, "seeds": [7], "tiers": {}}})
    assert "base seed 7," in one and "by base seed" not in one


def test_bench_outside_a_checkout_says_so_in_one_line(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    # An installed wheel has no benchmarks/ beside the package: one line, exit 2, nothing measured.
    from linjat_editor.cli import bench, main

    monkeypatch.setattr(bench, "CHECKOUT", tmp_path)
    assert main(["bench", "--only", "engine"]) == 2
    said = [line for line in capsys.readouterr().err.splitlines() if "preparing the engine" not in line]
    assert len(said) == 1 and said[0].startswith("linjat bench:") and "checkout" in said[0] and str(tmp_path) in said[0]


def test_a_reference_folder_without_builds_is_an_error(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from linjat_editor.cli import main

    assert main(["bench", "--only", "speed", "--reference", str(tmp_path)]) == 2
    said = [line for line in capsys.readouterr().err.splitlines() if "preparing the engine" not in line]
    assert len(said) == 1 and str(tmp_path) in said[0] and "linjat-original-9x6-10" in said[0]


def test_render_prints_the_start_up_both_ways() -> None:
    up = {"date": "2026-11-27 02:00 UTC", "command": "linjat generate --size 13x9 --numbers 26 --iterations 1", "runs": 5,
          "in_process_s": 0.512, "served_s": 0.108, "load": 0.4}
    text = render({"machine": {"cpus": 2, "python": "3.11"}, "start_up": up})
    assert "--iterations 1, median of 5 (seeds 1-5), 2026-11-27 02:00 UTC (load 0.4)" in text
    assert "0.51 s in-process (LINJAT_SERVER=0), 0.11 s through the warm server" in text
    del up["served_s"]
    up["served"] = "no warm server (off)"
    assert "0.51 s in-process (LINJAT_SERVER=0), no warm server (off)" in render({"machine": {"cpus": 2, "python": "3.11"},
                                                                                   "start_up": up})


def test_two_workers_run_on_more_seeds_than_the_original(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The ratio to the original is over the seeds both ran; the speed-up over every two-worker seed."""
    import benchmarks.bench_runs as runs

    ran: list[tuple[str, int, int]] = []  # (who, seed, workers)

    def timed(command: list[str]) -> runs.Timing:
        if "--workers" not in command:  # the original: --seed=N
            seed, workers = int(next(w for w in command if w.startswith("--seed="))[7:]), 0
        else:
            seed, workers = int(command[command.index("--seed") + 1]), int(command[command.index("--workers") + 1])
        ran.append(("ours" if workers else "original", seed, workers))
        return runs.Timing(float(seed) * (1 if workers != 2 else 0.5) + (10 if not workers else 0), 0.0)

    monkeypatch.setattr(runs, "timed", timed)
    monkeypatch.setattr(runs, "warm_server", lambda: True)
    monkeypatch.setattr(runs, "as_installed", lambda: None)
    monkeypatch.setattr(runs, "SPEED_RUNS", (("13x9/26 expert", "expert", 13, 9, 26),))

    class Bar:
        def update(self, *args: object) -> None:
            pass

    out = runs.versus_original(tmp_path, 2, 4, Bar())  # type: ignore[arg-type]
    row = out["runs"]["13x9/26 expert"]
    assert sorted(s for who, s, _ in ran if who == "original") == [1, 2]
    assert sorted(s for who, s, w in ran if w == 1) == [1, 2, 3, 4] and sorted(s for _, s, w in ran if w == 2) == [1, 2, 3, 4]
    assert row["ours_1"] == 1 + 2 and row["original"] == 11 + 12  # seeds 1-2 only
    assert row["ours_1_on_two"] == 1 + 2 + 3 + 4 and row["ours_2"] == 5.0 and row["speedup_2"] == 2.0
