"""Computed diagnosis for python.sequence-index-type: the indexed expression and key (read from the failing
line), and from the container and key types what the value really is and how to reach the data."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_EXPR = r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*|\([^()]{0,60}\))*"
_STR_KEY = re.compile(rf"(?P<expr>{_EXPR}(?:\[[^\[\]]{{0,40}}\])*?)\[\s*(?P<key>['\"][^'\"]{{1,60}}['\"]|[A-Za-z_][\w.]*)\s*\]")
_LOOP = re.compile(r"\bfor\s+(?P<var>[A-Za-z_]\w*)\s+in\s+(?P<src>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^\[\]]{0,40}\]|\([^()]{0,60}\))*)")


def _indexed(code: str) -> tuple[str, str]:
    m = _STR_KEY.search(code)
    return (m.group("expr"), m.group("key")) if m else ("", "")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    container = str(facts.get("container") or "")
    numpy_msg = str(facts.get("numpy") or "")
    if not container and not numpy_msg:
        return None
    itype = str(facts.get("itype") or "")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    expr, key = _indexed(code)
    subj = f"`{expr}`" if expr else "the indexed value"
    low = code.lower()
    parts: list[str] = []
    fix: list[str] = []
    if numpy_msg:
        headline = "A NumPy array was indexed with a float, string or other non-integer index" + where
        parts.append("NumPy accepts only ints, slices, None/..., and integer or boolean arrays as indices. The index on this line is something else: most often a float (a value computed with / - true division in Python 3 - or read from float-typed labels/coordinates), a list of floats, a map/filter object (Python 3 returns an iterator, not a list) or a string.")
        if re.search(r"(?<![/])/(?![/=])", code):
            parts.append("The line divides with /, which yields a float.")
        fix.append("Make the index integer: use // instead of /, int(x) / int(round(x)) for scalars, idx.astype(int) (tensor.long()) for index arrays; wrap map(...) in list(...) or np.fromiter(..., dtype=int).")
    elif itype in ("float", "numpy.float64", "numpy.float32", "float64", "float32"):
        headline = f"A {container} was indexed with a float" + where
        parts.append(f"The {container} index is a {itype}: in Python 3, / always returns a float (len(x) / 2 is 2.0), and values read from arrays, JSON or pandas are often floats.")
        fix.append("Use integer division (//) or int(...) for the index.")
    elif itype == "tuple":
        m = re.search(rf"({_EXPR})\[[^\[\]]*,", code)
        if m:
            expr = m.group(1)
            subj = f"`{expr}`"
        headline = f"{subj[0].upper() + subj[1:]} is a Python {container}, indexed like a NumPy array (x[i, j] / x[:, k])" + where
        parts.append(f"A Python {container} takes one index at a time: x[i, j] and x[:, k] pass a tuple, which only NumPy arrays and tensors understand.")
        if container == "tuple" and re.search(r"\b(?:s|state|obs|observation|ob)\b", code):
            parts.append("If this value comes from env.reset() or env.step(): gym 0.26+ and gymnasium return (obs, info) from reset() and (obs, reward, terminated, truncated, info) from step(), so code written for older gym gets a tuple where it expects the observation array.")
            fix.append("Unpack the new API: obs, info = env.reset(); obs, reward, terminated, truncated, info = env.step(action) (done = terminated or truncated); or pin gym<0.26.")
        fix.append(f"Convert first (np.asarray({expr or 'x'}) / torch.as_tensor) and then index [i, j], or index step by step: {expr or 'x'}[i][j].")
    elif container == "string":
        loop = _LOOP.search(code)
        var_used = bool(loop and expr and expr.split("[")[0] == loop.group("var"))
        headline = f"{subj[0].upper() + subj[1:]} is a str, not a dict/record" + (f" (indexed with {key})" if key else "") + where
        parts.append(f"{subj} is a string, so [{key or 'key'}] cannot look up a field.")
        if var_used and loop:
            src = loop.group("src").strip()
            parts.append(f"It is the loop variable over `{src}`: iterating a dict yields its KEYS (strings), and iterating a string or a list of strings yields strings - `{src}` is not the list of records the loop expects.")
            fix.append(f"Iterate the records: for {loop.group('var')} in {src}.values(): (or .items()), or check the data format - `{src}` may be a dict (e.g. annotation 'regions' stored as a dict in one tool version and a list in another).")
        else:
            parts.append("Typical causes: looping over a dict (which yields its keys) and indexing the key; a field that holds JSON text not yet decoded (json.loads); a config/argument that is a plain string where a dict was expected; a dataset column (a list of strings) indexed as if it were a row.")
            fix.append(f"Print type({expr or 'x'}) and repr({expr or 'x'})[:200]; iterate dict.values()/.items() instead of the dict, json.loads() string fields, or index the row before the column.")
    elif container == "list" and itype == "str":
        headline = f"{subj[0].upper() + subj[1:]} is a list, indexed with a string key {key or ''}".rstrip() + where
        parts.append(f"{subj} is a list (of records), not a dict: [{key or 'key'}] needs a mapping.")
        if re.search(r"json\.load|jsonl|\.json\b", low):
            parts.append("The value comes straight from a JSON file whose top level is an array ([{...}, {...}]), not an object: the file has another format than the code was written for.")
        elif re.search(r"pipeline|pipe\(|generate|predict|outputs?\b|results?\b|preds?\b", low):
            parts.append("Pipelines and predictors return a list (one entry per input): take the element first (result[0]['label']).")
        else:
            parts.append("Common causes: a JSON/JSONL file whose top level is a list of records, a function or pipeline returning a list of dicts (one per input), or a batch collated as a list.")
        fix.append(f"Index the record first ({expr or 'data'}[0][{key or 'key'}]) or loop over the records (for rec in {expr or 'data'}: rec[{key or 'key'}]); if the file is in another format than the code expects, convert it or use the loader for that format.")
    elif container == "tuple" and itype == "str":
        headline = f"{subj[0].upper() + subj[1:]} is a tuple, indexed with a string key {key or ''}".rstrip() + where
        parts.append(f"{subj} is a tuple, which is indexed by position only.")
        if re.search(r"ckpt|checkpoint|torch\.load|state|pkl|pickle", low):
            parts.append("It looks like a loaded checkpoint/pickle: the file holds a tuple (e.g. several objects saved together, or a file from another project/version), not the dict of named entries the code expects.")
            fix.append(f"Print type({expr or 'ckpt'}) and len(...); unpack it by position (a, b, *_ = torch.load(path)) or use the checkpoint format the code expects (the official/original file).")
        else:
            parts.append("Typical causes: model outputs returned as a tuple (return_dict=False, an older transformers, torchscript/traced models, DataParallel gather), or a function that returns (a, b) where a dict was expected.")
            fix.append(f"Index by position ({expr or 'outputs'}[0]) or request dict outputs (return_dict=True); for a function result, unpack it (x, info = f(...)) and index the part that is a dict.")
    else:
        headline = f"A {container} was indexed with a {itype or 'non-integer'} key" + where
        parts.append(f"{container} indices must be integers or slices; this key is a {itype or 'non-integer value'}: the {container} is not the mapping the code expects, or the key was computed wrongly.")
        fix.append(f"Print type({expr or 'x'}) and the key; index by position, or convert the value to the mapping/array the code expects.")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg:
        parts.append(f"The indexing is inside {frame.pkg}: it received data of another shape than it expects (a list/str/tuple where it wants a dict) from your files, arguments or a version mismatch.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
