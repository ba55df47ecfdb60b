"""Computed diagnosis for lerobot.motor-bus-communication-failed: read the TxRxResult / RxPacketError and the ids."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ids(raw: Any) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", str(raw or ""))]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    txrx = str(facts.get("txrx") or "").strip().rstrip("!").strip()
    register = str(facts.get("register") or "")
    port = str(facts.get("port") or "")
    fix: list[str] = []
    if sig == "rx-packet-error":
        err = str(facts.get("packet_error") or "").strip()
        mid = facts.get("motor_id")
        who = f"motor {mid}" if mid not in (None, "") else "a motor"
        low = err.lower()
        if "voltage" in low:
            diagnosis = f"{who} reports an input voltage error"
            text = (f"{who.capitalize()} answered but flagged '{err}': its supply voltage is outside the servo's range "
                    "(12 V supply on 7.4 V servos or the reverse, a sagging supply, a bad power connector).")
            fix = ["Check the power supply against the servo variant (STS3215 7.4 V vs 12 V) and the connector; do not mix variants on one bus."]
        elif "overload" in low or "overele" in low:
            diagnosis = f"{who} is in overload protection"
            text = f"{who.capitalize()} flagged '{err}': it stalled or drew too much current and cut its torque."
            fix = ["Power-cycle the arm, free the joint mechanically, and check the calibration/ranges before re-enabling torque."]
        elif "overheat" in low:
            diagnosis = f"{who} overheated"
            text = f"{who.capitalize()} flagged '{err}'."
            fix = ["Let the servo cool, reduce holding torque/time, check for a joint that fights a limit."]
        else:
            diagnosis = f"{who} returned an error status ({err})"
            text = f"{who.capitalize()} answered with the hardware error '{err}'."
            fix = ["Power-cycle and scan the bus; replace the servo if the error persists."]
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
    if sig == "motor-check-failed":
        missing = facts.get("missing_id")
        bus = str(facts.get("bus") or "MotorsBus")
        if missing not in (None, ""):
            diagnosis = f"motor id {missing} does not answer on {port or 'the port'}"
            text = (f"{bus} found no motor with id {missing} on {port or 'the port'} at connect: that servo is unpowered, "
                    "its cable is loose, or it still has another id/baud rate.")
        else:
            diagnosis = f"expected motors missing on {port or 'the port'}"
            text = f"{bus} did not find every expected motor on {port or 'the port'} (or found wrong model numbers)."
        fix = ["Power-cycle; check the cable into the missing motor; if it was replaced, run lerobot-setup-motors for it.",
               "An empty found list means no power or the wrong port for this arm (lerobot-find-port)."]
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
    if sig not in ("sync-read-failed", "legacy-read-failed"):
        return None
    ids = _ids(facts.get("ids"))
    if not ids and facts.get("motor_id") not in (None, ""):
        ids = [int(facts["motor_id"])]
    if not ids and register.startswith(("Present_", "Goal_", "Torque_")):
        names = register.split("_", 2)[-1]
        ids_part = f" motors {names.replace('_', ', ')}" if names else ""
    else:
        ids_part = f" ids {ids}" if ids else ""
    op = str(facts.get("op") or "read").lower()
    tries = facts.get("tries")
    where = f" on {port}" if port else ""
    low = txrx.lower()
    if "no status packet" in low:
        diagnosis = f"{op} '{register}'{where}: no reply from{ids_part or ' the motors'}"
        text = (f"The {op} of '{register}'{where} got no status packet from{ids_part or ' the motors'}"
                + (f" after {tries} tries" if tries else "")
                + ": the addressed motors did not answer (power, cable, id/baud rate or wrong port).")
        fix.append("Power-cycle the arm and check the supply; reseat the daisy-chain cables (the first silent motor marks the bad link).")
        if len(ids) >= 5:
            fix.append("All motors silent at once: check power, the port (leader/follower swapped: lerobot-find-port) and that no other process uses it.")
        elif ids:
            fix.append(f"Only ids {ids} requested/failing: scan the bus and re-run lerobot-setup-motors for the ones that do not answer.")
        if tries in (1, "1"):
            fix.append("If it happens only now and then, read with retries (num_retry=3 / the robot's read-retry option).")
    elif "incorrect status packet" in low or "corrupt" in low:
        diagnosis = f"{op} '{register}'{where}: corrupted replies"
        text = f"The replies to the {op} of '{register}'{where} were corrupted ({txrx}): electrical noise, a baud-rate mismatch or two programs on the bus."
        fix += ["Use a short USB cable without hub, check grounding, close other programs on the port; confirm the baud rate the motors were set up with."]
    elif "port is in use" in low or "busy" in low:
        diagnosis = f"serial port{where} is in use"
        text = f"The {op} of '{register}' could not start: the port{where} is used by another process or thread."
        fix += ["Close other scripts (teleoperate/record/calibration GUI) that hold the port; do not read the bus from two threads."]
    else:
        diagnosis = f"{op} '{register}'{where} failed" + (f" ({txrx})" if txrx else "")
        text = f"The {op} of '{register}'{where} failed" + (f" with '{txrx}'." if txrx else ".")
        fix += ["Check power, cables, port and motor ids, then retry."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
