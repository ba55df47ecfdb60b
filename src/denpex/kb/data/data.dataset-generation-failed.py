"""Computed diagnosis for data.dataset-generation-failed: the closest existing column or split name (difflib),
and what the cast error says about the files."""

from __future__ import annotations

import ast
import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# names a requested column is often called in other datasets (trainer expectation -> common alternatives)
_ALIASES = {
    "text": ("content", "document", "sentence", "body"),
    "messages": ("conversations", "conversation", "dialog", "chat"),
    "conversations": ("messages",),
    "prompt": ("instruction", "question", "input", "query"),
    "completion": ("response", "output", "answer", "chosen"),
    "label": ("labels", "target", "class"),
    "labels": ("label",),
    "validation": ("valid", "val", "dev", "eval", "test"),
    "test": ("validation", "valid", "val", "eval"),
}


def _names(raw: str) -> list[str]:
    raw = raw.strip()
    try:
        v = ast.literal_eval(raw)
        if isinstance(v, (list, tuple, set)):
            return [str(x) for x in v]
    except (ValueError, SyntaxError):
        pass
    return [m.group(1) or m.group(2) for m in re.finditer(r"'([^']*)'|\"([^\"]*)\"", raw)] or [raw.strip("[]'\" ")]


def _closest(want: str, have: list[str]) -> str | None:
    if not have:
        return None
    lower = {h.lower(): h for h in have}
    if want.lower() in lower:
        return lower[want.lower()]
    for alt in _ALIASES.get(want.lower(), ()):
        if alt in lower:
            return lower[alt]
    m = difflib.get_close_matches(want, have, n=1, cutoff=0.5) or difflib.get_close_matches(want.lower(), list(lower), n=1, cutoff=0.5)
    if m:
        return lower.get(m[0], m[0])
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    if "column" in g:
        wanted = _names(g["column"]) if g["column"].startswith("[") else [g["column"]]
        have = _names(g.get("columns", "[]"))
        parts: list[str] = []
        fix: list[str] = []
        for w in wanted:
            best = _closest(w, have)
            if best:
                parts.append(f"'{w}' is not a column; the closest existing one is '{best}'.")
                fix.append(f"If '{best}' holds the data you meant: ds = ds.rename_column('{best}', '{w}'), or point the trainer's column setting at '{best}'.")
            else:
                parts.append(f"'{w}' is not a column, and no existing column resembles it.")
        if not have:
            parts.append("The dataset has no columns at all: it is empty, or an earlier map/filter removed everything (check the errors above).")
            fix.append("Check the preprocessing step that produced this dataset (map with remove_columns, filter) and the raw data files.")
        else:
            parts.append(f"Existing columns: {', '.join(have[:12])}{' ...' if len(have) > 12 else ''}.")
        what = f"column {', '.join(repr(w) for w in wanted)} not in the dataset"
        return Explanation(text=" ".join(parts), fix=tuple(fix) or ("Use one of the existing column names.",), derived={"what": what})
    if "split" in g:
        want = g["split"]
        have = _names(g.get("splits", "[]"))
        best = _closest(want, have)
        text = f"Split '{want}' does not exist; the dataset defines {', '.join(have) or 'no splits'}."
        fix = []
        if best and best != want:
            text += f" The closest one is '{best}'."
            fix.append(f"Use split='{best}'.")
        if have == ["train"]:
            text += " Local JSON/CSV/parquet files loaded without a split mapping become a single 'train' split."
            fix.append("Create it: ds = load_dataset(...)['train'].train_test_split(test_size=0.05, seed=42) and use ds['test'], or pass data_files={'train': ..., 'validation': ...}.")
        fix.append("Or turn evaluation off / point the evaluation split setting at an existing split.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": f"split '{want}' does not exist (has {', '.join(have)})"})
    if "cast_detail" in g:
        d = g["cast_detail"]
        return Explanation(
            text=f"The data files do not share one schema: {d}. Every file of one configuration must have the same columns.",
            fix=("Make the files' keys identical (add the missing fields, drop or rename the extra ones), or split them into separate configurations / load them separately.",),
            derived={"what": "data files with different columns"},
        )
    if "script_path" in g or "data_path" in g:
        p = g.get("script_path") or g.get("data_path")
        return Explanation(
            text=f"Nothing loadable at {p}: no loading script and no data files matched there (relative paths resolve from the working directory).",
            fix=(f"ls {p}; pass the files explicitly: load_dataset('json', data_files='<path>/*.jsonl') (or 'csv'/'parquet').",),
            derived={"what": f"no dataset script or data files at {p}"},
        )
    if "dataset" in g:
        ds = g["dataset"]
        looks_path = ds.startswith(("/", ".", "~")) or "\\" in ds
        text = (f"'{ds}' looks like a local path that does not exist here, so it was looked up on the Hub." if looks_path
                else f"The Hub has no dataset '{ds}' that this token can see: a typo, a renamed dataset, or a private one without authentication.")
        return Explanation(
            text=text,
            fix=(f"Check https://huggingface.co/datasets/{ds} (or ls the local path); log in (hf auth login / HF_TOKEN) for private datasets.",),
            derived={"what": f"dataset '{ds}' not found"},
        )
    return Explanation(
        text="The builder failed while reading the data files; the exception printed just above 'An error occurred while generating the dataset' is the cause.",
        fix=("Fix the file or line named in that exception, then reload with download_mode='force_redownload'.",),
        derived={"what": "the dataset could not be generated (cause printed above)"},
    )
