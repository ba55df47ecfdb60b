"""Computed diagnosis for diffusers.lazy-import-failed: read the inner error and name the package to fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NO_MODULE = re.compile(r"No module named '([A-Za-z0-9_.]+)'")
_CANNOT_IMPORT = re.compile(r"cannot import name '([A-Za-z0-9_]+)' from '([A-Za-z0-9_.]+)'")
_PIP_NAME = {"cv2": "opencv-python", "PIL": "pillow", "sklearn": "scikit-learn", "yaml": "pyyaml", "google": "protobuf"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "a diffusers module")
    cause = str(facts.get("cause") or "").strip()
    missing_name = str(facts.get("missing_name") or "")
    if missing_name and not cause:
        cause = f"name '{missing_name}' is not defined"
    if not cause:
        return None
    fix: list[str] = []
    m_mod = _NO_MODULE.search(cause)
    m_imp = _CANNOT_IMPORT.search(cause)
    if re.search(r"name '(?:PreTrained|CLIP|T5)\w*' is not defined", cause):
        diagnosis = "transformers is missing or fails to import"
        text = (f"{module} uses transformers classes that diffusers only imports when transformers is importable: "
                "transformers is not installed in this environment, or importing it fails.")
        fix += ["python -c \"import transformers\"  # shows the real failure", "pip install -U transformers"]
    elif m_mod:
        top = m_mod.group(1).split(".")[0]
        pkg = _PIP_NAME.get(top, top.replace("_", "-"))
        diagnosis = f"package '{top}' missing"
        text = f"Importing {module} needs the package '{top}', which is not installed in this environment."
        fix.append(f"pip install {pkg}  (in the environment the app runs in, e.g. ComfyUI's python_embeded)")
    elif m_imp:
        name, src = m_imp.group(1), m_imp.group(2)
        top = src.split(".")[0]
        diagnosis = f"{top} version does not provide {name}"
        if top == "huggingface_hub" and name == "cached_download":
            text = ("huggingface_hub 0.26+ removed cached_download, which diffusers < 0.26 still imports.")
            fix += ["pip install -U diffusers  (or pin huggingface_hub<0.26 for an old diffusers)"]
        else:
            text = (f"This diffusers imports {name} from {src}, which the installed {top} does not have: {top} is older "
                    "(or much newer) than this diffusers expects.")
            fix += [f"pip install -U {top.replace('_', '-')}  (or install the diffusers version the project pins)"]
    elif "torchvision::nms" in cause or "torchvision" in cause and "does not exist" in cause:
        diagnosis = "torchvision does not match torch"
        text = "torchvision was built for another torch version, so its compiled operators do not load."
        fix.append("Reinstall torch and torchvision as a matching pair from the same index (pip install torch torchvision --index-url ...).")
    elif "undefined symbol" in cause or "DLL load failed" in cause:
        lib = re.search(r"([A-Za-z0-9_]+)(?:\.cpython[^/\\\s:]*)?\.(?:so|pyd|dll)", cause)
        what = lib.group(1) if lib else "a compiled extension"
        diagnosis = f"{what} built for another torch/CUDA"
        text = (f"{what} is a binary extension compiled against a different torch (or CUDA/Python) than the one installed; "
                "its symbols do not resolve.")
        fix.append(f"Reinstall {what} built for the installed torch, or uninstall it if the app does not need it.")
    elif re.search(r"module 'torch(?:\.\w+)*' has no attribute|'_OpNamespace' .*has no attribute|cannot import name .* from 'torch", cause):
        diagnosis = "torch too old for this diffusers"
        text = "This diffusers uses torch features that the installed torch does not have (torch is too old)."
        fix.append("Upgrade torch (and matching torchvision/xformers), or install an older diffusers that supports this torch.")
    elif "numpy" in cause and ("dtype size changed" in cause or "compiled" in cause or "_ARRAY_API" in cause):
        diagnosis = "numpy ABI mismatch"
        text = "A compiled package was built against another numpy major version."
        fix.append("pip install 'numpy<2' or upgrade the compiled packages to numpy-2 builds.")
    elif "X509_V_FLAG_CB_ISSUER_CHECK" in cause:
        diagnosis = "pyOpenSSL/cryptography mismatch"
        text = "An old pyOpenSSL is used with a newer cryptography; the HTTP stack diffusers imports fails."
        fix.append("pip install -U pyopenssl cryptography")
    else:
        diagnosis = "a dependency failed to import"
        text = f"Importing {module} raised: {cause}. The package in that message is missing or at the wrong version."
        fix.append("Fix the package named in the inner error, then import diffusers again.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
