"""Computed diagnosis for bentoml.bento-not-found: which tag, which store, and how to get it there."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tag = str(facts.get("tag") or "")
    if not tag:
        return None
    if not facts.get("kind") and not facts.get("store"):
        # 'Invalid Tag X': X is not even a valid tag (bentoml serve fell back to reading a service path as a tag)
        derived = {"kind": "Bento", "tag": tag, "where": "(not a valid tag)"}
        if ":" in tag and (tag.split(":", 1)[0].startswith("_") or re.search(r"[A-Z/]|\.py", tag)):
            text = (f"bentoml serve got '{tag}', which looks like a service import path (module:attribute), could not import it from the "
                    "working directory, and then tried it as a Bento tag - which it is not (tags are lowercase letters, digits, '.', '_', '-', "
                    "starting with a letter or digit).")
            fix = ("Run bentoml serve from the folder that contains the service module (or pass --working-dir), and make the module import: "
                   "python -c 'import <module>' there shows the real ImportError.",
                   "With OpenLLM: install the bentoml version that openllm release requires (pip install -U openllm, or pin bentoml as its "
                   "requirements say); OpenLLM 0.4 generates _service:svc for the BentoML 1.1 API.")
        else:
            text = f"'{tag}' is not a valid BentoML tag: names must be lowercase letters, digits, '.', '_' or '-', starting and ending with a letter or digit (name:version)."
            fix = (f"Use the tag as bentoml list / bentoml models list prints it (lowercase), e.g. {tag.lower()}.",)
        return Explanation(text=text, fix=fix, derived=derived)
    kind = str(facts.get("kind") or "Bento")
    raw_store = str(facts.get("store") or "")
    m = re.search(r"<osfs '([^']+)'>", raw_store)
    store = m.group(1) if m else raw_store
    derived: dict[str, Any] = {"kind": kind, "tag": tag, "where": f"at {store}" if store else "of this machine"}
    name = tag.split(":", 1)[0]
    parts = [f"{kind} {tag} does not exist in {store or 'the local store'}."]
    fix: list[str] = []
    if kind == "Model":
        fix.append(f"See what is there: bentoml models list {name}")
        if re.match(r"^(pt|vllm|flax|tf|ggml|ctranslate)-", name):
            parts.append("This is an OpenLLM model tag: OpenLLM derives it from the model id and revision, so an openllm/bentoml version mismatch "
                         "or a local path instead of the hub id gives a tag that was never imported.")
            fix.append("Pin matching openllm and bentoml versions (pip install -U openllm), then openllm import/download the model again.")
        else:
            fix.append(f"Save it into this store (bentoml.<framework>.save_model('{name}', model)) or pull it: bentoml models pull {tag}.")
        if store.endswith("/bento/models"):
            parts.append("The store is inside a Bento container: the model was not packed into the Bento.")
            fix.insert(0, f"List '{name}' under models: in bentofile.yaml (or declare it with bentoml.models.BentoModel) and rebuild + containerize.")
    else:
        fix.append(f"Build it first (bentoml build in the project folder), check with bentoml list {name}, or bentoml pull {tag}.")
    if store and not store.endswith("/bento/models"):
        fix.append(f"Make sure every step uses the same store: BENTOML_HOME={store.rsplit('/', 1)[0] if '/' in store else store}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
