"""Computed diagnosis for transformers4rec.nvtabular-import-failed: why the hidden import failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RAPIDS = ("cudf", "cupy", "dask_cudf", "rmm", "dask_cuda")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    package = str(facts.get("package") or "NVTabular")
    missing = str(facts.get("missing_module") or "")
    import_error = str(facts.get("import_error") or "")
    install_list = str(facts.get("install_list") or "")
    registry = str(facts.get("registry") or "")
    top = missing.split(".", 1)[0]
    fix: list[str] = []
    if registry:
        diagnosis = f"the {package} data loader was never registered in {registry} (its imports failed when transformers4rec was imported)"
        text = (f"data_loader_engine='{package}' asks the registry {registry} for a loader that was never added: "
                "Transformers4Rec registers it only when the NVTabular / Merlin data-loading stack (nvtabular or "
                "merlin-dataloader, cudf) imports cleanly, and that import failed silently.")
        fix.append("Run python -c \"import nvtabular, cudf; from merlin.dataloader.torch import Loader\" (or from nvtabular.loader.torch import TorchAsyncItr on old releases) to see the import error, then install matching Merlin versions or run in the Merlin container.")
        fix.append("Without a GPU / RAPIDS, pick the loader the registry lists as available (the 'Available:' list in the KeyError, e.g. pyarrow) for data_loader_engine.")
    elif missing.startswith("nvtabular."):
        diagnosis = f"NVTabular is installed but has no module '{missing}' (version mismatch)"
        text = (f"NVTabular imports, but the module '{missing}' the helper asks for is not in this release: "
                "NVTabular moved its dataset / IO code to merlin-core (merlin.io) and Transformers4Rec of another "
                "release still imports the old path. Installing nvtabular again changes nothing.")
        fix.append("Install Transformers4Rec, NVTabular and merlin-core of the same Merlin release (one container tag, or pip install transformers4rec[pytorch,nvtabular] in a fresh environment).")
    elif top in _RAPIDS:
        diagnosis = f"RAPIDS module '{missing}' not installed"
        text = (f"The helper's GPU path needs RAPIDS and '{missing}' is not installed (usual on CPU-only machines, "
                "Colab CPU runtimes and plain pip environments).")
        fix.append("Install RAPIDS for the machine's CUDA version (conda -c rapidsai, or cudf-cu11 / cudf-cu12 wheels), or use the helper's CPU path / a non-NVTabular data loader.")
    elif top == "nvtabular":
        diagnosis = "nvtabular is not installed in this environment"
        text = "The nvtabular package itself is not importable in the Python environment that runs the job."
        fix.append("pip install the nvtabular version that matches transformers4rec (transformers4rec[nvtabular]) in the same environment, or run in the Merlin container.")
    elif missing:
        diagnosis = f"a dependency of {package} is missing: '{missing}'"
        text = (f"Importing {package} failed because '{missing}' is missing; the helper reported it as "
                f"'{package} is necessary ... please install'.")
        fix.append(f"Install '{missing}' in the same environment (the version the Merlin release pins).")
    elif ".so" in import_error:
        diagnosis = "a native library of the RAPIDS / NVTabular stack cannot be loaded"
        text = (f"{package} is installed but a shared library it loads fails: {import_error[:160]}. "
                "The CUDA build of cudf / NVTabular does not match the installed CUDA runtime or driver.")
        fix.append("Reinstall cudf / NVTabular for the CUDA version the driver supports, or use the Merlin container.")
    else:
        diagnosis = f"the import of {package} failed; the ValueError hides the reason"
        wanted = f" ({install_list})" if install_list else ""
        text = (f"The helper turned an ImportError into 'please install'{wanted}. The package may well be installed; "
                "the real error is the ImportError printed above the ValueError.")
        fix.append("Run python -c \"from nvtabular.io.dataset import Dataset; import cudf\" to see the real ImportError and fix that.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
