"""Computed diagnosis for roslaunch.node-type-not-found: missing package vs missing executable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "").strip()
    node_type = str(facts.get("node_type") or "").strip()
    if not pkg:
        return None
    node = str(facts.get("node") or "").strip()
    missing = str(facts.get("missing_package") or "").strip()
    apt = pkg.replace("_", "-")
    if node or facts.get("_signature") == "node-not-located":
        exe = node or node_type
        what = f"package {pkg} found but it has no executable '{exe}'"
        text = (f"rospack found {pkg}, but no executable file named {exe} is in it: the node was not built, the script "
                "is not executable, or the launch file names a type the package does not install.")
        fix = (f"catkin_make (or catkin build {pkg}) and read the build output; then source devel/setup.bash",
               f"Python node: chmod +x $(rospack find {pkg})/scripts/{exe}" if exe.endswith(".py") else
               f"C++ node: check add_executable({exe} ...) in {pkg}/CMakeLists.txt and ls devel/lib/{pkg}/",)
        return Explanation(text=text, fix=fix, derived={"what": what, "cause": "executable-missing"})
    gone = missing or pkg
    what = f"package {gone} is not on ROS_PACKAGE_PATH"
    text = (f"rospack cannot find the package {gone}: it is not installed or built, or this shell did not source the "
            "workspace that contains it.")
    fix = (f"sudo apt install ros-$ROS_DISTRO-{gone.replace('_', '-')}  (or clone {gone} into <ws>/src and build it)",
           "source <ws>/devel/setup.bash in this shell, then: rospack find " + gone,)
    if missing and missing != pkg:
        text += f" (the node type {pkg}/{node_type} belongs to {pkg}, the lookup failed on {missing})"
    derived = {"what": what, "cause": "package-missing", "apt_package": f"ros-<distro>-{(missing or apt).replace('_', '-')}"}
    return Explanation(text=text, fix=fix, derived=derived)
