"""Computed diagnosis for python.float-as-integer: which call rejected a non-integer count/size, the
position in the size tuple, and the / or float source read from the failing line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_DIV = re.compile(r"(?P<expr>[A-Za-z_0-9][\w.]{0,60}(?:\[[^\[\]]{0,20}\])*\s*/(?!/)\s*[\w.]{1,40})")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type") or "")
    if not t:
        return None
    op = str(facts.get("op") or "")
    arg = str(facts.get("arg") or "")
    pos = facts.get("pos")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    parts: list[str] = []
    fix: list[str] = []
    divs = list(dict.fromkeys(m.group("expr").strip() for m in _DIV.finditer(code.replace("//", "\x00\x00"))))
    layer = frame.base in ("linear.py", "conv.py", "sparse.py", "normalization.py", "batchnorm.py") or re.search(r"nn\.(?:Linear|Conv\w*|Embedding|LayerNorm|BatchNorm\w*)\(", code)
    if op:
        where_arg = f"{op}(): argument '{arg}'" + (f" element {pos}" if pos is not None else "")
        headline = f"A {t} reached a tensor size ({where_arg})" + where
        parts.append(f"PyTorch's {op}() needs integer sizes; element {pos} of '{arg}' is a {t}." if pos is not None else f"PyTorch's {op}() needs integer sizes; one element of '{arg}' is a {t}.")
        if layer:
            parts.append("The call is inside a layer constructor (nn.Linear/Conv/Embedding allocate their weight with torch.empty): one of the layer's dimensions was computed as a float.")
    else:
        headline = f"A {t} was used as an integer (count, range bound or shape)" + where
        parts.append(f"range(), NumPy shape/count arguments and similar APIs need an int; the value is a {t}.")
    if divs:
        parts.append(f"The line divides with / ({', '.join('`' + d + '`' for d in divs[:2])}): in Python 3 that is always a float, even for whole results (8 / 2 == 4.0) - typical of code written for Python 2.")
        fix.append("Use integer division: " + ", ".join(d.replace("/", "//", 1) for d in divs[:2]) + " (or int(...) around a ratio).")
    elif t in ("float", "numpy.float64", "numpy.float32", "float64", "float32"):
        parts.append("The float was computed elsewhere (a ratio such as dim * 0.5, a config value like 64.0, a NumPy float64, or an unknown count stored as inf/NaN).")
        fix.append("Convert the value where it is computed or read: int(x) / int(round(x)), and check math.isfinite(x) for counts read from metadata.")
    elif t == "str":
        parts.append("The value is a string: a number read from the command line, a config or a file without conversion.")
        fix.append("Convert it where it is read (argparse type=int, int(cfg[...])).")
    elif t == "NoneType":
        parts.append("The value is None: an option or config entry that was never set.")
        fix.append("Set the option (or give it an integer default) before it is used as a size/count.")
    else:
        fix.append(f"Convert the {t} to an int (int(x), x.item() for a tensor) before passing it as a size/count.")
    if layer:
        fix.append("When building layers, compute sizes with // and int(): nn.Linear(int(in_dim * ratio), out_dim).")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg and frame.pkg != "torch":
        parts.append(f"The call is inside {frame.pkg}: it received a non-integer size from your arguments/config or from a computation written for Python 2.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
