"""Computed diagnosis for absl.unparsed-flag-access: name the flag when the message shows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    flag = str(facts.get("flag") or "")
    which = f"--{flag}" if flag else "(name cut from the log)"
    if flag == "config" or flag.startswith("config."):
        text = (f"The ml_collections / absl config flag {which} was read (for example through _CONFIG.value) before "
                "FLAGS(argv) ran, so the config file was never loaded in this process.")
        fix = ("Read the config inside main started by app.run(main), or call flags.FLAGS(sys.argv) before reading it; "
               "in a notebook pass an explicit argv list with --config=<file>.",)
    elif flag:
        text = (f"Flag {which} was read before absl parsed the command line: the code runs outside app.run (notebook, "
                "imported library, spawned worker) or reads the flag at import time.")
        fix = ("Parse once before the first read: flags.FLAGS(sys.argv, known_only=True), or start the program with app.run(main).",)
    else:
        text = ("An absl flag was read before absl parsed the command line (the flag name is not in the visible part "
                "of the traceback).")
        fix = ("Parse once before the first read: flags.FLAGS(sys.argv, known_only=True), or start the program with app.run(main).",)
    return Explanation(text=text, fix=fix, derived={"which": which})
