"""Computed diagnosis for dvc.checkout-missing-cache: which target/hash is absent everywhere."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    target = str(facts.get("target") or facts.get("missing_path") or "").strip()
    md5 = str(facts.get("md5") or "")
    count = facts.get("failed_count")
    if not target and not md5:
        return None
    what = f"'{target}'" if target else f"the object md5 {md5}"
    text = f"DVC has no copy of {what} in the local cache or on the remote, so it cannot be checked out."
    if md5.endswith(".dir"):
        text += " The hash is a directory manifest (.dir): the whole directory was never pushed."
    if isinstance(count, int) and count > 1:
        text += f" {count} files failed in all."
    t = target or "<target>"
    fix = (
        f"On the machine that produced it: dvc push {t}  (then dvc pull {t} here)",
        "Check the remote: dvc remote list; dvc status -c; pull from the one that holds it with dvc pull -r NAME",
        f"If the data is lost: regenerate it (dvc repro) and dvc push, or git checkout an older {t}.dvc / dvc.lock",
    )
    return Explanation(text=text, fix=fix)
