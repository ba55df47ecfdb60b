"""Computed diagnosis for python.not-iterable: the operation (iterate, unpack, len, `in`, 0-d tensor), the
type, the expression read from the failing line and the rewrite for that combination."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_NUM = {"int", "float", "bool", "complex", "numpy.int64", "numpy.int32", "numpy.float64", "numpy.float32", "numpy.bool_", "decimal.Decimal"}
_LAZY = {"generator", "map", "filter", "zip", "enumerate", "itertools.chain", "itertools.islice", "reversed", "range_iterator", "list_iterator", "odict_iterator", "dict_keyiterator", "async_generator"}
_CALL = {"method", "builtin_function_or_method", "function", "method-wrapper", "functools.partial"}
_EXPR = r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*|\[[^\[\]]{0,40}\]|\([^()]{0,80}\))*"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    problem = str(facts.get("problem") or "")
    t = str(facts.get("type") or "")
    if problem == "can only join an iterable":
        code = str(facts.get("code") or "").strip()
        call = re.search(r"\.join\(([^()]{0,120}(?:\([^()]{0,120}\))?)\)", code)
        arg = call.group(1) if call else ""
        text = ("str.join() was given something that is not iterable - almost always None returned by a helper that "
                "found nothing (a listing of a folder that does not exist, a lookup that failed)")
        text += f": the argument is `{arg}`." if arg else "."
        fix = (f"print/inspect `{arg}` before the join; make the helper return [] instead of None" if arg
               else "inspect the value passed to join(); make the helper return [] instead of None",
               "check the path or configuration that helper reads (run from the project's root folder; a relative path "
               "resolves against the current directory)")
        return Explanation(text=text, fix=fix, derived={"headline": "str.join() got a non-iterable (usually None)"})
    if not t:
        return None
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where and frame.func != "__iter__" else ""
    base = t.rsplit(".", 1)[-1]
    a_t = ("an " if t[:1] in "aeiou" else "a ") + t
    parts: list[str] = []
    fix: list[str] = []
    if problem.startswith("iteration over a 0-d"):
        headline = f"A scalar (0-d) {t} was iterated or unpacked" + where
        parts.append(f"A 0-d {t} holds one number (shape ()); iterating it, unpacking it (a, b = x / *x) or calling list()/tuple()/len-style code on it fails.")
        if re.search(r"repackage_hidden|hidden", code):
            parts.append("This is the classic repackage_hidden recursion from PyTorch < 0.4 examples: it recurses into tuples until it reaches a tensor, but on PyTorch 0.4+ the base case (isinstance(h, Variable)) no longer stops at tensors, so it iterates down to 0-d elements.")
            fix.append("Make the base case a tensor check: def repackage_hidden(h): return h.detach() if isinstance(h, torch.Tensor) else tuple(repackage_hidden(v) for v in h).")
        elif re.search(r"\bloss", code):
            parts.append("The loss is already reduced to a scalar (the model/criterion averages over the batch, or DataParallel returned one value), while the code expects one loss per GPU/sample.")
            fix.append("Use the scalar directly (loss.item() for logging, loss.backward() to train) or collect losses in a list and torch.stack(...) them.")
        else:
            fix.append("Use x.item() to get the number, x.reshape(-1) / x.unsqueeze(0) to get a 1-element tensor, or check x.dim() before iterating.")
        if code:
            parts.append(f"Line: `{code}`.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    if problem.startswith("cannot unpack"):
        m = re.search(rf"=\s*({_EXPR})\s*$", code)
        rhs = m.group(1) if m else ""
        call = re.match(r"([\w.]+)\(", rhs)
        fname = call.group(1) if call else ""
        n = len(re.split(r",", code.split("=")[0])) if "=" in code else 0
        headline = (f"{fname}() returned a single {t}, but the line unpacks {n} values" if fname and n > 1 else f"A single {t} was unpacked into several variables") + where
        parts.append(f"The right-hand side is one {t}, not a tuple/list" + (f": {fname}() returns a single value on this path" if fname else "") + ".")
        if fname and re.search(r"evaluat|score|metric|test|valid", fname, re.IGNORECASE):
            parts.append("Evaluation helpers often return one score (Keras model.evaluate returns just the loss when the model has no metrics; a project's evaluate() may have been changed to return fewer values).")
        fix.append(f"Match the call to what it returns: assign one variable ({'score = ' + rhs if rhs else 'x = f(...)'}) or make {fname + '()' if fname else 'the function'} return the tuple on every path (including early returns such as return 0).")
        fix.append("If the function comes from a library, check its installed version: its return signature may differ from the one the calling code was written for.")
    elif problem.startswith("object of type") and (base in _LAZY):
        headline = f"len() of a lazy {t}" + where
        parts.append(f"A {t} produces items one at a time and does not know how many there are.")
        fix.append("Materialize it first (xs = list(xs)) and use len(xs), or count while iterating (sum(1 for _ in xs) consumes it).")
    elif problem.startswith("object of type") and ("IterableDataset" in t or "Iterable" in base or base in ("DataLoaderShard", "IterableDatasetShard")):
        headline = f"A streaming/iterable dataset ({t}) has no length" + where
        parts.append(f"{t} streams examples (datasets streaming=True, a torch IterableDataset) and has no __len__, but this code path computes a length - usually steps per epoch for the Trainer, a scheduler or a progress bar.")
        fix.append("Set the training length in steps: TrainingArguments(max_steps=N, ...) (and eval/save by steps), or pass a map-style (sized) dataset; do not call len() on the dataloader of a streaming dataset.")
        fix.append("If the library version predates iterable-dataset support in this path, upgrade it (transformers Trainer supports IterableDataset with max_steps).")
    elif base in _CALL:
        m = re.search(r"\bin\s+([\w.]+)\s*(?::|$)", code) or re.search(r"len\(([\w.]+)\)", code)
        name = m.group(1) if m else ""
        headline = f"A {t} was {'measured' if 'len' in problem else 'iterated'} without calling it" + (f" (`{name}`)" if name else "") + where
        parts.append(f"`{name or 'the value'}` is {a_t}: the parentheses that call it are missing" + (f" (`{name}()`)" if name else "") + ".")
        fix.append(f"Call it: {name + '()' if name else 'obj.method()'} (e.g. d.items(), self.train_loader() when it is a method, or store the loader in an attribute).")
    elif base == "type":
        headline = "A class was iterated instead of an instance" + where
        parts.append("The value is a class (type), not an instance: instantiate it first (Dataset(...)) or pass the instance.")
        fix.append("Create the object (ds = MyDataset(...)) and iterate/measure that.")
    elif t in _NUM or base in ("int64", "int32", "float64", "float32"):
        loop = re.search(rf"\bfor\s+[^:]{{1,60}}?\s+in\s+({_EXPR})", code)
        src = loop.group(1) if loop else ""
        if problem.startswith("object of type"):
            headline = f"len() of a number ({t})" + where
            parts.append(f"len() was called on {a_t}: the value is already a count/score, or a number arrived where a list/array was expected.")
            fix.append("Drop the len() (the value is the count) or fix the producer so it returns the list/array.")
        elif problem.startswith("argument of type"):
            headline = f"`in` tested against a number ({t})" + where
            parts.append(f"`x in y` needs y to be a container; y is {a_t}.")
            fix.append("Compare with == for a single value, or make y the list/set of allowed values.")
        elif src.startswith("len("):
            headline = f"`for ... in {src}` iterates a number" + where
            parts.append(f"{src} is an int; a for loop needs an iterable.")
            fix.append(f"Use range({src}) (or enumerate(...) over the sequence itself).")
        else:
            m = re.search(r"\b(sum|max|min|sorted|list|tuple|set|zip|enumerate)\(\s*([\w.\[\]]+)", code)
            headline = f"{'An' if t[:1] in 'aeiou' else 'A'} {t} was iterated where a list/sequence was expected" + where
            if m:
                parts.append(f"{m.group(1)}({m.group(2)}) iterates its argument, but `{m.group(2)}` is {a_t}.")
            elif src:
                parts.append(f"`{src}` is {a_t}, so `for ... in {src}` cannot loop over it" + (" (use range(...) for a count)" if t == "int" else "") + ".")
            else:
                parts.append(f"A {t} reached code that loops over its argument (a for loop, list(), sum(), unpacking, a collate function iterating a sample).")
            parts.append("Typical causes: a config value given as a single number where a list is expected (split=0.8 vs [0.8, 0.2], milestones=30 vs [30, 60]), a count used instead of range(count), a dataset item that is a number where a dict/tuple was expected.")
            fix.append("Pass a list/tuple where the code iterates (e.g. [x] or the full list from the config), or use range(n) when a count was meant.")
    else:
        headline = f"A {t} object was {'measured with len()' if 'len' in problem else 'iterated'} but does not support it" + where
        parts.append(f"{t} does not implement __iter__/__len__: the code expects a collection there (a list, a dataset, a dict) and received a single object.")
        fix.append(f"Pass the collection the code expects (e.g. a list of {t} objects, or the attribute of {t} that holds the items), or add __iter__/__len__ to the class if that is intended.")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg:
        parts.append(f"The operation is inside {frame.pkg}: it received {a_t} from your code, config or data where it expects a collection.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
