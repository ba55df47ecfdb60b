"""Computed diagnosis for esm.esmfold-openfold-mismatch: OpenFold 2 layout vs broken download vs no OpenFold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OF1 = "pip install 'openfold @ git+https://github.com/aqlaboratory/openfold.git@4b41059694619831a7db195b7e0988fc4ff3a307'"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    keys_raw = facts.get("missing_keys")
    module = facts.get("module")
    if keys_raw:
        keys = [k.strip() for k in str(keys_raw).replace("\n", " ").split(",") if k.strip()]
        # terminal wrapping can split a key with spaces; rejoin pieces without a dot
        keys = ["".join(k.split()) for k in keys]
        n = len(keys)
        point_proj = [k for k in keys if ".linear_q_points.linear." in k or ".linear_kv_points.linear." in k]
        if point_proj and len(point_proj) == n:
            diagnosis = "OpenFold 2.x is installed; ESMFold's checkpoint uses OpenFold 1.0 parameter names"
            text = (f"All {n} missing keys are the IPA point projections ('...linear_q_points.linear...', '...linear_kv_points.linear...'): "
                    "the installed OpenFold builds them as PointProjection sub-modules (OpenFold 2), while esmfold_3B_v1.pt stores them flat "
                    "(OpenFold 1.0.x).")
            fix = (f"{_OF1} (OpenFold 1.0.1, the revision fair-esm names), in an environment of its own.",
                   "Or use transformers' EsmForProteinFolding.from_pretrained('facebook/esmfold_v1'), which does not need OpenFold.")
        elif n >= 20:
            diagnosis = f"{n} trunk keys missing: the checkpoint is incomplete or not an ESMFold checkpoint"
            text = (f"{n} keys are missing across the folding trunk, far more than a version difference explains: "
                    "the downloaded esmfold checkpoint is truncated/corrupt or the path holds another file.")
            fix = ("rm ~/.cache/torch/hub/checkpoints/esmfold_3B_v1.pt and run esm.pretrained.esmfold_v1() again (about 2.6 GB).",)
        else:
            diagnosis = f"{n} key(s) missing: the installed OpenFold differs from the one ESMFold was written for"
            text = f"The model built with the installed OpenFold expects {n} parameter(s) the checkpoint lacks: {', '.join(keys[:4])}."
            fix = (f"{_OF1}.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "key_count": n})
    if module:
        if module == "openfold":
            diagnosis = "OpenFold is not installed in this environment"
            text = "ESMFold imports OpenFold when it loads, and no 'openfold' package is importable here."
        else:
            diagnosis = f"the importable 'openfold' has no {module}: not the OpenFold ESMFold needs"
            text = (f"An 'openfold' package is importable but lacks {module}: another project with that name, a partial install, "
                    "or a local folder named openfold shadows the real one.")
        fix = ("pip install 'fair-esm[esmfold]' 'dllogger @ git+https://github.com/NVIDIA/dllogger.git'",
               f"{_OF1}  (needs nvcc matching torch.version.cuda)")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    return None
