"""Computed diagnosis for python.float-conversion: what the offending text is (header word, empty field,
thousands/decimal comma, several numbers = wrong delimiter, date, missing-value marker, unit, HTML page or
Git LFS pointer instead of data, decimal for int()) and the matching fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_NA = {"na", "n/a", "nan", "null", "none", "?", "-", "--", "missing", "#n/a", "nil", "undefined", "inf"}


def _unquote(v: str) -> tuple[str, bool]:
    v = v.strip()
    is_bytes = v.startswith(("b'", 'b"'))
    if is_bytes:
        v = v[1:]
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
        v = v[1:-1]
    elif v[:1] in ("'", '"') and v[0] not in v[1:]:
        v = v[1:]  # the paste cut the line before the closing quote
    return v, is_bytes


def _classify(v: str, kind: str) -> tuple[str, str, str]:
    """(label, explanation, fix) for the offending text."""
    s = v.strip()
    low = s.lower()
    if s == "":
        return ("an EMPTY string", "The text is empty: an empty field (two delimiters in a row, a trailing delimiter), a blank line (often the last line of the file), a missing value, or a read that returned nothing (EOF, a subprocess that printed nothing).",
                "Skip blank lines / empty fields (if not s.strip(): continue), or read with pandas and handle missing values (pd.read_csv(..., skip_blank_lines=True) then dropna/fillna).")
    if low.startswith(("<!doctype", "<html", "<?xml", "<head", "<body")):
        return ("an HTML/XML page", "The file is a web page, not data: a download saved the HTML of a GitHub 'blob' page, a login/redirect or an error page instead of the raw file.",
                "Download the raw file (raw.githubusercontent.com / ?raw=true / the dataset's direct link), check it with head -c 300 FILE, and re-run.")
    if low.startswith("version https://git-lfs") or low == "version":
        return ("a Git LFS pointer", "The file is a Git LFS pointer (a 3-line text stub), not the data: the repository was cloned without git-lfs.",
                "git lfs install && git lfs pull (or download the file from the release/dataset page).")
    if low in _NA:
        return ("a missing-value marker", f"'{s}' is how the file marks a missing value.",
                f"Tell the reader: pd.read_csv(..., na_values=['{s}']) then impute/drop, or np.genfromtxt(..., missing_values='{s}', filling_values=np.nan).")
    if re.fullmatch(r"[-+]?[0-9]{1,3}(?:,[0-9]{3})(?:\.[0-9]+)?", s):
        return ("a number with thousands separators", f"'{s}' uses ',' as a thousands separator.",
                "pd.read_csv(..., thousands=',') or float(s.replace(',', '')).")
    if re.fullmatch(r"[-+]?[0-9]+,[0-9]+", s):
        return ("a decimal comma", f"'{s}' uses ',' as the decimal mark (European locale).",
                "pd.read_csv(..., decimal=',', sep=';') or float(s.replace(',', '.')).")
    if re.fullmatch(r"[-+0-9.eE]+(?:\s*[,;\t| ]\s*[-+0-9.eE]+)+\s*[,;]?", s) or re.fullmatch(r"[-+0-9.eE]+(?:[\s,;|]+[-+0-9.eE]+)+[\s,;]*", s):
        sep = "\\t" if "\t" in s else ("," if "," in s else (";" if ";" in s else "whitespace"))
        also = " (If it is ONE number with thousands separators, read with thousands=',' instead.)" if re.fullmatch(r"[0-9]{1,3}(?:,[0-9]{3})+", s) else ""
        return ("several numbers in one field", f"The text holds several numbers separated by '{sep}': the line was not split on the file's delimiter (the reader used another delimiter than the file has), so a whole row reached float().{also}",
                f"Pass the file's real delimiter: np.loadtxt(path, delimiter='{',' if sep == ',' else (';' if sep == ';' else chr(92) + 't' if sep == chr(92) + 't' else ' ')}') / pd.read_csv(path, sep=...); check a line with head -2 FILE.")
    if re.fullmatch(r"[-+]?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?", s) and kind == "int":
        return ("a decimal number given to int()", f"int() does not parse decimals like '{s}'.",
                "Use int(float(s)) (or round(float(s))) when the value may be written as a decimal; store ids/counts as integers.")
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[ T][0-9:.]+)?", s) or re.fullmatch(r"[0-9]{1,2}[/.][0-9]{1,2}[/.][0-9]{2,4}(?: [0-9:]+)?", s):
        return ("a date/time", "A date/time column is being converted to numbers (the whole table was passed to a numeric conversion or model).",
                "Drop the date column from the numeric features (df.drop(columns=['date'])) or parse it (pd.to_datetime) and derive numeric features; check the column order/index_col the loader expects.")
    if re.fullmatch(r"[-+]?[$€£¥]?\s*[0-9][0-9.,]*\s*(?:%|[A-Za-z]{1,4})", s) or re.fullmatch(r"[$€£¥]\s*[0-9][0-9.,]*", s):
        return ("a number with a unit or symbol", f"'{s}' carries a unit/currency/percent sign.",
                "Strip it before converting: pd.to_numeric(col.str.replace(r'[^0-9.eE+-]', '', regex=True)).")
    if re.fullmatch(r"[0-9]+[ _-]?[A-Za-z][^\s]*(?: [^\s]+)*", s) and kind == "int":
        return ("a number followed by text", f"'{s}' starts with a number but has more text: the code extracts the number by splitting on a separator the name does not contain (e.g. kohya's '<repeats>_<name>' folder written as '100 name').",
                "Name the folder/file in the format the tool expects (e.g. 100_name), or parse with re.match(r'\\d+', s).")
    if re.fullmatch(r"\[[A-Z]{2,10}\]|<[a-z/]{1,10}>|\[?[0-9.,\s-]+\]", s):
        if s.startswith("[") and re.search(r"[0-9]", s):
            return ("a list/vector stored as text", f"'{s[:40]}' is a list written as a string (a vector saved in a CSV cell).",
                    "Parse it: np.array(json.loads(s)) or ast.literal_eval(s), or save vectors with np.save instead of CSV.")
        return ("a special token", f"'{s}' is a tokenizer token where a token id is expected: the data file holds text tokens, not ids (tokenization step skipped or a vocabulary/format mismatch).",
                "Run the tokenization/encoding step that converts tokens to ids (or point the script at the tokenized file).")
    if len(s) >= 8 and re.fullmatch(r"[BCNOPSFIHclnopsbr0-9@+\-\[\]()=#/\\%.]+", s) and re.search(r"[0-9=#()\[\]]", s) and re.search(r"[Cc]", s):
        return ("a molecule (SMILES string)", f"'{s[:40]}' is a SMILES string: a molecule column was read as a numeric feature (the features/targets file has the SMILES column in it, or the column order/header differs from what the tool expects).",
                "Point the numeric-feature/target option at a file or columns holding numbers only (drop the SMILES column, or name the SMILES column with the tool's smiles-column option).")
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_ .()/%-]{0,60}", s):
        return ("a word", f"'{s}' is a word: either a HEADER row read as data (column name) or a text/categorical column (class names, categories) passed where numbers are expected.",
                "If it is a column name: skip the header (np.loadtxt(..., skiprows=1), pd.read_csv reads it as header by default). If it is a category: encode it (LabelEncoder / OneHotEncoder / pd.get_dummies) or drop that column from the numeric features.")
    return ("unexpected text", f"The field '{s[:60]}' is not a number: the file/column has another format or encoding than the code expects (a stray quote, BOM, comment line).",
            "Print the offending line (grep -n the text in the file) and clean it or pass the right reader options (comments='#', encoding='utf-8-sig', quotechar).")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("value")
    kind = str(facts.get("kind") or "float")
    if kind.startswith("int") or kind == "long":
        kind = "int"
    frame = raising_frame(facts)
    code = str(facts.get("code") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    if raw is None:
        return Explanation(text="The line does not show the text that failed to convert (the message was cut or wrapped); the traceback's last frame names the conversion.",
                           fix=("Print the offending value before converting (or run with python -X dev) and look at that field of the input file.",),
                           derived={"headline": "a text value could not be converted to float"})
    else:
        v, is_bytes = _unquote(str(raw))
    label, why, how = _classify(v, kind)
    target = "int()" if kind == "int" else "float"
    shown = repr(v) if len(v) <= 60 else repr(v[:57] + "...")
    headline = f"cannot convert {shown} to {target}: {label}"
    where = ""
    if facts.get("row") is not None and facts.get("column") is not None:
        where = f" (NumPy loadtxt row {facts['row']}, column {facts['column']}{', dtype ' + str(facts['dtype']) if facts.get('dtype') else ''})"
        headline += where
    parts.append(why)
    if is_bytes:
        parts.append("The value is bytes (b'...'): it was read in binary mode or from a subprocess pipe; decode it (.decode()) and check that the read returned anything.")
    fix.append(how)
    if kind == "int" and re.search(r"environ|getenv|argv|args\.", code):
        parts.append("The text comes from an environment variable or command-line argument: it is set to something that is not an integer (e.g. a device list 'cuda:0', 'auto', '0,1').")
    if frame.pkg and frame.pkg not in ("numpy", "pandas"):
        parts.append(f"The conversion is inside {frame.pkg}: the offending text is in the file or setting you gave it.")
    elif code and frame.pkg not in ("numpy", "pandas") and not re.match(r"[0-9]+\s", code):
        parts.append(f"Line: `{code}`.")
    if v:
        fix.append(f"Find the offending text in the file: grep -n -m3 -F {shown} <file> - and look at that line and the first lines of the file (head -3).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
