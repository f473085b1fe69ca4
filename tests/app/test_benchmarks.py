"""The search benchmarks still run: with tiny fixed work, each prints its JSON (the hint's once broke unseen)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def run(script: str, *args: str) -> dict:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
def test_the_hint_benchmark_times_every_searched_decision():
    out = run("hint.py", "--samples", "4", "--json")
    assert [g["players"] for g in out["games"]] == [4, 8]
    assert all(g["decisions"] > 9 and 0 < g["median_s"] <= g["max_s"] for g in out["games"])


@pytest.mark.slow
def test_the_agreement_benchmark_compares_every_pair_of_sizes():
    out = run("agreement.py", "--games", "1", "--sizes", "8,4", "--game-playouts", "10")
    assert out["positions"] > 5
    assert set(out["agreement"]) == {"4 vs 4", "4 vs 8", "8 vs 8"}
    assert all(0 <= share <= 1 for share in out["agreement"].values())
    assert sum(kind["positions"] for kind in out["by_kind"].values()) == out["positions"]


def test_the_frames_benchmark_counts_the_frames_over_budget_after_a_resize_without_the_resize_frame():
    """The goal is the resize frame alone over budget: counting it among the frames after it read one too many."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("frames_benchmark", BENCHMARKS / "frames.py")
    frames = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(frames)
    figures = frames.resize_figures([118.0, 2.0, 20.5, 3.0])
    assert (figures["frame_ms"], figures["over_budget_after"], figures["after"]["max_ms"]) == (118.0, 1, 20.5)
    assert frames.resize_figures([118.0, 2.0])["over_budget_after"] == 0
