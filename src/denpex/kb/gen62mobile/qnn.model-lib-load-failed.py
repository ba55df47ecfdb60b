"""Computed diagnosis for qnn.model-lib-load-failed: what kind of file was passed to --model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip()
    dlerr = str(facts.get("dlerror") or "").strip()
    if not model and not dlerr:
        return None
    low = model.lower()
    if low.endswith(".dlc"):
        diagnosis = "DLC passed to --model"
        text = (f"{model} is a DLC container, not a QNN model library: qnn-net-run's --model only takes a .so built by "
                "qnn-model-lib-generator.")
        fix = (f"qnn-net-run --dlc_path {model} --model libQnnModelDlc.so --backend libQnnHtp.so --input_list input_list.txt",)
    elif low.endswith((".bin", ".serialized.bin")):
        diagnosis = "context binary passed to --model"
        text = f"{model} is a context binary: load it with --retrieve_context, not --model."
        fix = (f"qnn-net-run --retrieve_context {model} --backend libQnnHtp.so --input_list input_list.txt",)
    elif dlerr and dlerr != "(null)":
        diagnosis = "dynamic loader error"
        text = f"dlopen() failed for {model or 'the model library'}: {dlerr}."
        fix = ("Check the path, the ABI (file <lib>: aarch64 for Android devices) and LD_LIBRARY_PATH for its dependencies.",)
    else:
        diagnosis = "library without the QNN model interface"
        text = (f"{model or 'The model library'} loaded (dlerror() is (null)) but does not export the QNN model interface this "
                "qnn-net-run expects: it was built by another SDK release or is not a model library (e.g. an AI Hub asset "
                "of another kind).")
        fix = ("Download the .dlc or context-binary asset and run it with --dlc_path / --retrieve_context, or rebuild the .so with "
               "qnn-model-lib-generator -t aarch64-android from the same SDK as qnn-net-run.",)
    ver = facts.get("sdk_version")
    if ver:
        text += f" qnn-net-run is {ver}: the library/asset must come from the same SDK release."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
