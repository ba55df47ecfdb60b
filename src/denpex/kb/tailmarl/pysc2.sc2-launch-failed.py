"""Computed diagnosis for pysc2.sc2-launch-failed: read the path, map the Base build to a game version."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# build number (Versions/BaseNNNNN) -> game version, from pysc2's version table and the SMAC package
_BUILDS = {
    55958: "3.16.1", 56787: "3.17", 57507: "3.18.0", 58400: "3.19", 59587: "4.0", 60196: "4.1.0",
    60321: "4.1.1-4.1.4", 62347: "4.2.0", 62848: "4.2.1", 63454: "4.2.2-4.2.4", 64469: "4.3.0",
    65094: "4.3.1", 65384: "4.3.2", 65895: "4.4.0", 66668: "4.4.1", 67188: "4.5", 67926: "4.6.0/4.6.1",
    69232: "4.6.2", 70154: "4.7", 71061: "4.8.0", 71523: "4.8.1", 71663: "4.8.2", 72282: "4.8.3",
    75689: "4.10",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = str(facts.get("exec_path") or "")
    data_dir = str(facts.get("data_dir") or "")
    derived: dict[str, Any] = {}
    m = re.search(r"Base(\d{5})", path)
    build = int(m.group(1)) if m else None
    version = _BUILDS.get(build) if build else None
    if build:
        derived["build"] = build
        if version:
            derived["sc2_version"] = version
    build_txt = f" (build {build} = SC2 {version})" if version else (f" (build {build})" if build else "")
    fix: list[str] = []
    if sig == "binary-not-runnable":
        problem = str(facts.get("problem") or "")
        if "executable" in problem:
            diagnosis = f"{path} is not executable"
            text = f"The game binary {path}{build_txt} exists but has no execute permission (or sits on a noexec mount)."
            fix.append(f"chmod +x '{path}'  # and check `mount` for noexec on that filesystem")
        else:
            diagnosis = f"{path} does not exist"
            text = f"pysc2 looked for the game binary at {path}{build_txt} and it is not there."
            fix.append("Install the StarCraft II Linux package (install_sc2.sh / SC2.4.10.zip) there, or export SC2PATH to the real install.")
            if build and build != 75689:
                fix.append(f"The code asks for build {build}; if only another Base folder is installed, install that build or change the requested game_version.")
    elif sig in ("no-versions", "not-installed", "versions-dir-missing"):
        diagnosis = f"StarCraft II is not installed at {data_dir or 'SC2PATH'}"
        text = f"pysc2 found no StarCraft II install (Versions/BaseNNNNN/SC2_x64) under {data_dir or 'the SC2PATH location'}."
        fix.append("Install the game (Linux: install_sc2.sh or SC2.4.10.zip into ~/StarCraftII) and export SC2PATH to that folder.")
    elif sig in ("not-running-bailing", "websocket-connect-failed"):
        diagnosis = "the SC2 process exited before the websocket connected" + (f" (SC2 {version})" if version else "")
        text = ("pysc2 launched " + (path + build_txt if path else "StarCraft II") + " but the process was gone before its websocket "
                "answered: the game crashed or was killed at start-up.")
        fix.append("Read the game's output above the warning ('Fatal Error: ...'); run the binary by hand with -listen 127.0.0.1 -port 12000.")
        fix.append("With many parallel environments check memory (dmesg for OOM kills) and reduce the number of SC2 processes.")
    elif sig in ("sc2launcherror-failed-to-launch", "absl-failed-to-launch"):
        os_error = str(facts.get("os_error") or "")
        e = os_error.lower()
        where = (path + build_txt) if path else "the StarCraft II binary"
        if "errno 2]" in e or "winerror 2]" in e or "winerror 3]" in e or "no such file" in e:
            diagnosis = f"{path or 'the SC2 binary'} does not exist"
            fix.append("Install the StarCraft II Linux package there (install_sc2.sh / SC2.4.10.zip) or export SC2PATH to the real install.")
        elif "errno 13]" in e or "permission denied" in e:
            diagnosis = f"{path or 'the SC2 binary'} is not executable"
            fix.append((f"chmod +x '{path}'" if path else "chmod +x the Versions/BaseNNNNN/SC2_x64 binary") + "  # and check `mount` for noexec")
        elif "errno 8]" in e or "exec format" in e:
            diagnosis = f"{path or 'the SC2 binary'} is for another platform"
            fix.append("Use the Linux package on Linux (a Windows/macOS game folder or a truncated download cannot be executed).")
        elif "errno 12]" in e or "errno 11]" in e:
            diagnosis = "the OS could not create another SC2 process"
            fix.append("Run fewer parallel SC2 environments / free memory; each run starts its own SC2 process.")
        else:
            diagnosis = f"the OS refused to start {path or 'the SC2 binary'}"
            fix.append("Read the OSError logged under 'Failed to launch' (missing file, permission, exec format); check that SC2PATH holds Versions/BaseNNNNN/SC2_x64 and that it is executable.")
            fix.append("If it fails only when a second run starts, the process/memory limit is reached: run fewer SC2 environments at once.")
        text = f"pysc2 could not start {where}: subprocess.Popen raised an OSError" + (f" ({os_error})." if os_error else ".")
        if os_error:
            derived["os_error"] = os_error
    else:
        return None
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=tuple(fix), derived=derived)
