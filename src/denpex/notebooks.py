"""Jupyter notebooks (.ipynb) as logs: the text a notebook's cells printed, in cell order.

A failed Colab or Jupyter run is often shared as the notebook itself. Its JSON holds each code cell's
outputs: ``stream`` text (stdout, stderr: pip, progress, warnings, a dying kernel's messages) and
``error`` outputs (the exception's traceback, as a list of ANSI-coloured lines). Read as raw JSON,
a traceback is one long line of escaped strings that no pattern anchored at a line start matches,
so the notebook is rendered to the text the user saw, one header line per cell. Cell sources and
rich outputs (images, HTML, widgets) are left out: they are code and pictures, not log lines.
"""

from __future__ import annotations

import json
from typing import Any



def _text(value: Any) -> str:
    """nbformat stores multi-line strings as a list of lines (each with its newline) or as one string."""
    if isinstance(value, list):
        return "".join(v for v in value if isinstance(v, str))
    return value if isinstance(value, str) else ""


def render_notebook(raw: bytes) -> bytes | None:
    """The outputs of a notebook's code cells as log text, or None when ``raw`` is not a notebook
    (not JSON, no ``cells`` list): the caller then reads the file as plain text."""
    try:
        doc = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(doc, dict):
        return None
    cells = doc.get("cells")
    if not isinstance(cells, list):  # nbformat 3 kept cells under worksheets[0]
        sheets = doc.get("worksheets")
        first = sheets[0] if isinstance(sheets, list) and sheets and isinstance(sheets[0], dict) else {}
        cells = first.get("cells")
        if not isinstance(cells, list):
            return None
    out: list[str] = []
    for number, cell in enumerate(cells, 1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        outputs = cell.get("outputs")
        if not isinstance(outputs, list) or not outputs:
            continue
        count = cell.get("execution_count", cell.get("prompt_number"))
        out.append(f"[notebook cell {number}" + (f", In [{count}]" if isinstance(count, int) else "") + "]\n")
        for o in outputs:
            if not isinstance(o, dict):
                continue
            kind = o.get("output_type")
            if kind == "stream":
                body = _text(o.get("text"))
            elif kind in ("error", "pyerr"):
                tb = o.get("traceback")
                body = "\n".join(_text(t) for t in tb) if isinstance(tb, list) and tb else ""
                if not body:
                    body = f"{o.get('ename', 'Error')}: {o.get('evalue', '')}"
                body += "\n"
            else:
                continue
            # (the colour codes IPython puts in a traceback are removed by the scanner, as in any log)
            if body and not body.endswith("\n"):
                body += "\n"
            out.append(body)
    return "".join(out).encode("utf-8", "surrogatepass")
