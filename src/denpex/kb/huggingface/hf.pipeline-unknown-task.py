"""Computed diagnosis for hf.pipeline-unknown-task: removed in v5, newer than the install, custom task, or not a task."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# tasks transformers 5 no longer registers (present in 4.x)
_REMOVED_V5 = {"summarization", "translation", "text2text-generation", "image-to-text", "conversational"}
# tasks added late in 4.x / 5.x, with the release that added them
_ADDED = {"image-text-to-text": "4.47", "any-to-any": "4.56", "keypoint-matching": "4.56", "image-feature-extraction": "4.38",
          "mask-generation": "4.29", "text-to-audio": "4.32", "text-to-speech": "4.32", "zero-shot-audio-classification": "4.26",
          "depth-estimation": "4.23", "document-question-answering": "4.20", "video-classification": "4.26", "image-to-image": "4.36"}


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = str(facts.get("task") or "").strip().strip("'\"")
    if not task:
        return None
    listed = set(re.findall(r"'([\w.-]+)'", str(facts.get("available") or "")))
    derived: dict[str, Any] = {"task": task}
    fix: list[str] = []
    base = task.split("_")[0] if task.startswith("translation_") else task
    v5_list = "any-to-any" in listed or ("image-text-to-text" in listed and "summarization" not in listed)
    if re.search(r"[\\/]|\s", task) or len(task) > 60:
        case = "not-a-task"
        text = (f"'{task[:80]}' is not a task name: a model path or a prompt was passed as pipeline()'s first argument, "
                "which is the task.")
        fix.append("Call pipeline(task='<task>', model='<repo or path>') with keyword arguments.")
    elif base in _REMOVED_V5 and (v5_list or not listed):
        case = "removed-in-v5"
        text = (f"'{task}' is one of the tasks transformers 5 removed from pipeline() (summarization, translation, "
                "text2text-generation, image-to-text); the code was written for transformers 4.x.")
        fix += ["pip install 'transformers<5'  # keep the code as it is",
                "or port it: pipeline('text-generation', model=<instruction model>) with a 'Summarize: ...' / chat prompt"]
    elif task in _ADDED:
        case = "newer-than-installed"
        text = f"'{task}' was added in transformers {_ADDED[task]}; the installed version is older."
        fix.append(f"pip install -U 'transformers>={_ADDED[task]}'")
    elif listed and task not in listed and "-" in task and re.match(r"^[a-z0-9]+(?:-[a-z0-9]+)+$", task) and not any(
            task.replace("-", "") == t.replace("-", "") for t in listed):
        case = "custom-task-not-registered"
        text = (f"'{task}' is not a transformers task: a library registers it on import (PIPELINE_REGISTRY), and it was "
                "not imported in this process or is a version that registers another name.")
        fix.append("Import the library that provides the task before calling pipeline() (e.g. import kvpress), at the "
                   "version its README names.")
    else:
        case = "unknown-name"
        near = sorted(t for t in listed if t.replace("-", "").startswith(task.replace("-", "")[:5]))[:3]
        text = f"'{task}' is not in the installed transformers' task list" + (f" (close: {', '.join(near)})." if near else ".")
        fix.append("Use one of the task names in the error's list, or upgrade transformers if the task is new.")
    derived.update(task_case=case, task_case_text=f" ({case.replace('-', ' ')})")
    if listed:
        derived["listed_tasks"] = len(listed)
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None
