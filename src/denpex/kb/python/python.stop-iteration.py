"""Computed diagnosis for python.stop-iteration: which next() ran dry (DataLoader iterator, parameters()
of a DataParallel replica, os.walk/glob lookup, a generator under PEP 479) read from the traceback."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_LOADER = re.compile(r"next\(\s*(?:self\.)?\w*(?:iter|loader|batch|data|train|val|dl)\w*\s*\)|next\(\s*iter\(\s*[\w.]*(?:loader|dl|data)", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    gen_kind = str(facts.get("gen_kind") or "")
    stop = str(facts.get("stop") or "StopIteration")
    next_code = str(facts.get("next_code") or "").strip()
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    line = next_code or code
    parts: list[str] = []
    fix: list[str] = []
    if re.search(r"next\(\s*(?:self|[\w.]*model[\w.]*|module|m)\.(?:parameters|buffers|named_parameters)\(\)", line):
        headline = "next(self.parameters()) found no parameters" + where + ": nn.DataParallel replica (torch >= 1.5) or a parameterless module"
        parts.append(f"`{line}` asks the module for its first parameter to find its device/dtype, and the module has none: under nn.DataParallel on torch >= 1.5 the per-GPU replicas are built without registered parameters, so the generator is empty (the same code works on one GPU).")
        fix.append("Run with DistributedDataParallel (torchrun) or on one GPU (CUDA_VISIBLE_DEVICES=0), or take the device from an input tensor (x.device) / a registered buffer instead of next(self.parameters()); for transformers models, upgrade transformers (it no longer reads the device this way).")
    elif re.search(r"next\(\s*os\.walk\(", line):
        headline = "next(os.walk(...)) found nothing" + where + ": the directory does not exist"
        parts.append(f"`{line}`: os.walk yields nothing (and raises nothing) for a directory that does not exist or cannot be read, so next() on it raises StopIteration.")
        fix.append("Check the directory path (relative to the working directory) and that the data was downloaded/extracted; use next(os.walk(d), None) and raise FileNotFoundError(d) when it is None.")
    elif re.search(r"glob\(|iglob\(|\.glob\(|\.rglob\(|scandir\(|iterdir\(", line):
        headline = "next() on a file search that matched nothing" + where
        parts.append(f"`{line}`: the file pattern matched no file, so the first next() finds the iterator empty.")
        fix.append("Print os.getcwd() and the pattern, fix the folder/extension, and use next(iterator, None) with an explicit error when nothing matches.")
    elif re.search(r"entry_points|iter_entry_points|importlib\.metadata", line):
        headline = "next() on entry points found no plugin" + where
        parts.append(f"`{line}`: no installed package provides the entry point being looked up.")
        fix.append("Install the package that provides the plugin (pip show / pip install it in this environment) or check the entry-point group name.")
    elif gen_kind:
        headline = f"{gen_kind} raised {stop}" + where + " (PEP 479)"
        inner = f" (`{next_code}`)" if next_code else ""
        parts.append(f"A StopIteration escaped from inside a {gen_kind}{inner}. Before Python 3.7 this silently ended the {gen_kind}; since PEP 479 it is converted to RuntimeError, so code written that way (old data readers/batch generators) now fails - usually when the source data runs out at the end of an epoch or file.")
        fix.append(f"Inside the {gen_kind}: replace `raise StopIteration` with `return`, and wrap inner next() calls: try: item = next(src) except StopIteration: return.")
    elif _LOADER.search(line) or re.search(r"dataloader\.py|_next_data|DataLoader", code + str(facts.get("frame_file") or "")):
        headline = "next() on a data iterator that has no batch left" + where
        parts.append((f"`{line}` pulls" if line else "The code pulls") + " a batch by hand from an iterator over the data. It raises StopIteration when (a) the epoch ended and the iterator was not re-created (the error comes after exactly len(loader) steps), or (b) the loader yields nothing at all: an empty dataset, or drop_last=True with fewer samples than batch_size (for this rank).")
        fix.append("Restart the iterator at the end of each epoch: try: batch = next(it) except StopIteration: it = iter(loader); batch = next(it) (or loop over epochs with for batch in loader).")
        fix.append("If it fails on the first step: print(len(dataset), len(loader)); fix the data path/filter, or lower batch_size / set drop_last=False so at least one batch exists.")
    else:
        headline = "StopIteration: next() on an exhausted iterator" + where
        parts.append((f"`{line}`: " if line else "") + "next() was called outside a for loop on an iterator with no items left: it was consumed earlier or was empty from the start (no files, no samples, no matching element).")
        fix.append("Use next(iterator, default) and handle the default explicitly, or re-create the iterator; check why it is empty (print the source collection).")
    if frame.pkg and "parameters" not in headline:
        parts.append(f"The next() call is inside {frame.pkg}: it consumed an iterator built from your data or configuration.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
