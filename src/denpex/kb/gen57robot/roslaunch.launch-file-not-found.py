"""Computed diagnosis for roslaunch.launch-file-not-found: package name vs file name problems."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FOLDER_SUFFIX = re.compile(r"-(?:master|main|devel|[a-z]+-devel|\d[\w.]*)$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    launch = str(facts.get("launch_file") or "")
    pkg = str(facts.get("package") or "")
    if not launch:
        return None
    fix: list[str] = []
    if facts.get("_signature") == "not-a-launch-file-name":
        text = (f"roslaunch got [{launch}] as its only file argument and it is neither an existing file nor resolvable; "
                "the usual form is roslaunch <package> <file.launch> [arg:=value].")
        fix.append(f"roslaunch <package> <file.launch> (check that {launch} is the package and that the file name follows it)")
        diagnosis = f"{launch} is not a launch file"
    elif "-" in pkg or _FOLDER_SUFFIX.search(pkg):
        text = (f"'{pkg}' looks like a folder or repository name; ROS packages are named by package.xml and cannot contain '-'.")
        fix.append(f"grep -r '<name>' $(find . -name package.xml -path '*{pkg}*') to get the real package name, then roslaunch <name> {launch}")
        diagnosis = f"{pkg} is a folder name, not a ROS package"
    else:
        text = (f"rospack could not give roslaunch a package [{pkg}] containing {launch}: most often the workspace is not "
                "sourced in this shell or the package was not built; otherwise the file is misspelled or in another package.")
        diagnosis = f"{launch} not found via package {pkg}"
    if not launch.endswith((".launch", ".xml", ".launch.xml")) and facts.get("_signature") != "not-a-launch-file-name":
        fix.append(f"{launch} has no .launch extension: give the launch file's full name")
    fix.append("cd <workspace> && catkin_make && source devel/setup.bash (add it to ~/.bashrc), then rerun")
    if pkg:
        fix.append(f"rospack find {pkg} && ls $(rospack find {pkg})/launch")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
