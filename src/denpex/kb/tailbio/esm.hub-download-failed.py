"""Computed diagnosis for esm.hub-download-failed: which file, which HTTP status, what to do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = facts.get("model")
    kind = facts.get("kind")
    if not model or not kind:
        return None
    name = str(model)
    if name.endswith("-contact-regression"):
        name = name[: -len("-contact-regression")]
    status = facts.get("http_status")
    try:
        status = int(status) if status is not None else None
    except (TypeError, ValueError):
        status = None
    http = f", HTTP {status}" if status else ""
    fix: list[str] = []
    if "/" in name:
        diagnosis = f"'{name}' is not a fair-esm model name"
        text = (f"'{name}' looks like a Hugging Face repository id or a path; fair-esm names are bare "
                f"(e.g. {name.rsplit('/', 1)[-1]}), and local files need the .pt suffix.")
        fix.append(f"esm.pretrained.load_model_and_alphabet('{name.rsplit('/', 1)[-1]}')  or, for the HF id, transformers.EsmModel.from_pretrained('{name}')")
    elif status == 404:
        diagnosis = f"no file named {name}.pt on the fair-esm CDN (wrong name)"
        text = f"The CDN answered 404 for {name}: not a published fair-esm model (typo, ESM3/ESM C name, or a name from another tool)."
        fix.append("List valid names: python -c \"import esm.pretrained as p; print([n for n in dir(p) if n.startswith(('esm1','esm2','esm_'))])\"")
    else:
        what = "contact-regression weights" if kind == "regression" else "model weights"
        reason = "the CDN refused the request (403: proxy/firewall/region or a file no longer served)" if status == 403 else "the download failed"
        diagnosis = f"{what} for {name}: {reason}"
        text = (f"fair-esm fetched {'the model file, then ' if kind == 'regression' else ''}the {what} of {name} and {reason}.")
        fix.append(f"On a machine with access: wget https://dl.fbaipublicfiles.com/fair-esm/models/{name}.pt and "
                   f"https://dl.fbaipublicfiles.com/fair-esm/regression/{name}-contact-regression.pt, put both in one folder, then "
                   f"esm.pretrained.load_model_and_alphabet_local('/path/{name}.pt').")
        if kind == "regression":
            fix.append("For embeddings only, the regression file is optional: load the local model .pt without it (contact prediction is then unavailable).")
        fix.append(f"Or load the same weights from Hugging Face: transformers.EsmModel.from_pretrained('facebook/{name}').")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "http": http, "name": name})
