"""Computed diagnosis for checkpoint.pickled-class-missing: which class, which package owns it, and how to get a version that has it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# ultralytics blocks whose first release is known: class -> (release that added it, model family)
_ULTRALYTICS = {
    "C3k2": ("8.3.0", "YOLO11"), "C2PSA": ("8.3.0", "YOLO11"), "C3k": ("8.3.0", "YOLO11"),
    "A2C2f": ("8.3.78", "YOLO12"), "AAttn": ("8.3.78", "YOLO12"), "ABlock": ("8.3.78", "YOLO12"),
}
_YOLO_REPO_TOPS = ("models", "utils")
_VERSION_IN_PATH = re.compile(r"[/\\][A-Za-z_][\w.]*?-(\d+\.\d+(?:\.\d+)?(?:\.post\d+|\.dev\d+)?)(?:-py[\d.]+\.egg|\.dist-info|\.egg-info)?[/\\]")


def _package(module: str, path: str | None) -> tuple[str, str]:
    """(package, where): where is 'installed', 'checkout' or 'project'."""
    top = module.split(".", 1)[0]
    p = (path or "").replace("\\", "/")
    if "site-packages/" in p or "dist-packages/" in p:
        return top, "installed"
    if top == "ultralytics":
        return top, "checkout"
    if top in _YOLO_REPO_TOPS and re.search(r"yolo(?:v\d+)?", p, re.I):
        m = re.search(r"(yolov\d+)", p, re.I)
        return (m.group(1).lower() if m else "yolov5"), "checkout"
    return top, "project"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr, module, path = facts.get("attr"), facts.get("module"), facts.get("path")
    weight = facts.get("weight")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []

    if facts.get("need_numpy") or facts.get("have_numpy"):
        need, have = facts.get("need_numpy", "1.26.1"), facts.get("have_numpy", "?")
        derived.update(missing="numpy._core (numpy 2)", package="numpy", advice=f"upgrade numpy from {have} to >= {need}")
        parts.append(f"{weight or 'The checkpoint'} was pickled under numpy 2 (it references numpy._core), and this environment has numpy {have}, "
                     f"which has no numpy._core; ultralytics asks for numpy>={need}.")
        fix.append(f"pip install -U 'numpy>={need}' (numpy 2.x if the rest of the stack supports it), in the interpreter that runs the load.")
        fix.append("Or re-save the checkpoint from an environment with numpy 1.x (load it there, save the state_dict), so no numpy 2 module paths remain in it.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)

    unpickled = str(facts.get("unpickled_module") or "")
    if unpickled and not weight and unpickled != "models" and not unpickled.startswith("models."):
        top = unpickled.split(".", 1)[0]
        if unpickled.startswith("numpy._core"):
            derived.update(missing="numpy._core (numpy 2)", package="numpy", advice="load it with numpy >= 2, or re-save it under numpy 1.x")
            parts.append("The file was pickled under numpy 2 (it references numpy._core) and this environment has numpy 1.x, which has no numpy._core.")
            fix.append("pip install -U 'numpy>=2' in the interpreter that loads it (if the rest of the stack supports numpy 2), or re-save the object from a numpy 1.x environment.")
            return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
        derived.update(missing=unpickled, package=top, advice=f"make {unpickled} importable where the file is loaded, or re-save it as a state_dict")
        parts.append(f"The file is a pickle that references classes of the module {unpickled}: loading it imports that module, and it is not importable "
                     f"here (the package that defined it is not installed, is another version, or was a project folder on sys.path when the file was saved).")
        fix.append(f"Load it where {top} is importable: install the package that provides it, or run from (or add to sys.path) the repository that saved the file.")
        fix.append("Then re-save only the weights (torch.save(model.state_dict(), path)) so the file no longer depends on that code.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)

    if not module and not attr:
        w = weight or "the checkpoint"
        derived.update(missing="the YOLOv5 repo's models package", package="yolov5",
                       advice="load it with the yolov5 repository, not the ultralytics package")
        parts.append(f"{w} was trained with the ultralytics/yolov5 repository: it pickles classes of that repo's top-level 'models' package "
                     "(models.yolo.Model, models.common.C3), which the ultralytics pip package does not contain, so torch.load failed with "
                     "No module named 'models' and ultralytics refused the file.")
        fix.append("Load it with the yolov5 repository: git clone https://github.com/ultralytics/yolov5 && cd yolov5 && python detect.py --weights /path/to/" + (w.replace('\\', '/').rsplit('/', 1)[-1] if weight else "best.pt") + " (or torch.hub.load('ultralytics/yolov5', 'custom', path=...)).")
        fix.append("To use the ultralytics package, retrain on it (yolo train model=yolov5su.pt or yolo11n.pt data=...), or export the YOLOv5 model to ONNX with the yolov5 repo.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)

    if not attr or not module:
        return None
    pkg, where = _package(module, path)
    derived["missing"] = f"{module}.{attr}"
    derived["package"] = pkg
    m = _VERSION_IN_PATH.search((path or "").replace("\\", "/"))
    have = facts.get("have_version") or (m.group(1) if m else None)
    if have:
        derived["have_version"] = have
    loc = f" (imported from {path})" if path else ""
    parts.append(f"The checkpoint references the class {module}.{attr}; the module {module}{loc} imports but has no {attr}, "
                 "so unpickling stopped before any weight was read.")

    if pkg == "ultralytics":
        known = _ULTRALYTICS.get(attr)
        if known:
            rel, fam = known
            derived["advice"] = f"upgrade ultralytics to >= {rel} ({fam})"
            parts.append(f"{attr} is a {fam} block, added in ultralytics {rel}" + (f"; this environment runs ultralytics {have}." if have else "; the installed ultralytics is older."))
            fix.append(f"pip install -U 'ultralytics>={rel}' with the same interpreter (python -m pip ...), then restart the process or notebook kernel.")
        else:
            derived["advice"] = "install the ultralytics release that saved the checkpoint"
            parts.append("The checkpoint was saved by another ultralytics release" + (f" than the installed {have}" if have else "") +
                         " (newer, or a fork such as a YOLOv10/v13 research repo that adds its own blocks).")
            fix.append("pip install -U ultralytics; if the model comes from a fork (yolov10, yolov13, a paper repo), install that fork's package (pip install -e . in its checkout) instead.")
        if where == "checkout":
            fix.append(f"The module was imported from a source checkout ({path}), not site-packages: update that checkout (git pull) or remove it from the path so the installed release is used.")
        else:
            fix.append("If the error persists after upgrading, the path in the message shows the copy that was imported: remove stale copies (~/.local, a cloned ultralytics folder in the working directory) or fix the notebook kernel's environment.")
    elif where == "checkout" and pkg.startswith("yolo"):
        derived["advice"] = f"update the {pkg} checkout to the release that trained the weights"
        parts.append(f"{module} belongs to a {pkg} repository checkout ({path}); the weights were trained with a newer version of that repo, which added or renamed {attr}.")
        fix.append(f"git pull the {pkg} checkout (or check out the release tag the weights come from) and run from its root.")
        fix.append(f"Or load the weights with the {pkg} version that trained them (torch.hub.load('ultralytics/{pkg}', 'custom', path=...) fetches the current one).")
    elif where == "installed":
        derived["advice"] = f"install the {pkg} version that saved the file"
        parts.append(f"{pkg} is installed" + (f" ({have})" if have else "") + f" but is another release than the one that wrote the file: {attr} was added later, or renamed/removed since.")
        fix.append(f"Install the {pkg} version that saved the file (pip install '{pkg}==<that version>'; pip install -U {pkg} if it was newer).")
        fix.append(f"Then load once and re-save in a version-independent form (state_dict/safetensors for models; for {pkg} objects, that library's own export format).")
    else:
        derived["advice"] = f"restore {attr} in {module} or re-save the checkpoint as a state_dict"
        parts.append(f"{module} looks like project code: {attr} was renamed, moved or deleted since the file was saved.")
        fix.append(f"Restore the name (in {module}: {attr} = <the class's new name>) or map it when loading with a pickle.Unpickler subclass whose find_class returns the new class.")
    fix.append("After it loads, save model.state_dict() (or safetensors) and build the model from code when loading, so the file no longer depends on class names.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
