"""Computed diagnosis for dataloader.spawn-broken-pipe: which child failure (found near the broken pipe)
killed the spawned worker."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    child = str(facts.get("child_error") or "")
    start = str(facts.get("start") or "")
    where = "Windows (popen_spawn_win32): " if "win32" in start else ""
    if child.startswith("An attempt has been made"):
        diagnosis = "child re-ran the script: no if __name__ == '__main__' guard"
        text = ("The spawned child re-imported the script and reached the DataLoader/Process start again at module level "
                "(the 'bootstrapping phase' RuntimeError), so it exited and the parent's pipe broke.")
        fix = ("Put the code that builds and iterates the DataLoader into main() and call it under if __name__ == '__main__':.",)
    elif child in ("Can't get attribute", "Can't pickle", "cannot pickle"):
        diagnosis = "worker state could not be pickled/unpickled"
        text = ("The dataset, collate_fn or sampler could not be pickled or found again in the child (defined in a notebook / "
                "__main__, a lambda, or holding a lock or file handle).")
        fix = ("Move the Dataset and collate function into an importable module and keep open handles out of __init__ (open lazily in __getitem__).",)
    elif child in ("MemoryError", "The paging file is too small"):
        diagnosis = "child ran out of memory while starting"
        text = "The child failed while importing torch or unpickling the dataset because memory/pagefile was exhausted."
        fix = ("Lower num_workers, keep large arrays out of the Dataset object (load lazily), or enlarge the Windows pagefile.",)
    else:
        diagnosis = "the child's own error is elsewhere in the output"
        text = ("A spawned worker exited before receiving its pickled state; its traceback (spawn_main ...) is the cause. "
                "On Windows the usual reason is a script without an if __name__ == '__main__': guard.")
        fix = ("Find the child traceback (spawn_main / _fixup_main_from_path) and fix that error; add the __main__ guard if missing.",)
    text = where + text
    fix = fix + ("Workaround: DataLoader(..., num_workers=0).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
