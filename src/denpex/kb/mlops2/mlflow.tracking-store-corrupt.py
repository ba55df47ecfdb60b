"""Computed diagnosis for mlflow.tracking-store-corrupt: which folder of which store is broken."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HEX_RUN = re.compile(r"^[0-9a-fA-F]{32}$")


def _split(path: str) -> list[str]:
    return [p for p in re.split(r"[\\/]+", path) if p]


def _uri(root: str) -> str:
    if re.match(r"^[A-Za-z]:[\\/]", root):
        return "file:///" + root.replace("\\", "/")
    if root.startswith("/"):
        return "file://" + root
    return "file:///abs/path/" + "/".join(_split(root)[-1:] or ["mlruns"])


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    yaml_path = str(facts.get("yaml_path") or "")
    sep = "\\" if "\\" in yaml_path else "/"
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if yaml_path:
        segs = _split(yaml_path)
        folder = yaml_path.rsplit(sep, 1)[0] if sep in yaml_path else "."
        derived["broken"] = folder
        is_run = len(segs) >= 3 and bool(_HEX_RUN.match(segs[-2]))
        root = sep.join(yaml_path.split(sep)[: -3 if is_run else -2]) if len(segs) >= 2 else ""
        kind = "run" if is_run else "experiment"
        parts.append(f"MLflow's file store read {folder} as an {kind} folder, but it has no meta.yaml.")
        if not is_run and segs[-2:-1] and not segs[-2].isdigit():
            parts.append(f"'{segs[-2]}' is not an MLflow experiment id: something other than MLflow wrote this folder into the tracking root "
                         f"{root or '(mlruns)'} (a saved model or artifact directory).")
            fix.append(f"Move {folder} out of the tracking root {root or 'mlruns'}; save models elsewhere or log them with mlflow.<flavor>.log_model.")
        else:
            fix.append(f"Remove (or move aside) {folder}; if the whole store is throwaway, delete {root or 'mlruns'} and MLflow recreates it.")
        if root:
            fix.append(f"Use one clean absolute store: export MLFLOW_TRACKING_URI={_uri(root)} "
                       "(or sqlite:///mlflow.db, which has no per-folder metadata).")
    else:
        return None
    fix.append("Keep mlruns out of git / cloud sync and never write your own files into it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
