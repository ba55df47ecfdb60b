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


def _bad_escape(facts: Mapping[str, Any]) -> Explanation:
    pos = facts.get("position")
    at = f" (character {pos} of a tokenizer pattern)" if pos not in (None, "") else ""
    text = ("Python's re module rejected a \\p{...} Unicode-property class" + at + ": such classes exist only in the "
            "third-party regex module, which spaCy 2.0 used to compile the tokenizer's prefix/suffix/infix rules. "
            "spaCy 2.1 switched to re, so a pipeline package built for spaCy 2.0 (its serialised tokenizer still "
            "holds the old patterns) cannot be loaded by spaCy 2.1+.")
    fix = ("python -m spacy download <model>  (installs the pipeline release built for the installed spaCy; then python -m spacy validate)",
           "Or pin spaCy to the model's release line: pip install 'spacy>=2.0,<2.1'",
           "Custom pipelines saved with spaCy 2.0: retrain, or load with 2.0 and re-save after replacing the tokenizer rules")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "pipeline for spaCy 2.0 under spaCy 2.1+"})


def _requirement_conflict(facts: Mapping[str, Any]) -> Explanation | None:
    required = str(facts.get("required") or "")
    current = str(facts.get("current") or "")
    if not required or not current:
        return None
    text = (f"An installed package (normally the pipeline/model package being loaded) requires spacy{required}, "
            f"but spaCy {current} is installed: spaCy was upgraded or downgraded after the model package was installed, "
            "and pkg_resources refuses to load the package whose requirement is not met.")
    fix = ("python -m spacy download <model>  (gets the model release for the installed spaCy; python -m spacy validate lists the mismatched ones)",
           f"Or put spaCy back into the model's range: pip install 'spacy{required}'")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"installed spaCy {current} outside the model's spacy{required}"})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "bad-escape-p":
        return _bad_escape(facts)
    if sig == "requirement-version-conflict":
        return _requirement_conflict(facts)
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
