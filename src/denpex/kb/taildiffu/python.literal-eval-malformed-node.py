"""Computed diagnosis for python.literal-eval-malformed-node: read the AST node type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NODES = {
    "Name": ("an unquoted word", "a bare word: lowercase true/false/null, or a string without quotes (a name, a path)",
             "Write True/False/None, or put the word in quotes: 'cosine'."),
    "Call": ("a function call", "a function call such as float('1e-4') or dict(a=1)",
             "Write the plain literal instead of the call: 1e-4, {'a': 1}."),
    "Attribute": ("a dotted name", "a dotted name such as torch.float16 or np.nan",
                  "Pass the name as a quoted string and convert it in code, or give the number itself."),
    "BinOp": ("arithmetic", "arithmetic such as 1/3 or 2**10 (only a signed number or a complex sum is allowed)",
              "Compute the value and write the number: 0.3333, 1024."),
    "BoolOp": ("and/or", "an and/or expression", "Write the resulting literal."),
    "Compare": ("a comparison", "a comparison (==, <, in)", "Write the resulting literal."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "bytes-value":
        return Explanation(
            text="literal_eval received bytes, not str: the text was read in binary mode or not decoded.",
            fix=("Decode first: ast.literal_eval(data.decode('utf-8')).",),
            derived={"diagnosis": "bytes passed instead of str"})
    node = str(facts.get("node") or "")
    if not node:
        return None
    short, what, fix_line = _NODES.get(node, (f"a {node} node", f"a {node} expression, not a literal", "Replace it by a Python literal."))
    fixes = [fix_line]
    text = f"The text given to ast.literal_eval contains {what}."
    if facts.get("in_optimizer"):
        text += (" It comes from kohya's get_optimizer: one value of optimizer_args (Optimizer extra arguments) "
                 "is not a Python literal.")
        fixes.append("Write each pair as key=value with a Python value: weight_decay=0.01 decouple=True betas=0.9,0.999 "
                     "(True not true, no spaces around '=').")
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": short})
