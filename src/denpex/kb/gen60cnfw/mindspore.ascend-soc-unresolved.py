"""Computed diagnosis for mindspore.ascend-soc-unresolved: device not visible vs chip without an op-info table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    soc = str(facts.get("soc_version") or "")
    derived: dict[str, Any] = {}
    if sig == "get-soc-name-failed" or (not soc and "soc-name" in sig):
        derived["what"] = "the runtime could not read the NPU's SoC name (device not visible)"
        derived["cause"] = "device-not-visible"
        text = ("MindSpore asked the ACL runtime for the chip name and got none: this process does not see a working NPU "
                "(driver or /dev/davinci* not available in the container, CANN environment not sourced, driver older than CANN).")
        fix = ("Run npu-smi info in the same container/shell; if it fails, pass the davinci device nodes and driver mounts into the container.",
               "source /usr/local/Ascend/ascend-toolkit/set_env.sh before starting Python.")
        return Explanation(text=text, fix=fix, derived=derived)
    if not soc:
        return None
    derived["cause"] = "soc-without-op-info"
    inference_chip = soc.lower().startswith("ascend310")
    derived["inference_chip"] = inference_chip
    derived["what"] = f"this MindSpore build has no operator table for {soc}"
    text = f"The chip is {soc}, but the installed MindSpore has no operator-information table for it, so it cannot select kernels on this chip."
    if inference_chip:
        text += f" {soc} is an inference card: full MindSpore graph compilation (training, export.py) targets the 910 series."
        fix = (f"Export/convert the model on a 910 host and run it on {soc} with MindSpore Lite (converter_lite + mindspore_lite).",
               f"Or install a MindSpore release whose hardware list includes {soc}.")
    else:
        fix = (f"Install a MindSpore/CANN pair whose support matrix lists {soc}.",)
    return Explanation(text=text, fix=fix, derived=derived)
