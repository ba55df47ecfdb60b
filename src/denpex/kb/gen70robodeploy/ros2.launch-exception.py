"""Computed diagnosis for ros2.launch-exception: classify the launch exception message."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    m = re.search(r"executable '([^'\n]{1,200})' not found", reason)
    exe = m.group(1) if m else ""
    if "not found on the libexec directory" in reason:
        diagnosis = f"node executable '{exe}' not installed in the package's lib directory"
        fix = ("Install it into lib/<package> (setup.py entry_points console_scripts, or CMake install(TARGETS ... DESTINATION lib/${PROJECT_NAME})), "
               "colcon build, source install/setup.bash; check with ros2 pkg executables <package>.",)
    elif "not found on the PATH" in reason:
        if "Substitution object" in exe:
            diagnosis = "a substitution object was passed as the program name"
            fix = ("Pass plain strings or a list of substitutions that resolves to one program name in ExecuteProcess cmd.",)
        else:
            diagnosis = f"program '{exe}' not found on PATH"
            fix = ("Install the program or give its absolute path in ExecuteProcess cmd; source the workspace that provides it.",)
    elif reason.startswith("invalid syntax") or "Caught multiple exceptions when trying to load file" in reason:
        diagnosis = "launch file parsed in the wrong format (ROS 1 XML or unknown extension)"
        fix = ("Use a ROS 2 launch file named *.launch.py / *.launch.xml / *.launch.yaml; ROS 1 .launch XML must be ported.",)
    elif "was not found in the share directory" in reason:
        diagnosis = "launch file not installed in the package's share directory"
        fix = ("Install the launch folder (install(DIRECTORY launch DESTINATION share/${PROJECT_NAME}) or setup.py data_files) and rebuild.",)
    else:
        diagnosis = reason[:160] or "exception while loading or running the launch description"
        fix = ("Rerun with ros2 launch --debug to see the traceback behind the message.",)
    return Explanation(text=f"ros2 launch stopped on: {reason}", fix=fix, derived={"diagnosis": diagnosis})
