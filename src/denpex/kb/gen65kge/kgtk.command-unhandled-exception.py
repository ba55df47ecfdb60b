"""Computed diagnosis for kgtk.command-unhandled-exception: what the hidden exception class points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUG = {"NameError", "UnboundLocalError", "AttributeError", "TypeError", "NotImplementedError"}
_DEPENDENCY = {"ImportError", "ModuleNotFoundError"}
_INPUT = {"ValueError", "KeyError", "IndexError", "SyntaxError", "UnicodeDecodeError", "StopIteration", "csv.Error"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    full = str(facts.get("exception") or "")
    name = full.rsplit(".", 1)[-1] if full else ""
    fix: list[str] = ["Rerun the same command as 'kgtk --debug <command> ...' to print the traceback the handler hid."]
    if not name:
        text = ("The command raised an exception that is not a KGTKException; the warning naming its class is not in "
                "the log, and the handler dropped the traceback.")
        kind = "unknown"
    elif name in _DEPENDENCY:
        text = (f"The command failed on {name}: an optional dependency of this command is not installed "
                "(graph-tool for graph-statistics and paths, gensim/torchbiggraph for graph-embeddings, "
                "sentence-transformers for text-embedding).")
        fix.append("Install the missing package the --debug traceback names (graph-tool from conda-forge, the others with pip) in the same environment as kgtk.")
        kind = "dependency"
    elif name in _BUG:
        text = (f"The command failed on {name} inside its own code: a bug or mixed versions in the installed kgtk, "
                "not a problem of the input.")
        fix.append("pip install -U kgtk (or the dev branch) in a clean environment; if it persists, report it upstream with the --debug traceback.")
        kind = "kgtk-bug"
    elif name in _INPUT:
        text = (f"The command failed on {name}: it could not parse part of its input (missing node1/label/node2 or id "
                "column, a malformed row, a value that is not a valid KGTK literal).")
        fix.append("Run kgtk validate on the input files and fix the rows or columns the --debug traceback points at.")
        kind = "input"
    elif name == "MemoryError":
        text = "The command ran out of memory on this input."
        fix.append("Split the input, use the command's disk-backed options (temporary folder, sorted input) or a machine with more RAM.")
        kind = "memory"
    else:
        text = f"The command raised {name}, which KGTK's handler reduced to 'KGTKException found'."
        kind = "other"
    return Explanation(text=text, fix=tuple(fix), derived={"kind": kind})
