"""The compiled playouts and scorer (setup.py, mypyc) are the pure-Python source, built from this source.

`make test` installs the package with them compiled, so every other test of playout.py and
fastscore.py exercises the C build; these tests hold the pure-Python modules to the same games.
"""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path
from types import ModuleType

import pytest

from amul_table.ai import fastscore, playout
from amul_table.rules import new_game
from amul_table.rules.phases import Phase

SOURCE = Path(__file__).resolve().parents[2] / "amul_table" / "ai"


def pure(name: str) -> ModuleType:
    """The module run from its .py file under another name: the interpreter, not the C build."""
    spec = importlib.util.spec_from_file_location(f"pure_{name}", SOURCE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(bool(os.environ.get("AMUL_TABLE_PURE")), reason="AMUL_TABLE_PURE: built without mypyc")
@pytest.mark.parametrize("module", [playout, fastscore], ids=["playout", "fastscore"])
def test_the_installed_modules_are_compiled_from_the_current_source(module: ModuleType):
    built = Path(module.__file__ or "")
    assert built.suffix == ".so", f"{built.name} is not compiled: the build fell back to pure Python (make)"
    source = SOURCE / f"{module.__name__.rsplit('.', 1)[1]}.py"
    assert built.stat().st_mtime >= source.stat().st_mtime, f"{built.name} is older than its source: run make"


def test_pure_and_compiled_playouts_play_the_same_games():
    """From random deals and mid-game positions, the same random stream gives the same games and totals."""
    slow_playout, slow_score = pure("playout"), pure("fastscore")
    for seed in range(120):
        players = 3 + seed % 6
        state = new_game(players, seed, tea=seed % 2)
        fast, slow = playout.from_state(state), slow_playout.from_state(state)
        stop = random.Random(seed).randrange(4)  # a few random rounds first: every phase gets played
        for sim, module in ((fast, playout), (slow, slow_playout)):
            rng = random.Random(seed)
            while sim.round <= stop and sim.phase != Phase.OVER:
                seat = module.pending_seats(sim)[0]
                module.step(sim, rng.choice(module.legal(sim, seat)))
            module.play_to_end(sim, rng)
        assert fast.areas == slow.areas and fast.hands == slow.hands, seed
        assert playout.result(fast, 0) == slow_playout.result(slow, 0)
        assert fastscore.totals(fast.areas) == slow_score.totals(slow.areas)
