"""Computed diagnosis for spacy.model-version-incompatible: compare the model's and spaCy's versions."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OFFICIAL = re.compile(r"^[a-z]{2,3}_(?:core|dep|ent|vectors)_\w+$")


def _major_minor(text: str) -> tuple[int, int] | None:
    m = re.search(r"(\d+)\.(\d+)", text)
    if m is None:
        return None
    return int(m.group(1)), int(m.group(2))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "")
    required = str(facts.get("required") or "")
    current = str(facts.get("current") or "")
    if not model or not current:
        return None
    need = _major_minor(required)
    have = _major_minor(current)
    official = bool(_OFFICIAL.match(model))
    download = f"python -m spacy download {model}" if official else None
    if need is None or have is None:
        return None
    if need[0] != have[0]:
        diagnosis = f"major version mismatch (model for spaCy {need[0]}.x, installed {have[0]}.x)"
        text = (f"'{model}' was built for spaCy {need[0]}.x but spaCy {current} is installed: models do not load across "
                "major versions (v2 and v3 serialise pipelines differently); errors after this warning come from it.")
        fix = [f"Pin spaCy to the model: pip install 'spacy=={need[0]}.{need[1]}.*'"]
        if download:
            fix.insert(0, download + f"  (gets the {have[0]}.x release of the pipeline)")
        else:
            fix.append(f"Retrain/convert the custom pipeline with spaCy {have[0]}.x (python -m spacy init config + spacy train).")
    elif need < have:
        diagnosis = f"model older than spaCy ({need[0]}.{need[1]} < {have[0]}.{have[1]})"
        text = (f"'{model}' targets spaCy {required}, installed {current} is newer. Within one major version this often "
                "loads, but tag tables and component settings may differ.")
        fix = [download or f"Retrain the pipeline with spaCy {current}, or pin spaCy to {required}."]
    elif need > have:
        diagnosis = f"model newer than spaCy ({need[0]}.{need[1]} > {have[0]}.{have[1]})"
        text = f"'{model}' was built with spaCy {required}, newer than the installed {current}."
        fix = [f"pip install -U 'spacy>={need[0]}.{need[1]}'"]
    else:
        diagnosis = "patch-level drift"
        text = f"'{model}' ({required}) and spaCy {current} differ only at patch level: usually harmless."
        fix = [download or "Ignore, or retrain when convenient."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
