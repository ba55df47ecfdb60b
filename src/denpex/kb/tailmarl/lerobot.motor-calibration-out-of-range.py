"""Computed diagnosis for lerobot.motor-calibration-out-of-range: read the reported value against the allowed range."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_float
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "homing-offset-overflow":
        try:
            mag = int(facts["magnitude"])
            mx = int(facts["max"])
        except (KeyError, TypeError, ValueError):
            return None
        diagnosis = f"homing offset {mag} overflows the {mx} limit"
        text = (f"The homing offset computed during calibration ({mag}) needs more than the servo register's {mx} magnitude "
                f"({mag - mx} over): the servo still carries an offset from a previous calibration.")
        fix = ("Unplug the arm's power supply and USB, plug back, then recalibrate.",
               "Start the calibration with every joint in the middle of its range.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if sig != "joint-out-of-range":
        return None
    motor = str(facts.get("motor") or "joint")
    unit = str(facts.get("unit") or "")
    raw = str(facts.get("value") or "").strip()
    val = as_float(raw)
    fix: list[str] = []
    if raw.lower() in ("inf", "-inf", "nan"):
        diagnosis = f"{motor}: zero-width calibrated range ({raw})"
        text = (f"{motor} reads {raw} {unit}: its calibration has the same start and end position, so the conversion divides by zero. "
                "The joint was not moved during calibration or the calibration belongs to another arm.")
        fix = [f"Delete the calibration file of this arm and recalibrate, moving {motor} fully open and closed when asked."]
    elif val is not None and unit == "degrees" and abs(val) > 300:
        diagnosis = f"{motor}: {val:g} degrees, far outside the calibrated range"
        text = (f"{motor} reads {val:g} degrees: about a full turn off, typical of swapped leader/follower ports, reversed motor IDs "
                "or a cable glitch (360 degree jump).")
        fix = ["Check the ports (lerobot-find-port) and motor IDs, reseat the cable, then recalibrate."]
    elif val is not None:
        diagnosis = f"{motor}: {val:g} {unit} outside the allowed range"
        text = f"{motor} reads {val:g} {unit}, outside the tolerance around its calibrated range."
        fix = ["Recalibrate this arm; if it persists check the motor ID order and the cable of this joint."]
    else:
        diagnosis = f"{motor}: reading outside the calibrated range"
        text = f"{motor} reported a position outside its calibrated range."
        fix = ["Recalibrate after checking ports, IDs and cables."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
