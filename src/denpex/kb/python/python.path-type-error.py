"""Computed diagnosis for python.path-type-error: what the wrong value is (from its type), which call
rejected it and the calling line, and the fix for that kind of value."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_LISTS = {"list", "tuple", "ListConfig", "set", "frozenset"}
_ITERS = {"generator", "map", "filter", "dict_keys", "dict_values", "itertools.chain", "zip"}
_NUMBERS = {"int", "float", "bool", "numpy.int64", "numpy.int32", "numpy.float64", "numpy.float32", "int64", "float64"}
_MAPPINGS = {"dict", "DictConfig", "Namespace", "OrderedDict", "EasyDict", "Config", "ConfigDict", "AttrDict", "SimpleNamespace", "CfgNode"}
_FILES = {"_io.TextIOWrapper", "TextIOWrapper", "_io.BufferedReader", "BufferedReader", "_io.BufferedWriter", "_io.BytesIO", "BytesIO", "StringIO", "_io.StringIO"}
_WRAPPERS = {"UploadedFile", "NamedString", "_TemporaryFileWrapper", "SpooledTemporaryFile", "TemporaryDirectory", "FileData", "NamedTemporaryFile", "File", "FileStorage"}
_CALLABLES = {"function", "method", "builtin_function_or_method", "type", "functools.partial"}
_ARRAYS = {"Tensor", "numpy.ndarray", "ndarray", "Image", "JpegImageFile", "PngImageFile"}

_CALLS = (
    (r"\bos\.path\.join\(|\bjoin\(", "os.path.join"),
    (r"\btorch\.load\(", "torch.load"),
    (r"\bPath\(", "pathlib.Path"),
    (r"\bopen\(", "open"),
    (r"\bos\.listdir\(|\blistdir\(", "os.listdir"),
    (r"\bos\.makedirs\(|\bmakedirs\(|\bos\.mkdir\(", "os.makedirs"),
    (r"\bos\.path\.(?:exists|isfile|isdir)\(", "os.path.exists"),
    (r"\bcv2\.imread\(", "cv2.imread"),
    (r"\bfrom_pretrained\(|\bfrom_single_file\(", "from_pretrained"),
)


def _what(t: str) -> tuple[str, str, str]:
    """(short description, explanation, fix) for the rejected type."""
    base = t.rsplit(".", 1)[-1]
    if t in _LISTS or base in _LISTS:
        return ("a list of paths where one path is expected",
                f"A {t} was passed where exactly one path is expected. Typical producers: an argparse option declared with nargs='+' or '*' (it is a list even with one value, e.g. YOLO-style --weights), a glob()/listdir() result, a YAML/Hydra list value, a multi-file upload.",
                "Pass one element (x[0]) or loop over the paths; if only one path is meant, drop nargs from the option / make the config value a string.")
    if t in _ITERS or base in _ITERS:
        return ("an iterator of paths where one path is expected",
                f"A {t} (a lazy sequence: Path.glob(), glob.iglob(), map(), dict.keys()) was passed where one path is expected.",
                "Materialise and choose: files = sorted(iterator); then pass files[0] or loop over files.")
    if t in _NUMBERS or base in ("int64", "int32", "float64", "float32"):
        return ("a number where a file path is expected",
                f"A number ({t}) was passed where a file name is expected: an index, label/category id or size took the place of the name looked up from it (or an integer file descriptor reached a function that does not accept one).",
                "Look the file name up from the number first (names[idx], id_to_path[i]); use str(x) only when the number really is the file name.")
    if t in _MAPPINGS or base in _MAPPINGS:
        return ("a config section where a path is expected",
                f"A {t} (a whole config section or namespace) was passed where a single path value is expected: one level of the config key is missing (cfg.data instead of cfg.data.root).",
                "Pass the path field of that section (print the config node to see its keys), or fix the config so the key holds a string.")
    if t in _FILES or base in _FILES:
        return ("an open file object where a path is expected",
                f"An already opened file ({t}) was passed where a path is expected.",
                "Pass the file's path (f.name) or give the open file to an API that reads file objects (torch.load/np.load/Image.open accept them); do not open it twice.")
    if t in _WRAPPERS or base in _WRAPPERS:
        return ("an upload/temporary-file object where a path is expected",
                f"A {t} object was passed: web UIs (Gradio NamedString/FileData, Streamlit UploadedFile) and tempfile wrap the file; the path on disk is its .name attribute.",
                "Pass obj.name (the path on disk), or read the object's bytes directly (obj.read()/getvalue()) when the API accepts file objects.")
    if t in _CALLABLES or base in _CALLABLES:
        return ("a function where a path is expected",
                f"A {t} was passed where a path is expected: a function or method was referenced without calling it (missing parentheses), or a class was passed instead of an instance's path attribute.",
                "Call the function (get_path() instead of get_path) or pass the attribute that holds the path.")
    if t in _ARRAYS or base in _ARRAYS:
        return ("already loaded data where a path is expected",
                f"Loaded data ({t}) was passed to a function that expects a file path: the value was already read (an image/tensor), so the loading step should be skipped.",
                "Skip the load for in-memory data (use the array/tensor directly) or pass the original file path.")
    if t == "NoneType":
        return ("a path that is None (an unset option or variable)",
                "The path is None: a command-line option or config value left at its default None, an unset environment variable (os.environ.get), or a function that returned nothing.",
                "Set the missing option/variable (or give it a default) where it is read; print it just before this line to see which one is None.")
    if t == "bytes":
        return ("a bytes path where str is required",
                "A bytes value was given to pathlib, which only accepts str paths.",
                "Decode it first: Path(p.decode()) or os.fsdecode(p).")
    return (f"a {t} where a file path is expected",
            f"A {t} object was passed where a path (str or pathlib.Path) is expected.",
            "Pass the object's path attribute or the file name it stands for, not the object.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type") or "").strip("'")
    if not t:
        return None
    func = str(facts.get("func") or "")
    lib_func = str(facts.get("lib_func") or "")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    short, why, fix_line = _what(t)
    call = ""
    for pat, name in _CALLS:
        if re.search(pat, code):
            call = name
            break
    if not call:
        if func:
            call = f"os.{func}" if func not in ("join", "relpath", "commonpath") else f"os.path.{func}"
        elif lib_func and lib_func not in ("__init__", "__new__", "_parse_args", "_from_parts", "fspath"):
            call = f"os.path.{lib_func}"
        elif lib_func:
            call = "pathlib.Path"
    headline = f"{short[0].upper()}{short[1:]}: got {t}" + (f" in {call}" if call else "") + (f" at {frame.where}" if frame.where else "")
    parts = [why]
    if code:
        parts.append(f"Calling line: `{code}`" + (f" ({frame.where})" if frame.where else "") + ".")
    m = re.search(r"\b(?:args|opt|opts|FLAGS|config|cfg|hparams|hps|params)\.([A-Za-z_]\w*)", code)
    fix = [fix_line]
    if m and (t in _LISTS or t == "NoneType"):
        name = m.group(1)
        if t in _LISTS:
            parts.append(f"`{m.group(0)}` is probably the list: check how option/key '{name}' is defined (nargs, YAML list).")
            fix.insert(0, f"Use {m.group(0)}[0] (or loop over {m.group(0)}) here, or define '{name}' as a single value.")
        else:
            parts.append(f"`{m.group(0)}` is probably the unset value: pass --{name} (or set it in the config).")
            fix.insert(0, f"Give '{name}' a value on the command line / in the config, or a default in its definition.")
    if frame.pkg:
        parts.append(f"The calling frame is inside {frame.pkg}: it received the value from your arguments or config.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
