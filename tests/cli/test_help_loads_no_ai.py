"""`amul-table --help` loads the command line and the words, not the AI, the window or the network's server:
the string tables hold the hints' reasons themselves (the AI gives only a code), and `review` loads the AI
when it runs. Run in a fresh interpreter, since the test process has imported everything already."""

from __future__ import annotations

import subprocess
import sys

LOADED = """
import contextlib, io, sys
from amul_table.cli.main import main
with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):
    main(["--help"])
print("\\n".join(sorted(sys.modules)))
"""


def modules_loaded_by_help() -> set[str]:
    done = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True, timeout=120, check=True)
    return set(done.stdout.split())


def test_help_loads_no_ai_and_no_drawing():
    loaded = modules_loaded_by_help()
    assert "amul_table.cli.main" in loaded and "amul_table.i18n" in loaded
    assert not {m for m in loaded if m.startswith(("amul_table.ai", "amul_table.scenes", "amul_table.sprites"))}
    assert not {m for m in loaded if m.split(".")[0] in ("pygame", "pygame_gui")}
