"""Computed diagnosis for paddlenlp.taskflow-unknown-task: a task newer than the installed paddlenlp, or a typo."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Task names of released Taskflow registries (2.x). Only information_extraction carries a release number:
# maintainers answered its reports with "upgrade to 2.3".
_KNOWN = (
    "word_segmentation", "pos_tagging", "ner", "lexical_analysis", "dependency_parsing", "sentiment_analysis",
    "text_correction", "text_similarity", "knowledge_mining", "question_answering", "poetry_generation",
    "dialogue", "information_extraction", "text_classification", "zero_shot_text_classification",
    "text_summarization", "document_intelligence", "feature_extraction", "code_generation",
)
_ADDED = {"information_extraction": "2.3"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = str(facts.get("task") or "").strip().strip("'\"")
    if not task:
        return None
    derived: dict[str, str] = {}
    if task in _KNOWN:
        since = _ADDED.get(task)
        when = f"PaddleNLP {since}" if since else "a later PaddleNLP release than the one installed"
        text = (f"'{task}' is a real Taskflow task, added in {when}: the paddlenlp this process imports is older "
                "(or is not the copy you upgraded).")
        fix = [f"pip install --upgrade 'paddlenlp>={since}'" if since else "pip install --upgrade paddlenlp",
               "Restart the kernel/process after upgrading, then check paddlenlp.__version__ and paddlenlp.__file__",
               "If paddlenlp.__file__ points into a local PaddleNLP folder, run from another directory"]
        derived["kind"] = "task newer than the installed release"
        if since:
            derived["needs"] = f"paddlenlp>={since}"
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    close = difflib.get_close_matches(task.lower(), _KNOWN, n=1, cutoff=0.75)
    if close:
        text = f"'{task}' is not a Taskflow task name; the closest registered name is '{close[0]}'."
        fix = [f"Use Taskflow('{close[0]}')", "List the names of your version: from paddlenlp.taskflow.taskflow import TASKS; print(sorted(TASKS))"]
        derived["kind"] = "misspelled task name"
        derived["did_you_mean"] = close[0]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    text = (f"'{task}' is not in the task registry of the installed paddlenlp: either a newer release added it, or "
            "the name does not exist in PaddleNLP.")
    fix = ["Print the registered names: from paddlenlp.taskflow.taskflow import TASKS; print(sorted(TASKS))",
           "If the task is documented for a newer release, pip install --upgrade paddlenlp and restart the kernel"]
    derived["kind"] = "unknown task name"
    return Explanation(text=text, fix=tuple(fix), derived=derived)
