"""YAML for the documents the tests build and change, read and written through libyaml as the game's own files are:
PyYAML's pure-Python `safe_dump`/`safe_load` took 10-60 ms a document, a third of some refusal tests' time."""

from __future__ import annotations

from typing import Any

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load(text: str) -> Any:
    """`yaml.safe_load`, through libyaml."""
    return yaml.load(text, Loader=_Loader)


def dump(data: Any, **options: Any) -> str:
    """`yaml.safe_dump(data, **options)`, through libyaml."""
    return yaml.dump(data, Dumper=_Dumper, **options)
