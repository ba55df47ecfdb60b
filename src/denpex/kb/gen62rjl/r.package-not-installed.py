"""Computed diagnosis for r.package-not-installed: how to install the named package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BIOC = {
    "Biobase", "BiocGenerics", "SingleCellExperiment", "SummarizedExperiment", "DESeq2", "edgeR", "limma",
    "scater", "scran", "GenomicRanges", "IRanges", "S4Vectors", "zellkonverter", "basilisk", "velociraptor",
    "AnnotationDbi", "org.Hs.eg.db", "BiocParallel", "DelayedArray", "HDF5Array", "rhdf5", "ComplexHeatmap",
}
_GITHUB = {"lgbdl": "Laurae2/lgbdl", "RLightGBM": "bwilbertz/RLightGBM", "tft": "mlverse/tft", "kerasR": "statsmaths/kerasR"}
_NOTES = {
    "devtools": "devtools is only needed for install_github: install.packages(\"remotes\") and use remotes::install_github(...) (lighter), or install.packages(\"devtools\").",
    "keras": "keras (R) is superseded by keras3 on CRAN: install.packages(\"keras3\"); keras3::install_keras() then sets up the Python side.",
    "keras3": "install.packages(\"keras3\") then keras3::install_keras() to create the Python environment.",
    "tensorflow": "install.packages(\"tensorflow\") then tensorflow::install_tensorflow() for the Python side.",
    "torch": "install.packages(\"torch\") then library(torch) (it downloads LibTorch/Lantern on first load, or run torch::install_torch()).",
    "lightgbm": "install.packages(\"lightgbm\") (CRAN has it since 3.0; the old lgbdl/RLightGBM routes are obsolete).",
    "reticulate": "install.packages(\"reticulate\"); keras/tensorflow import it, so a failed reticulate install breaks them.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "").strip()
    call = str(facts.get("call") or "").strip()
    if not pkg:
        return None
    fix: list[str] = []
    parts: list[str] = []
    if pkg in _BIOC:
        diagnosis = "bioconductor"
        fix.append(f"{pkg} is a Bioconductor package: install.packages(\"BiocManager\"); BiocManager::install(\"{pkg}\").")
    elif pkg in _GITHUB:
        diagnosis = "github-only"
        fix.append(f"{pkg} is not on CRAN: remotes::install_github(\"{_GITHUB[pkg]}\").")
    else:
        diagnosis = "cran"
        fix.append(_NOTES.get(pkg, f"install.packages(\"{pkg}\") and restart R (BiocManager::install or remotes::install_github if it is not on CRAN)."))
    if call in ("loadNamespace", "asNamespace", "getNamespace") or call.startswith("loadNamespace"):
        parts.append(f"‘{pkg}’ is missing while R loads a namespace: either you called {pkg}::something, or another package "
                     f"that imports {pkg} is being loaded and its dependency was never installed (or its install failed).")
        fix.append("If another package was being loaded, reinstall it with dependencies = TRUE and read the install log for the failing dependency.")
    else:
        parts.append(f"No library on .libPaths() of this R session contains ‘{pkg}’: it is not installed for this R version/library.")
    parts.append("Check .libPaths() in the failing session: an R upgrade, renv project library or Rscript vs RStudio use different folders.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis})
