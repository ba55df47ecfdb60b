"""Computed diagnosis for python.operand-type-mismatch: the operator and operand types, and from the type pair
and the failing line where the wrong-typed value most likely came from (a number read as a string, a
ModelOutput unpacked like a tuple, a list used as an array, a method without (), a stray comma)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_NUM = {"int", "float", "bool", "complex", "numpy.int64", "numpy.float64", "numpy.float32", "numpy.int32", "Tensor", "numpy.ndarray", "decimal.Decimal"}
_SEQ = {"list", "tuple", "range", "dict_keys", "dict_values", "map", "zip", "generator"}
_CALL = {"method", "builtin_function_or_method", "function", "method-wrapper", "functools.partial"}
_HYPER = re.compile(r"\b(?:lr|learning_rate|weight_decay|eps|epsilon|momentum|beta\d?|warmup\w*|epochs?|num_\w+|batch_size|\w*steps?\w*|save_\w+|\w*_period|\w*_interval|seed|dropout|alpha|gamma|temperature|scale|ratio)\b", re.IGNORECASE)
_LITERAL = re.compile(r"(?:^|[^\w])[rfbu]?(['\"])[^'\"]*\1")


def _fmt(op: str, left: str, right: str) -> str:
    if op.startswith("unary") or op == "abs()":
        return f"{op} on a {left}"
    if op and left and right:
        return f"'{left}' {op} '{right}'"
    return f"'{left}' and '{right}'"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("operator") or "")
    left = str(facts.get("left") or "")
    right = str(facts.get("right") or "")
    if not (left or right):
        return None
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    concat = left in ("str", "list", "tuple", "bytes", "bytearray", "deque") and not op
    if concat:
        op = "+"
    if not left and right:  # can't multiply sequence by non-int of type X
        left, op = "sequence", "*"
    types = {left, right}
    pair = f"a sequence * a {right}" if left == "sequence" else _fmt(op, left, right)
    parts: list[str] = []
    fix: list[str] = []
    headline = ""
    hyper = _HYPER.search(code)
    if "NoneType" in types:
        other = right if left == "NoneType" else left
        headline = f"A value is None in {pair}" + where
        parts.append(f"One operand is None ({'comparison' if op in ('<', '>', '<=', '>=') else 'operation'} with a {other}): a variable that was never set (a best-metric or previous value initialised to None, a config/env value that is missing, a function without return).")
        fix.append("Initialise the value (best = float('inf') / float('-inf') instead of None) or handle None before the comparison/concatenation; find where it should have been set.")
    elif "str" in types and types & _NUM:
        num = (types - {"str"}).pop() if len(types) > 1 else "int"
        if re.search(r"\b(?:loss|logits|outputs?|hidden_states|preds?)\b", code, re.IGNORECASE) and left == "str" and not _LITERAL.search(code):
            headline = "A loss/output is a str: a transformers ModelOutput was unpacked like a tuple" + where
            parts.append(f"{pair}: the value used as a loss/output is a string. transformers models return a ModelOutput (dict-like); tuple-unpacking it (loss, logits = model(...)) iterates its KEYS, so loss is the string 'loss'.")
            fix.append("Read fields by name: outputs = model(**batch); loss = outputs.loss; logits = outputs.logits (or pass return_dict=False / use outputs.to_tuple() before unpacking).")
        elif concat and _LITERAL.search(code) and not hyper:
            headline = f"Text built with + and a {right}" + where
            parts.append(f"A string is concatenated with a {right} using +: Python does not convert numbers to text implicitly.")
            fix.append(f"Use an f-string (f'... {{value}}') or str(value); for paths use os.path.join / pathlib.Path(root) / name.")
        else:
            headline = f"A number is a string ({pair})" + where
            art = "an" if num[:1] in "aeiou" else "a"
            parts.append(f"{pair}: one operand is a str where {art} {num} was expected - a number that was never converted.")
            parts.append("Typical sources: an argparse argument declared without type=int/float (every CLI value is a string), a YAML value in scientific notation without a dot (PyYAML reads 1e-4 as the string '1e-4'), a quoted value in JSON/YAML, os.environ / input() / CSV fields (always strings), JSON object keys (always strings).")
            am = re.search(r"\b(?:args|opt|opts|FLAGS|flags|hparams|cfg|config|conf|params)(?:\.|\[['\"])(\w+)", code)
            name = am.group(1) if am else (hyper.group(0) if hyper else "")
            if am:
                g = am.group(0)
                shown = g + (g[g.index("[") + 1] + "]" if "[" in g else "")
                parts.append(f"The line reads `{shown}`: that argument/config value is a string.")
            conv = "float" if num == "float" else "int"
            if name:
                fix.append(f"Convert where the value is read: parser.add_argument('--{name}', type={conv}) for a CLI argument, {conv}(cfg['{name}']) for a config value, 1.0e-4 (with a dot) in YAML.")
            else:
                fix.append(f"Convert the value where it is read: {conv}(field) when parsing text/CSV/JSON fields, type={conv} on argparse arguments, {conv}(cfg[...]) for config values, 1.0e-4 (with a dot) in YAML.")
            if op in ("<", ">", "<=", ">=") and re.search(r"\b(?:sorted|sort|max|min)\(", code):
                fix.append("If a list mixes strings and numbers, clean it (convert every element) or sort with key=str.")
    elif left == "str" and right == "str" and op in ("/", "-", "*"):
        headline = f"Two strings combined with {op}" + where
        if op == "/":
            parts.append("'str' / 'str': paths are joined with / only on pathlib.Path objects; these are plain strings (a config/argparse path, os.path result).")
            fix.append("Wrap the first part in pathlib.Path (Path(root) / 'file') or use os.path.join(root, 'file').")
        else:
            parts.append(f"Two strings with {op}: both operands should be numbers; they were read as text (CLI/config/CSV values).")
            fix.append("Convert them with int()/float() where they are read (argparse type=, float(cfg[...])).")
    elif op.startswith("unary") or op == "abs()":
        headline = f"Unary {op.replace('unary ', '')} applied to a {left}" + where if op != "abs()" else f"abs() of a {left}" + where
        if re.search(r",\s*[-+]\s*[A-Za-z_(\"']", code) and left == "str":
            parts.append(f"The line has a comma directly before {op[-1]}: `..., {op[-1]} x` makes {op[-1]} a unary operator on the next value (a stray comma in a concatenation or call).")
            fix.append(f"Remove the stray comma (a + b, not a, + b) or use an f-string.")
        else:
            parts.append(f"{op} needs a number; the operand is a {left} (a value read as text, or a container/None where a number was expected).")
            fix.append(f"Convert the operand to a number (float(x)) or fix the value that produced a {left}.")
    elif left in _CALL or right in _CALL:
        f = left if left in _CALL else right
        headline = f"A {f} used as a value in {pair} (missing parentheses?)" + where
        m = re.search(r"\.(\w+)\s*(?:[-+*/%<>]|$)", code)
        meth = m.group(1) if m else ""
        parts.append(f"One operand is a {f}: it was referenced without calling it" + (f" (`.{meth}` instead of `.{meth}()`)" if meth else "") + (" - on tensors .size is a method: x.size(0) or x.shape[0]" if meth == "size" else "") + ".")
        fix.append("Call it: add the parentheses (x.size(0), len(x), obj.item()), or use the attribute meant (x.shape).")
    elif left == "sequence" or (types & _SEQ and types & _NUM):
        seq = left if left in _SEQ else right if right in _SEQ else "list"
        headline = f"A Python {seq if seq != 'sequence' else 'list'} used in arithmetic ({pair})" + where
        parts.append(f"{pair[0].upper() + pair[1:]}: a Python {seq if seq != 'sequence' else 'list/tuple/str'} takes part in arithmetic meant for numbers or arrays - lists only support + (concatenation) and * by an int (repetition).")
        if left == "sequence":
            parts.append(f"Here it is multiplied by a {right}: either the sequence should be a NumPy array/tensor (a config value given as a list, a list built in a loop), or the repeat count was computed with / (a float in Python 3).")
        fix.append("Convert to an array first (np.asarray(x) * 0.5, torch.tensor(x)), or use // / int(...) for a repeat count; if a config field should be a scalar, fix the config.")
    elif concat and left in ("list", "tuple") and right in ("list", "tuple", "torch.Size", "Size"):
        headline = f"A {left} concatenated with a {right}" + where
        parts.append(f"+ joins a {left} only with another {left}.")
        fix.append(f"Convert one side: {left}(x) + {left}(y) (e.g. x.shape + (1,) instead of x.shape + [1], list(a) + list(b)).")
    elif concat or left in ("bytes", "bytearray") or "bytes" in types:
        headline = f"{pair} cannot be concatenated" + where
        parts.append(f"+ between a {left} and a {right}: " + ("text and bytes differ in Python 3 - data read in binary mode, subprocess output or .encode() results are bytes." if "bytes" in types else f"a {left} concatenates only with a {left}."))
        fix.append("Decode/encode one side (b.decode('utf-8') / s.encode('utf-8')), open text files in text mode, or convert with str()/list()/tuple() as appropriate." if "bytes" in types else f"Convert the {right} to a {left} first, or use an f-string / unpacking ([*a, *b]).")
    elif left == "dict" and right == "dict":
        headline = f"Two dicts combined with {op}" + where
        parts.append("Dicts do not support + ; merge them with {**a, **b} or a | b (Python 3.9+).")
        fix.append("Use {**a, **b} (or a | b on Python 3.9+, a.update(b) in place).")
    elif op in ("<", ">", "<=", ">="):
        headline = f"Values of different types compared: {pair}" + where
        parts.append(f"{pair}: Python 3 does not order values of different types" + (" (sorted()/max()/min() over a list that mixes them)" if re.search(r"\b(?:sorted|sort|max|min)\(", code) else "") + ".")
        fix.append("Make the values one type before comparing (convert labels/ids consistently), or sort with an explicit key.")
    else:
        headline = f"Unsupported operand types: {pair}" + where
        parts.append(f"The operator {op} is not defined between a {left} and a {right}: one operand is not the type the expression was written for.")
        fix.append(f"Print both operands and their types; convert the wrong one where it is produced (e.g. torch.from_numpy / .numpy() between tensors and arrays, np.asarray for lists).")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg:
        parts.append(f"The operation is inside {frame.pkg}: it received a {left if left != 'sequence' else right} from your arguments or config where it expects another type - check the values you pass (config files, CLI flags).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
