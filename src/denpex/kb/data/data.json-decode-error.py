"""Computed diagnosis for data.json-decode-error: what the parser message and position say about the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: v for k, v in facts.items() if v not in (None, "")}
    err = str(g.get("json_error") or g.get("arrow_error") or "")
    if not err:
        f = g.get("file")
        if not f:
            return None
        return Explanation(
            text=f"datasets could read {f} neither as JSON Lines (one object per line) nor as one JSON document holding a list of records; the error logged just before ('Failed to read file ... ArrowInvalid') says why pyarrow rejected it.",
            fix=(
                f"Check the shape of {f}: head -c 300 {f}. Convert it to JSON Lines, or pass field='<key>' when the records sit under a key of one JSON document.",
                "Make the field types consistent across records (a value that is a string in one record and a number in another cannot be converted).",
            ),
            derived={"what": f"no records could be read from {f}"},
        )
    line = g.get("line")
    col = g.get("column")
    char = g.get("char")
    f = g.get("file")
    where = f" in {f}" if f else ""
    low = err.lower()
    fix: list[str] = []
    if "straddling" in low:
        return Explanation(
            text=f"One JSON line{where} is longer than pyarrow's read block, so it spans two blocks: the file is valid but has very long records (or is a single huge JSON document).",
            fix=("load_dataset('json', data_files=..., chunksize=64 << 20) (block_size in older datasets releases), or convert a single big document to JSON Lines.",),
            derived={"what": "a JSON record larger than the read block"},
        )
    if "bom" in low:
        text, what = "The file starts with a UTF-8 byte order mark.", "UTF-8 BOM at the start of the file"
        fix.append("Open it with encoding='utf-8-sig' or strip the BOM (sed -i '1s/^\\xEF\\xBB\\xBF//' file).")
    elif "extra data" in low:
        text = f"The parser read one complete JSON document and found more data at line {line}, column {col}: the file holds several documents - JSON Lines read with json.load, or objects concatenated without a list."
        what = "several JSON documents in one file (JSON Lines read as one JSON document)"
        fix.append("Read it as JSON Lines: [json.loads(l) for l in open(path) if l.strip()] (load_dataset('json') does this for .jsonl), or wrap the objects in a list.")
    elif "changed from object to array" in low or "changed from array to object" in low:
        text = f"pyarrow expected one JSON object per line{where} but found an array: the file is a JSON array ([{{...}}, ...]) rather than JSON Lines, or a field is an object in some rows and a list in others."
        what = "JSON array where JSON Lines was expected (or mixed types)"
        fix.append("Convert to JSON Lines (one object per line), or load with field='<key>' for a document with a records list; make field types consistent.")
    elif "document is empty" in low or ("expecting value" in low and str(char) == "0" and str(line) == "1" and str(col) == "1"):
        text = f"The parser found nothing valid at the very first character{where}: the file is empty, or it is not JSON at all (an HTML error/login page, a Git LFS pointer 'version https://git-lfs...', a CSV), or an API answered with HTML instead of JSON."
        what = "the input is empty or not JSON at all (an HTML page or LFS pointer, for example)"
        fix.append("Check the first bytes: head -c 200 <file>; re-download (git lfs pull for LFS pointers; make the download fail on HTTP errors).")
    elif "invalid value" in low:
        text = f"pyarrow could not parse a value{where}" + (" in the first row" if "row 0" in low else "") + ": the content is not JSON Lines (CSV, HTML, Python repr with single quotes, NaN)."
        what = "not valid JSON Lines content"
        fix.append("Look at the first lines of the file; write data with json.dumps, not str(); replace NaN with null.")
    elif "expecting value" in low:
        text = f"A value is missing at line {line}, column {col}: an empty line parsed on its own, a trailing comma, NaN/None, or a line cut in the middle."
        what = f"missing value at line {line} column {col}"
        fix.append(f"Inspect the line: sed -n '{line}p' <file> | cut -c1-300; skip empty lines when reading JSON Lines.")
    elif "property name enclosed in double quotes" in low:
        text = f"A key at line {line}, column {col} is not a double-quoted string: Python dict repr (single quotes) or a trailing comma before '}}'."
        what = "single quotes / trailing comma (Python repr instead of JSON)"
        fix.append("Regenerate the file with json.dumps (never str(dict)); remove trailing commas.")
    elif "unterminated string" in low:
        text = f"A string starting at line {line}, column {col} never ends: the file was truncated (interrupted download/write, disk full) or contains a raw line break inside a string."
        what = "unterminated string (a truncated file, usually)"
        fix.append("Compare the file size with the source and re-download/regenerate it; escape newlines inside strings (json.dumps does).")
    elif "invalid control character" in low:
        text = f"A raw control character (tab/newline) appears inside a string at line {line}, column {col}."
        what = "raw control character inside a string"
        fix.append("Write the data with json.dumps, or read it with json.loads(s, strict=False).")
    elif "delimiter" in low:
        text = f"A ',' or ':' is missing at line {line}, column {col}: two values/objects follow each other without a separator (concatenated JSON, a hand-edited file)."
        what = f"missing delimiter at line {line} column {col}"
        fix.append(f"Inspect around line {line}; regenerate the file with json.dumps.")
    else:
        text = f"The JSON parser stopped{where}: {err}."
        what = err[:100]
        fix.append("Inspect the reported position in the file and regenerate the file with json.dumps.")
    fix.append("Validate every line before training: python -c \"import json,sys; [json.loads(l) for l in open(sys.argv[1]) if l.strip()]\" <file>.")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
