"""Computed diagnosis for rtvc.pretrained-models-missing: which model directories were checked and whether they were relative."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXPECTED = {
    "enc_models_dir": "pretrained.pt",
    "syn_models_dir": "pretrained/pretrained.pt",
    "voc_models_dir": "pretrained/pretrained.pt",
}


def _is_absolute(path: str) -> bool:
    return path.startswith(("/", "\\\\", "~")) or (len(path) > 2 and path[1] == ":" and path[2] in "\\/")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dirs = {k: str(facts[k]).strip() for k in _EXPECTED if facts.get(k)}
    if not dirs:
        return None
    relative = [d for d in dirs.values() if not _is_absolute(d)]
    expected = [f"{d.rstrip('/').rstrip(chr(92))}/{_EXPECTED[k]}" for k, d in dirs.items()]
    text = "Checked model folders: " + ", ".join(dirs.values()) + "; none exists."
    if relative:
        text += " They are relative paths, resolved against the directory the command was started from."
    fix = ["cd to the Real-Time-Voice-Cloning repository root (where demo_toolbox.py is) and run the command again"]
    fix += [f"make sure {p} exists there" for p in expected]
    return Explanation(
        text=text,
        fix=fix,
        derived={"relative_paths": "yes" if relative else "no", "expected_files": ", ".join(expected)},
    )
