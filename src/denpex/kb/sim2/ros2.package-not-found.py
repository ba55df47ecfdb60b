"""Computed diagnosis for ros2.package-not-found: search list classified (underlay only, workspace, apt package)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DISTRO = re.compile(r"[/\\]opt[/\\]+ros[/\\]+(\w+)")
_STOCK = ("turtlebot3", "nav2", "gazebo_ros", "moveit", "ros_gz", "rviz", "robot_state_publisher",
          "joint_state_publisher", "xacro", "slam_toolbox", "tf2", "controller_manager", "ros2_control")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = facts.get("package")
    if not pkg:
        return None
    search = str(facts.get("search_path") or "")
    entries = [e.strip().strip("'\"") for e in search.split(",") if e.strip()]
    m = _DISTRO.search(search)
    distro = m.group(1) if m else None
    ws = sorted({re.split(r"[/\\]+install[/\\]+", e)[0] for e in entries if re.search(r"[/\\]install[/\\]", e)})
    derived: dict[str, Any] = {"distro": distro, "workspaces": ws}
    fix = []
    apt = f"sudo apt install ros-{distro or '<distro>'}-{pkg.replace('_', '-')}"
    if pkg.startswith(_STOCK):
        text = f"'{pkg}' is a stock ROS package that is not installed (or its underlay is not sourced)."
        fix.append(apt)
        derived["cause"] = "stock package not installed"
    elif search and not ws:
        text = (f"Only {', '.join(entries) or 'the underlay'} was searched: no workspace overlay is sourced in this shell, "
                f"so '{pkg}' from your workspace is invisible.")
        fix.append("cd <ws> && colcon build --symlink-install && source install/setup.bash (in this terminal and every new one).")
        derived["cause"] = "overlay not sourced"
    elif ws:
        text = (f"Workspace {', '.join(ws)} is sourced but has no installed '{pkg}': it was not built there "
                "(build failed/skipped, another workspace) or package.xml names it differently.")
        fix.append(f"cd {ws[0]} && colcon build --packages-up-to {pkg} && source install/setup.bash")
        fix.append(f"grep -r '<name>{pkg}</name>' {ws[0]}/src (check the name).")
        derived["cause"] = "package not built in the sourced workspace"
    else:
        text = f"ROS 2 package '{pkg}' is not in the ament index of this shell."
        fix.append("source /opt/ros/<distro>/setup.bash and <ws>/install/setup.bash, then ros2 pkg prefix " + pkg)
        derived["cause"] = "not in ament index"
    if "cause" in derived and derived["cause"] != "stock package not installed":
        fix.append(f"If it is a released package: {apt}")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
