"""Computed diagnosis for paddleocr.dataset-sample-failed: what the msg says about the label line or paths."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msg = str(facts.get("msg") or "").strip()
    line = str(facts.get("data_line") or "").strip()
    path = str(facts.get("path") or "").strip()
    sig = str(facts.get("_signature") or "")
    if not any((msg, line, path)):
        return None
    derived: dict[str, Any] = {}
    low = msg.lower()
    image = line.split("\t")[0].split()[0] if line else ""
    if "does not exist" in low or "no such file" in low:
        derived["what"] = f": image {image or 'path'} not found under data_dir"
        text = (f"The image named in the label line ({image or msg}) does not exist under the configured data_dir. "
                "If every line fails the same way, data_dir and the paths in the label file do not join up.")
        fix = ("Set Train.dataset.data_dir so that data_dir + the path in each label line exists (or make the paths relative).",)
    elif "recursion" in low or sig == "getitem-recursion-frames":
        derived["what"] = ": every sample failed and the retry loop overflowed the stack"
        text = ("All samples failed to load: each failure retries another sample from inside __getitem__, so the calls "
                "nested until the recursion limit. The first 'When parsing line ... msg:' error of the run names the real cause.")
        fix = ("Scroll up to the first 'error happened with msg' and fix that (paths, tab separator, label JSON, dictionary).",
               "Run with Train.loader.num_workers: 0 and a 5-line label file to see the error once.")
    elif "index out of range" in low or "not enough values" in low:
        derived["what"] = ": the label line is not '<image path>\\t<label>'"
        text = "Splitting the label line on a tab did not give an image path and a label: the file uses spaces or has blank lines."
        fix = ("Rewrite the label file with exactly one tab between path and label, no blank lines, LF endings.",)
    elif "json" in low or "expecting" in low:
        derived["what"] = ": the detection label is not valid JSON"
        text = "The detection label after the tab is not the JSON list of {\"transcription\", \"points\"} objects PaddleOCR reads."
        fix = ("Export the labels with PPOCRLabel or check them with json.loads line by line.",)
    else:
        derived["what"] = f": {msg[:100]}" if msg else (f" ({image})" if image else "")
        text = (f"Loading the sample {image or 'from the label file'} raised {msg or 'an error (message not shown)'}. "
                "The dataset skips it and tries another; if this repeats for many lines the whole label file or config is wrong.")
        fix = ("Check the failing label line and image: tab-separated '<path>\\t<label>', file exists under data_dir, decodes.",)
    return Explanation(text=text, fix=fix, derived=derived)
