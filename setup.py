"""The search's playout engine and scorer compiled to C with mypyc, when the machine can build them.

The bots' strength is bounded by how many games they can play out per decision; the compiled modules
play about 1.7 times as many (docs/benchmarks.md). They are the same Python source, so the package runs
unchanged, only slower, wherever they are not built: without a C compiler, or with AMUL_TABLE_PURE=1.
AMUL_TABLE_OPT_LEVEL=0 compiles them unoptimised, in a quarter of the time (2 s of CPU instead of 9), for a
build whose contents matter and not its speed (the wheel tests/app/test_packaging.py builds).
Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = ["amul_table/ai/playout.py", "amul_table/ai/fastscore.py"]
# The rest of the package is read for types only, and PyYAML ships no stubs: neither may stop the build.
MYPY_FLAGS = ["--follow-imports=silent", "--ignore-missing-imports"]
OPT_LEVELS = ("0", "1", "2", "3")  # the C compiler's -O; mypyc's default is 3


class OptionalBuildExt(build_ext):
    """Builds the compiled modules if it can; a failed build leaves the pure-Python ones in use."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, no headers, a failed compile: the package still installs
            self._fall_back(error)

    def _fall_back(self, error: Exception) -> None:
        """All or none: a module built without the shared library mypyc puts beside it would not import."""
        for ext in self.extensions:
            built = self.get_ext_fullpath(ext.name)
            if os.path.exists(built):
                os.remove(built)
        print(f"amul_table: the playouts stay pure Python ({error})", file=sys.stderr)


def compiled_modules() -> list:
    if os.environ.get("AMUL_TABLE_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("amul_table: mypyc is not installed; playouts stay pure Python", file=sys.stderr)
        return []
    opt_level = os.environ.get("AMUL_TABLE_OPT_LEVEL", "3")
    if opt_level not in OPT_LEVELS:
        sys.exit(f"amul_table: AMUL_TABLE_OPT_LEVEL must be one of {', '.join(OPT_LEVELS)}, not {opt_level!r}")
    try:
        return mypycify([*MYPY_FLAGS, *COMPILED], group_name="amul_table_native", opt_level=opt_level)
    except (Exception, SystemExit) as error:  # a mypy that reads the source differently
        print(f"amul_table: mypyc could not compile the playouts ({error}); they stay pure Python", file=sys.stderr)
        return []


setup(ext_modules=compiled_modules(), cmdclass={"build_ext": OptionalBuildExt})
