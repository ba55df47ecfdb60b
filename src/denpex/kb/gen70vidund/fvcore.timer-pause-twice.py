"""Computed diagnosis for fvcore.timer-pause-twice: where the second pause came from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = str(facts.get("caller") or "")
    fix: list[str] = []
    if caller == "test_net.py":
        where_text = " in PySlowFast tools/test_net.py"
        text = ("perform_test in tools/test_net.py called test_meter.iter_toc() a second time for the same batch "
                "(the duplicated gather/iter_toc block of the 2022 revision), so the meter's timer was already paused.")
        fix.append("Keep a single all_gather + test_meter.iter_toc() per batch in perform_test (delete the duplicated block) or update PySlowFast.")
    elif caller:
        where_text = f" (called from {caller})"
        text = (f"Code in {caller} paused a meter timer that was already paused: iter_toc()/pause() ran twice "
                "without iter_tic()/reset() or resume() between them.")
        fix.append(f"Make {caller} call iter_tic() once at the start and iter_toc() once at the end of each iteration.")
    else:
        where_text = ""
        text = ("A fvcore-style Timer was paused twice without resume() or reset() in between; the caller's "
                "bookkeeping is wrong, not the data or the model.")
        fix.append("Find the caller above fvcore/common/timer.py in the traceback and remove the second pause()/iter_toc().")
    return Explanation(text=text, fix=tuple(fix), derived={"where_text": where_text})
