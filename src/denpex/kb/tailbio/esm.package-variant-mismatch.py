"""Computed diagnosis for esm.package-variant-mismatch: which 'esm' the code wants and which one it got."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FAIR_TOP = {"pretrained", "Alphabet", "BatchConverter", "FastaBatchedDataset", "ProteinBertModel", "ESM2",
             "MSATransformer", "inverse_folding", "esmfold", "data", "model"}
_ESM3_NAMES = {"load_local_model", "ESM3", "ESMC", "ESMProtein", "sdk", "models", "LogitsConfig", "GenerationConfig"}
_CLEAN = "pip uninstall -y esm fair-esm (and remove any leftover site-packages/esm directory)"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    attr = str(facts.get("attr") or "")
    sig = facts.get("_signature")
    if not module:
        return None
    want_fair = want_esm3 = False
    if sig == "model-not-a-package":
        diagnosis = "a stale esm/model.py (fair-esm 0.x layout or another 'esm') hides fair-esm's esm/model/ package"
        text = (f"fair-esm 1.0+ imports {module} from the package esm/model/, but the esm found first has a plain module "
                "esm/model.py: two esm installs are mixed in one directory, or an old copy sits earlier on sys.path.")
        want_fair = True
    elif sig == "esm3-module-missing":
        if module.startswith("esm.models.esmc"):
            diagnosis = "ESM C code needs EvolutionaryScale esm >= 3.1.0"
            text = f"{module} exists only in EvolutionaryScale's esm 3.1.0 and later; the installed esm is older or is fair-esm."
        else:
            diagnosis = "EvolutionaryScale ESM3/ESM C code, but fair-esm (or no esm 3.x) is installed"
            text = f"{module} belongs to EvolutionaryScale's esm 3.x; the imported esm is fair-esm or an old release."
        want_esm3 = True
    elif module == "esm.pretrained" and attr.startswith("esm2_"):
        diagnosis = f"fair-esm older than 1.0.0 (no {attr}) or another esm is imported"
        text = (f"{attr} is an ESM-2 loader, added in fair-esm 1.0.0; the imported esm.pretrained only knows older models "
                "(typical of fair-esm 0.4.x from conda-forge or an old pin).")
        want_fair = True
    elif module == "esm.pretrained" and attr.startswith("esmfold"):
        diagnosis = f"fair-esm older than 2.0.0 (no {attr})"
        text = f"{attr} arrived in fair-esm 2.0.0 together with ESMFold."
        want_fair = True
    elif module == "esm.pretrained" and attr in _ESM3_NAMES:
        diagnosis = f"ESM3/ESM C code imports {attr} but fair-esm's esm/pretrained.py is found"
        text = (f"{attr} lives in EvolutionaryScale's esm.pretrained; the file found is fair-esm's, so both distributions "
                "share site-packages/esm or fair-esm was installed last.")
        want_esm3 = True
    elif module == "esm.model" and attr in {"ProteinBertModel", "MSATransformer", "ESM2"}:
        diagnosis = f"code written for fair-esm 0.x: {attr} moved out of esm.model in fair-esm 1.0"
        text = (f"In fair-esm 1.0+ esm.model is a package and {attr} is exported from esm directly "
                f"(esm.{attr}); esm.model.{attr} only existed in fair-esm 0.x.")
        return Explanation(text=text,
                           fix=(f"Change the code to esm.{attr} (or from esm.model.esm1 import ProteinBertModel), "
                                "or pin pip install fair-esm==0.4.2 for that tool.",),
                           derived={"diagnosis": diagnosis})
    elif module == "esm" and attr in _FAIR_TOP:
        diagnosis = f"the imported 'esm' is not fair-esm (no esm.{attr}): EvolutionaryScale's esm or a local folder named esm"
        text = (f"fair-esm always has esm.{attr}; the esm that was imported does not, so it is EvolutionaryScale's esm 3.x "
                "(same import name) or a directory named esm in the working directory / on PYTHONPATH.")
        want_fair = True
    elif module == "esm" and attr in _ESM3_NAMES:
        diagnosis = f"ESM3/ESM C code but the imported esm has no {attr}: fair-esm or an old esm is installed"
        text = f"esm.{attr} belongs to EvolutionaryScale's esm 3.x."
        want_esm3 = True
    else:
        diagnosis = f"{module} has no {attr} in the installed esm variant/version"
        text = f"The imported {module} lacks {attr}: another esm distribution or release than the code expects."
    fix = [f"python -c \"import esm; print(esm.__file__)\"  # a path outside site-packages = local folder shadowing", _CLEAN]
    if want_fair:
        fix.append("pip install 'fair-esm>=2.0.0'  (ESM-1b / ESM-2 / ESMFold API: esm.pretrained.*, esm.Alphabet)")
    if want_esm3:
        fix.append("pip install 'esm>=3.1'  (EvolutionaryScale ESM3 / ESM C API: esm.models, esm.sdk), in an environment without fair-esm")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
