"""Computed diagnosis for python.index-out-of-range: empty sequence vs off-by-one, read from the failing line
(glob/listdir results, split()[k], sys.argv, pop) and the size the message carries."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    what = str(facts.get("what") or "")
    index = facts.get("index")
    size = facts.get("size")
    axis = facts.get("axis")
    dimkind = str(facts.get("dimkind") or "axis")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    pkg, where = frame.pkg, frame.where
    parts: list[str] = []
    fix: list[str] = []
    if what:
        headline = f"IndexError: {what}" + (f" at {where}" if where else "")
    elif index is not None:
        headline = f"index {index} out of bounds for {dimkind} {axis} with size {size}" + (f" at {where}" if where else "")
    else:
        # matched without a message (a traceback whose last line was cut): say only what is known
        msg = str(facts.get("message") or "").strip()
        headline = "IndexError" + (f": {msg}" if msg else "") + (f" at {where}" if where else "")
    glob_m = re.search(r"(?:glob|listdir|scandir|iglob|rglob|os\.walk)\s*\(([^()]{0,160})", code)
    if glob_m or re.search(r"\b(?:f_list|file_list|files|ckpts?|checkpoints?|paths|images|img_list|filenames)\s*\[\s*-?[01]\s*\]", code):
        headline += ": the file list is empty (no file matched)"
        arg = glob_m.group(1).strip() if glob_m else ""
        parts.append("The line indexes a list of files, and the list is empty: " + (f"the pattern/folder {arg} matched nothing" if arg else "the folder or pattern matched no file") + ". glob and listdir never raise for that: a wrong folder, a relative path resolved from another working directory, files not downloaded or extracted yet (a pretrained checkpoint folder, a first run with no checkpoint to resume), or another extension/case (*.JPG vs *.jpg).")
        fix.append("Print os.getcwd() and the pattern, ls the folder, and put the expected files there (download the pretrained weights / run from the repository root); then guard the index: if not files: raise FileNotFoundError(f'nothing matches {pattern}').")
    elif re.search(r"sys\.argv\s*\[", code):
        headline += ": a command-line argument is missing"
        parts.append("sys.argv has fewer entries than the script reads: it was started without the positional argument(s) it expects.")
        fix.append("Run it with the arguments from the README (python script.py <arg1> <arg2> ...); better, parse them with argparse so a missing one gives a usage message.")
    elif re.search(r"\.(?:r?split|partition)\s*\([^()]{0,40}\)\s*\[", code):
        headline += ": the string does not contain the separator"
        parts.append("A string was split and the code takes a part that does not exist: the string (a file name, a line of an annotation file) does not contain the separator or has fewer fields - files named in another format than the code expects, a blank or header line, Windows '\\\\' separators where '/' is expected.")
        fix.append("Print the string that failed; rename the files or adapt the parsing (and skip blank/header lines) so every name has the expected fields.")
    elif what.startswith("pop"):
        headline += ": popping from an empty container"
        parts.append("pop() was called on an empty list/deque: a queue, stack or buffer was consumed more times than it was filled (more steps than items, a worker that produced nothing).")
        fix.append("Check the container is non-empty before pop() and find why fewer items were produced than consumed.")
    elif size == 0 or (isinstance(size, int) and size == 0):
        headline += ": the array is empty"
        parts.append(f"The array/tensor has size 0 along {dimkind} {axis}: it was built from zero items - an empty dataset or file list, a filter or mask that selected nothing, or a load that found no files.")
        fix.append("Print the shape where the array is created and the number of files/samples that fed it; fix the data path or filter so it is not empty.")
    elif isinstance(index, int) and isinstance(size, int) and index >= size:
        headline += ": index past the end" + (" (off by one)" if index == size else "")
        parts.append(f"Index {index} on an axis of size {size}: " + ("an off-by-one (valid indices are 0..size-1) or " if index == size else "") + "an index computed from other data - a class id >= the number of classes, a position from a longer sequence, a batch index beyond the last (smaller) batch.")
        fix.append(f"Check where the index comes from against the size ({size}): e.g. labels must satisfy 0 <= label < num_classes; use len()-based bounds and handle the last partial batch.")
    else:
        parts.append("The sequence is shorter than the code assumes: print its length and contents just before this line and trace back where it was filled (often from files, a dataset or model outputs with another structure).")
        fix.append("Print len(x) (or x.shape) before the failing line and fix the data or the index computation.")
    if pkg:
        parts.append(f"The failing index is inside {pkg}: the sequence came from your data or arguments (e.g. an empty list or batch passed in).")
    if code:
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
