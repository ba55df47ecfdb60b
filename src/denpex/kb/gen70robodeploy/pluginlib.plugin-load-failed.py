"""Computed diagnosis for pluginlib.plugin-load-failed: misspelled name, unseen package or unloadable library."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _norm(name: str) -> str:
    return name.replace("::", "/").lower()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("class_name") or "")
    base = str(facts.get("base_class") or "the base class")
    library = str(facts.get("library") or "")
    load_error = str(facts.get("load_error") or "")
    if library:
        if "undefined symbol" in load_error:
            diagnosis = "library loads with an undefined symbol"
            text = (f"The plugin is declared, but {library} does not open: it references a symbol no loaded library "
                    "provides (built against other dependency versions, or a link library is missing).")
            fix = ("Rebuild the plugin package from a clean build directory against the libraries installed here and "
                   "add the missing target_link_libraries; check with ldd -r on the .so.",)
        elif "cannot open shared object file" in load_error or "No such file" in load_error:
            diagnosis = "library or one of its dependencies not found"
            text = f"The plugin is declared, but {library} or a library it needs is not on disk or not on the loader path."
            fix = ("Build/install the plugin package (the .so must exist at the path in the XML) and install or add to "
                   "LD_LIBRARY_PATH the dependency ldd reports as 'not found'.",)
        else:
            diagnosis = "declared plugin library does not load"
            text = f"The plugin is declared, but class_loader could not open {library}."
            fix = ("Check PLUGINLIB_EXPORT_CLASS(Class, Base) matches the XML, and run ldd -r on the library.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if not cls:
        return None
    declared = [d for d in str(facts.get("declared") or "").split() if d]
    same = [d for d in declared if _norm(d) == _norm(cls)]
    close = difflib.get_close_matches(cls, declared, n=1, cutoff=0.8)
    if same:
        diagnosis = f"separator differs: declared as '{same[0]}'"
        text = (f"'{cls}' is declared as '{same[0]}': the lookup name uses the other separator (or case) than the "
                "plugin XML of this release.")
        fix = (f"Use '{same[0]}' in the launch file or parameter YAML.",)
    elif close:
        diagnosis = f"lookup name misspelled (did you mean '{close[0]}')"
        text = f"'{cls}' is not declared for {base}, but '{close[0]}' is: the name in the launch/params file is misspelled."
        fix = (f"Replace '{cls}' by '{close[0]}' in the launch file or parameter YAML.",)
    else:
        pkg = cls.replace("::", "/").split("/")[0]
        diagnosis = f"no package exporting '{cls}' is visible"
        text = (f"No plugin XML visible in this environment declares '{cls}' for {base}"
                + (f" ({len(declared)} other types are declared)" if declared else "")
                + f": the package '{pkg}' is not built/installed, its workspace is not sourced, or it does not export its plugin XML.")
        fix = (f"Build and source the workspace containing '{pkg}' (or apt install its ros-<distro>-{pkg.replace('_', '-')} package) "
               "and check its package.xml <export> / pluginlib_export_plugin_description_file.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
