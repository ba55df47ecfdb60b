"""Computed diagnosis for deepspeed.trainer-resume-load-returned-none: read the checkpoint folder name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("checkpoint_path")
    if not isinstance(path, str) or not path:
        return None
    path = path.rstrip("/.,;")
    latest = facts.get("latest_path")
    m = re.search(r"checkpoint-(\d+)$", path)
    step = int(m.group(1)) if m else None
    tag = f"global_step{step}" if step is not None else "global_stepN"
    derived: dict[str, Any] = {}
    if step is not None:
        derived["step"] = step
    if isinstance(latest, str) and latest:
        derived["diagnosis"] = "tag file 'latest' missing"
        text = (f"DeepSpeed found shard folders in {path} but no tag file ({latest}), so it loaded nothing and "
                f"Trainer stopped. The shards for this checkpoint should be in {path}/{tag}.")
    else:
        derived["diagnosis"] = "engine returned no load path"
        text = (f"DeepSpeed found global_step* folders in {path} but load_checkpoint returned no path; the usual cause is "
                f"a missing {path}/latest file (DeepSpeed logs 'Unable to find latest file at ...' as a warning).")
    fix = (f"ls {path} && cat {path}/latest   # expect {tag}",
           f"echo {tag} > {path}/latest   # if {path}/{tag} holds complete shards",
           "Otherwise resume from the previous complete checkpoint-* folder.")
    return Explanation(text=text, fix=fix, derived=derived)
