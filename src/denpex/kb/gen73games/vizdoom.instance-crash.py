"""Computed diagnosis for vizdoom.instance-crash: engine start on a display-less host vs a mid-run death."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_START = {"init"}
_RUN = {"new_episode", "make_action", "advance_action", "respawn_player", "set_action"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "")
    display = bool(facts.get("display"))
    signal = facts.get("signal")
    crash_log = facts.get("crash_log") or "vizdoom-crash.log"
    sig_text = f" (signal {signal})" if signal else ""
    fix: list[str] = []
    if display or call in _START:
        where = "no X display" if display else "game.init()"
        diagnosis = f"engine crashed at start{sig_text}: {where}"
        text = (f"The Doom engine died while starting{sig_text}"
                + (", and the log says it could not open a display" if display else " in game.init()")
                + ": on servers, SSH sessions and containers the engine's window/renderer start is the usual fault.")
        fix.append("Call game.set_window_visible(False) and game.add_game_args('+vid_forcesurface 1') before game.init(), or run under xvfb-run -a.")
    elif call in _RUN:
        diagnosis = f"engine died mid-run in {call}(){sig_text}"
        text = (f"The engine process died while serving {call}(){sig_text}: the instance cannot be resumed; "
                "it is an engine crash or an external kill (OOM) in a long-lived process.")
        fix.append("Catch the ViZDoom exception, close() and recreate the DoomGame (restart the env worker), and check dmesg for an OOM kill.")
    else:
        diagnosis = f"engine process gone{sig_text}"
        text = f"The ViZDoom binding found its engine process gone{sig_text}; the native stack is in {crash_log}."
        fix.append(f"Read {crash_log} in the working directory; on a headless host hide the window and add +vid_forcesurface 1.")
    fix.append(f"Keep {crash_log} with the report: it holds the engine's own backtrace.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
