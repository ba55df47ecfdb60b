"""Computed diagnosis for rasa.model-load-failed: classify the reason text."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = facts.get("reason")
    if not isinstance(reason, str) or not reason:
        return None
    r = reason.rstrip(".")
    low = r.lower()
    model_dir = facts.get("model_dir")
    if facts.get("_signature") == "nlu-server-failed-to-load" and not (
        "does not exist" in low or "no such file" in low
    ):
        where = f" '{model_dir}'" if isinstance(model_dir, str) and model_dir else ""
        diagnosis = "rasa_nlu model from another version"
        text = (f"The rasa_nlu server could not load the model directory{where} (error text: {r}). A bare key or "
                "index as the error (KeyError 'actions', IndexError 1) means the persisted component files or the "
                "spaCy model do not match what the installed rasa_nlu / spaCy versions read: the model was trained "
                "with another rasa_nlu or spaCy version (or language model).")
        fix = ("Retrain with the serving environment: python -m rasa_nlu.train -c <config> (same rasa_nlu and spaCy "
               "versions as the server), then restart the server on the new model directory.",
               "Or pin rasa_nlu and spaCy (and the spaCy language model) to the versions that trained it.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if "gzip" in low or "zip file" in low or "tarfile" in low or "could not be opened" in low:
        diagnosis = "not a model archive"
        text = (f"The file given as the model is not a Rasa .tar.gz ({r}). Usually --model is a quoted glob "
                "('models/*'), a directory given where a file is expected, a renamed .gz download, or a Git LFS pointer.")
        fix = ("ls -l models/ and pass one real archive: rasa run -m models/<timestamp>.tar.gz",
               "tar tzf <archive> must list its contents; re-download or retrain if it does not.")
    elif re.search(r"component_\d+_\w+.*does not exist", r):
        comp = re.search(r"component_\d+_(\w+?)\.", r)
        name = comp.group(1) if comp else "a component"
        diagnosis = "model from another Rasa version/pipeline"
        text = (f"The archive lacks the persisted file of {name}: it was trained by a different Rasa version "
                "(or pipeline) than the one loading it.")
        fix = ("Retrain with the installed version (rasa train) or install the version that trained it (see metadata.json).",)
    elif "does not exist" in low or "no such file" in low:
        diagnosis = "model path not found"
        text = f"The model path does not exist from the working directory: {r}."
        fix = ("Run from the project directory or pass an absolute path with --model.",)
    elif "is a directory" in low:
        diagnosis = "directory named like an archive"
        text = f"A directory has the archive's name ({r}); delete it and retrain."
        fix = ("rm -r models/ && rasa train",)
    else:
        diagnosis = "model load error"
        text = f"Loading the model raised: {r}. The traceback that follows shows which component failed."
        fix = ("Retrain with the installed Rasa version and check the component named in the traceback.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
