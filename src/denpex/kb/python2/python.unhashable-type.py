"""Computed diagnosis for python.unhashable-type: which unhashable type was hashed, how (dict key, set
element, dict slice - read from the failing line) and the usual ML cause for that type."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_EXPR = r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*|\[[^\[\]]{0,40}\]|\([^()]{0,60}\))*"
_PANDAS = re.compile(r"\.(?:groupby|drop_duplicates|unique|nunique|value_counts|duplicated|pivot_table|set_index|isin)\(")
_JAX = ("ArrayImpl", "DynamicJaxprTracer", "JVPTracer", "BatchTracer", "Tracer", "DeviceArray")


def _use(code: str, container: str) -> str:
    """How the failing line needed a hash: 'set', 'key', 'pandas' or ''."""
    if container == "set element" or re.search(r"\bset\(|frozenset\(|\.add\(|\bCounter\(", code):
        return "set"
    if _PANDAS.search(code):
        return "pandas"
    if container == "dict key" or re.search(r"\.fromkeys\(|\.get\(|\bin\s+[A-Za-z_][\w.]*\s*(?::|$|\))|\[", code):
        return "key"
    return ""


def _sliced(code: str) -> str:
    m = re.search(rf"({_EXPR}?)\[[^\]]*:", code)
    return m.group(1) if m else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type") or "")
    tf = str(facts.get("tftype") or "")
    if not t and not tf:
        return None
    outer = str(facts.get("outer") or "")
    container = str(facts.get("container") or "")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    if frame.func == "__hash__":  # the library's own raise line says nothing about the caller
        where = ""
    parts: list[str] = []
    fix: list[str] = []
    if tf:
        kind = {"Tensors": "Keras symbolic tensor (KerasTensor)", "Variable": "tf.Variable"}.get(tf, "TensorFlow Tensor")
        headline = f"A {kind} was used as a dict key or set member (TF1-style code on TensorFlow 2)" + where
        parts.append(f"A {kind} was hashed: TensorFlow 2 compares tensors element-wise, so they cannot be dict keys or set members.")
        caller = str(facts.get("caller") or "").strip()
        if caller:
            parts.append(f"Calling line: `{caller}`.")
        if re.search(r"feed_dict|learning_phase|sess\.run", caller or code):
            parts.append("The line builds a feed_dict/session call: this is TensorFlow 1 graph code (placeholders fed through sess.run), which TF 2 with Keras 2.4+ no longer supports this way.")
        fix.append("Run the code with the TensorFlow/Keras versions it was written for (TF 1.x / Keras 2.2-2.3 for feed_dict/K.learning_phase() code), or port it to TF2: call the model eagerly (model(x, training=False)) instead of sess.run(feed_dict=...).")
        fix.append("Where a tensor must be a dict key, key by tensor.ref() (tensor.experimental_ref() on TF 2.0-2.1) and get the tensor back with .deref().")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    use = _use(code, container)
    base = t.rsplit(".", 1)[-1]
    inside = f"a {outer} containing a {t}" if outer and outer != t else f"a {t}"
    role = {"set": "a set element", "key": "a dict key", "pandas": "a pandas grouping/unique key"}.get(use, "a dict key or set element")
    if container:
        role = f"a {container}"
    if t == "slice":
        obj = _sliced(code)
        subj = f"`{obj}`" if obj else "the sliced object"
        headline = f"{subj} is a dict, not a list/array: it was sliced with [a:b]" + where
        parts.append(f"{subj} was indexed with a slice, which a dict treats as a key to hash (slices are unhashable before Python 3.12; on 3.12+ the same line raises KeyError: slice(...)). So {subj} is a dict or dict-like object (a JSON object, a dict of predictions or outputs, an OrderedDict, a networkx view) where the code expects a list, tuple or array.")
        fix.append(f"Check what produced {obj or 'it'} (print(type({obj or 'x'}))): if a loader or function returned a dict, take the sequence inside it (e.g. {obj or 'd'}['key'] or list({obj or 'd'}.values())) before slicing, or fix the producer to return the list/array.")
        fix.append("To take the first n entries of a dict: dict(itertools.islice(d.items(), n)) or list(d.items())[:n].")
    elif base == "ndarray":
        headline = f"A NumPy array was used as {role}" + where
        parts.append(f"A numpy.ndarray was used as {role}: arrays are mutable and compare element-wise, so they cannot be hashed." + (" set() over a 2-D array hashes each row (an array): one-hot or multi-column labels do this." if use == "set" else " A dict lookup with an array key usually means a value that should be a scalar is still an array (a one-element array from a model/argmax, a one-hot row)." if use == "key" else ""))
        fix.append("Use a scalar or tuple instead of the array: arr.item() for a single value (int(arr) / arr.argmax() for a class id), tuple(arr.tolist()) for a row; for label sets use np.unique(y) (np.unique(y, axis=0) for rows, y.argmax(axis=1) for one-hot).")
    elif t in ("list", "dict", "set", "bytearray", "dict_keys", "dict_values", "dict_items"):
        headline = f"{inside[0].upper() + inside[1:]} was used as {role}" + where
        if use == "pandas":
            parts.append(f"A pandas operation (groupby/unique/drop_duplicates/value_counts) hashed a {t}: the column holds {t}s (a list-valued or JSON column), which pandas cannot group or deduplicate.")
            fix.append("Convert the column first: df[col] = df[col].apply(tuple) (or json.dumps for dicts), or explode lists into rows with df.explode(col).")
        elif t == "list":
            parts.append(f"A list was used as {role}: lists are mutable and cannot be hashed. In ML code the value is usually a multi-value field (a list of labels or tokens, a nested list from JSON) where one label/id was expected, or set()/Counter over a list of lists.")
            fix.append("Use tuple(x) as the key/set element (set(map(tuple, rows))), or look the elements up one by one ([label2id[l] for l in labels]) if the list holds several labels.")
        elif t == "dict":
            parts.append(f"A dict was used as {role}: dicts are mutable. Typical causes: set() or dict.fromkeys() over a list of records (JSON objects, dataset rows), or a record passed where its id/name was expected.")
            fix.append("Key by a field of the record (rec['id'], rec['name']), or by tuple(sorted(rec.items())) / json.dumps(rec, sort_keys=True) to deduplicate whole records.")
        elif t == "set":
            parts.append(f"A set was used as {role}: sets are mutable.")
            fix.append("Use frozenset(s) as the key or set member.")
        else:
            parts.append(f"A {t} was used as {role}: it is mutable and cannot be hashed.")
            fix.append(f"Convert it to an immutable value first (tuple(...) / bytes(...)).")
        if outer and outer != t:
            parts.append(f"The key itself is a {outer}, hashable only when every element is: one of its elements is a {t}.")
            fix.insert(0, f"Make every element of the {outer} hashable (convert the inner {t} to a tuple/frozenset), or key by fewer fields.")
    elif base in ("Series", "DataFrame", "Index"):
        headline = f"A pandas {base} was used as {role}" + where
        parts.append(f"A pandas {base} was hashed: typically mapping[df['col']] or a {base} inside set()/a dict key, where the code meant its values element by element.")
        fix.append("Map element-wise with df['col'].map(mapping) (or .apply), take a scalar with .iloc[0]/.item(), or use .tolist() when building a set.")
    elif base in _JAX or "jax" in t.lower():
        headline = f"A JAX array ({t}) was used as {role}" + where
        parts.append("JAX arrays and tracers are unhashable: passing one as a static argument of jax.jit (static_argnums/static_argnames) or as a dict key hashes it.")
        fix.append("Do not mark array arguments static (keep static args to Python ints/strings/tuples), or convert to a Python value with .item() / tuple(x.tolist()) first.")
    elif base == "Tensor":
        headline = f"A tensor ({t}) was used as {role}" + where
        parts.append("A tensor type that defines element-wise equality was hashed as a key or set member.")
        fix.append("Use a Python value (.item(), tuple(x.tolist())) as the key, or key by id(x) when identity is meant.")
    else:
        headline = f"A {t} object was used as {role}" + where
        parts.append(f"The class {t} is unhashable: it defines __eq__ without __hash__ (a @dataclass without frozen=True does this) or sets __hash__ = None, so its instances cannot be dict keys or set members.")
        fix.append(f"Key by an immutable attribute of the {t} (an id or name), declare it @dataclass(frozen=True) / define __hash__ consistent with __eq__, or keep the objects in a list.")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg:
        parts.append(f"The hash is taken inside {frame.pkg}: it received a {t} from your code or data where it expects a hashable value (a column, label or argument of another shape than it supports).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
