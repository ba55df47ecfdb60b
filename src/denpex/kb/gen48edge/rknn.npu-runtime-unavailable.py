"""Computed diagnosis for rknn.npu-runtime-unavailable: which side (PC toolkit, board daemon, kernel) to fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    code = str(facts.get("code") or "")
    ret = facts.get("ret")
    required = str(facts.get("required_version") or "")
    if not sig and not code and not required:
        return None
    if sig == "server-too-old" or required:
        diagnosis = "rknn_server on the board older than rknn-toolkit2"
        need = required or "the toolkit's version"
        text = f"The board's rknn_server is older than this rknn-toolkit2 requires (at least {need})."
        fix = (
            f"Copy rknn_server and librknnrt.so version {need} (same release as the toolkit) to the board, then restart rknn_server.",
            "Or install the rknn-toolkit2 release that matches the runtime already on the board.",
        )
    elif sig in ("insmod-rknpu", "driver-open-fail") or code == "ERROR_NO_DEVICE":
        diagnosis = "RKNPU kernel driver not loaded or device not accessible on the board"
        text = "librknnrt could not open the NPU device: the running kernel has no RKNPU driver or the process cannot see its device node."
        fix = (
            "dmesg | grep -i rknpu  # no output: flash the vendor kernel/image with the RKNPU driver",
            "Run with access to the device (sudo, or docker --device /dev/dri --privileged).",
        )
    elif sig in ("server-connect-fail", "server-abnormal") or code == "ERROR_PIPE":
        diagnosis = "rknn_server not running/answering on the board (connected-board mode)"
        text = "The toolkit reached the board over adb but rknn_server did not answer"
        if ret is not None and code:
            text += f" (ret = {ret}, {code})"
        text += "."
        fix = (
            "adb shell 'ps -ef | grep rknn_server'  # start it: adb shell restart_rknn.sh or 'nohup rknn_server &'",
            "Keep rknn_server/librknnrt on the board at the same version as rknn-toolkit2.",
        )
    else:
        diagnosis = "NPU device unavailable to the runtime"
        text = f"init_runtime found no usable NPU device ({code or 'device unavailable'})."
        fix = (
            "Check adb devices / target and device_id, rknn_server on the board, and the RKNPU driver (dmesg | grep rknpu).",
        )
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
