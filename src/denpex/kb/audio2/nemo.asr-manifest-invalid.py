"""Computed diagnosis for nemo.asr-manifest-invalid: what the JSON error position says about the manifest."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    manifest = str(facts.get("manifest") or "").strip() or "the manifest"
    if sig == "invalid-structure":
        key = str(facts.get("key") or "audio file").strip()
        what = f"a record in {manifest} has no {key} key"
        wanted = "\"duration\"" if "duration" in key else "\"audio_filepath\" (or \"audio_filename\")"
        text = f"A record in {manifest} parsed as JSON but lacks the {key} key NeMo needs ({wanted})."
        fix = (f"Rename the keys in every record to audio_filepath / duration / text; check with: head -2 {manifest}",)
        return Explanation(text=text, fix=fix, derived={"what": what})
    if sig == "json-decode":
        jerr = str(facts.get("jerr") or "")
        jpos = str(facts.get("jpos") or "")
        m = re.match(r"line (\d+) column (\d+)", jpos)
        line, col = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        if jerr == "Expecting value" and line == 2 and col == 1:
            what = "blank line in the manifest"
            text = "A manifest line is empty (json.loads('\\n') fails at line 2 column 1): a trailing blank line or blank separators."
            fix = ("Remove blank lines: sed -i '/^\\s*$/d' manifest.json (also convert CRLF: dos2unix).",)
        elif jerr == "Extra data":
            what = "several JSON objects on one line"
            text = (f"A manifest line holds more than one JSON object (extra data at {jpos}): records were written without a newline "
                    "between them.")
            fix = ("Write each record as json.dumps(rec) + '\\n'.",)
        elif jerr.startswith("Expecting property name"):
            what = "manifest is pretty-printed JSON or Python dict repr"
            text = ("A line starts an object that does not continue on the same line, or uses single quotes: the manifest was written "
                    "with json.dump(..., indent=...) / as a JSON array, or with str(dict).")
            fix = ("Rewrite as JSON lines: for rec in records: f.write(json.dumps(rec, ensure_ascii=False) + '\\n').",)
        else:
            what = f"manifest line not valid JSON ({jerr})"
            text = f"A manifest line is not valid JSON ({jerr} at {jpos}): unescaped quotes/control characters or a truncated line."
            fix = ("Regenerate the manifest with json.dumps per record (it escapes quotes and control characters).",)
        return Explanation(text=text, fix=fix, derived={"what": what})
    if sig == "lhotse-misparse":
        what = "NeMo-style manifest parsed as Lhotse cuts"
        text = ("NeMo 2.x routed the manifest to the Lhotse parser (by its .jsonl / .jsonl.gz extension), but its records are NeMo "
                "manifest entries with audio_filepath.")
        fix = ("Rename the manifest to .json so it is read as a NeMo manifest, or convert it to Lhotse cuts and keep .jsonl.",)
        return Explanation(text=text, fix=fix, derived={"what": what})
    return None
