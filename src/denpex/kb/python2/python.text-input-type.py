"""Computed diagnosis for python.text-input-type: which text API rejected the value (regex, str.join, HF
tokenizer), the received type when the message gives it, and the cleaning step for that type."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_TYPE_FIX = {
    "float": ("a float - almost always NaN from an empty cell (pandas reads empty CSV/Excel cells as NaN) or a digit-only cell", "drop or fill missing text (df.dropna(subset=[col]) / fillna('')) and cast the column with .astype(str)"),
    "NoneType": ("None - a null JSON field, a missing dataset value or an unset option", "filter out None rows (ds.filter(lambda x: x[col] is not None)) or default to ''"),
    "int": ("an int - a digit-only text cell parsed as a number, or an id/label passed instead of the text", "cast with str(x) (read the CSV with dtype={col: str}) or pass the text field instead of the id"),
    "bytes": ("bytes - text read in binary mode or stored encoded", "decode it: x.decode('utf-8')"),
    "list": ("a list - already tokenized/segmented text or a batch nested one level too deep", "join it (' '.join(tokens)) or pass pre-split words with is_split_into_words=True"),
    "dict": ("a dict - a whole record/message passed instead of its text field", "pass the text field (x['text'] / x['content'])"),
    "bool": ("a bool - a config/prompt default of False", "use '' (empty string) as the default"),
    "Series": ("a pandas Series - a whole column or row passed where one string was expected", "apply the function per value (df[col].map(f)) or pass .tolist() to the tokenizer"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type") or "")
    hf = str(facts.get("hf") or "")
    index = facts.get("index")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    base = t.rsplit(".", 1)[-1]
    parts: list[str] = []
    fix: list[str] = []
    if hf:
        headline = "The tokenizer received a non-str text (NaN/None/number/bytes/list in the data)" + where
        if hf.startswith(("TextEncodeInput", "TextInputSequence", "PreTokenizedInputSequence")):
            parts.append("The fast (Rust) tokenizer rejected an element of the batch: every text must be a str (or a list of str with is_split_into_words=True). One element is None, a float NaN from an empty cell, a number, bytes or a nested list.")
        else:
            parts.append("transformers validated the tokenizer input and found a value that is not a str / List[str] / List[List[str]]: a None, NaN float, number, bytes or a structure nested differently (e.g. a dict or a tuple of lists).")
        fix.append("Clean the text column before tokenizing: df = df.dropna(subset=[col]); df[col] = df[col].astype(str) (datasets: ds.filter(lambda x: isinstance(x[col], str))).")
        fix.append("Bytes -> .decode('utf-8'); token lists -> ' '.join(...) or is_split_into_words=True; config/prompt defaults of None/False -> ''.")
        fix.append("To find the rows: [i for i, x in enumerate(texts) if not isinstance(x, str)].")
    elif index is not None:
        what, how = _TYPE_FIX.get(base, (f"a {t}", f"convert it with str(x)"))
        headline = f"str.join got {('an ' if t[:1] in 'aeiou' else 'a ') + t} at item {index}" + where
        parts.append(f"str.join only joins strings; item {index} is {what}.")
        fix.append(f"Convert the items: sep.join(map(str, items))" + (" and drop None/NaN first ([x for x in items if x is not None])" if base in ("NoneType", "float") else "") + f"; or fix the source: {how}.")
    else:
        what, how = _TYPE_FIX.get(base, (f"a {t}" if t else "not a str (often a NaN float from an empty cell, None, a number or a list)", "convert or drop it before the regex"))
        headline = ("A regex was applied to " + (("an " if t[:1] in "aeiou" else "a ") + t if t else "a non-string value")) + where
        parts.append(f"re.sub/findall/match need a str or bytes; the value is {what}.")
        if re.search(r"\.apply\(|\.map\(|lambda", code):
            parts.append("It runs inside a per-row apply/map, so one bad row (an empty cell) stops the whole column.")
        fix.append(f"Fix the value: {how}; in pandas: df[col] = df[col].fillna('').astype(str) before the cleaning function.")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg and frame.pkg not in ("transformers", "tokenizers"):
        parts.append(f"The call is inside {frame.pkg}: it received the non-str value from your data.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
