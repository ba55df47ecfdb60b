"""Computed diagnosis for tesseract.language-data-missing: which directory Tesseract used and what is wrong with it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STD = re.compile(r"^(?:[a-z]{3}(?:_[a-z]{3,5})?|osd|equ)$")


def _norm(p: str) -> str:
    return p.replace("\\\\", "\\").strip().strip("'\"")


def _apt(lang: str) -> str:
    return "tesseract-ocr-" + lang.replace("_", "-")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    datafile = _norm(str(facts.get("datafile") or ""))
    lang = str(facts.get("lang") or "").strip()
    tessdata = facts.get("tessdata")
    if not datafile and tessdata is None and not lang:
        return None
    if not datafile and tessdata is not None:
        d = _norm(str(tessdata))
        if d in ("", ".", "./", ".\\"):
            return Explanation(
                text="tesserocr was given no usable tessdata path ('" + d + "'): it could not find Tesseract's data folder by itself "
                     "(tesserocr 2.6.1+ no longer guesses it the way 2.6.0 did, or TESSDATA_PREFIX is unset).",
                fix=("Pass the folder explicitly: PyTessBaseAPI(path='/usr/share/tesseract-ocr/5/tessdata/') "
                     "(Windows: r'C:\\Program Files\\Tesseract-OCR\\tessdata'), or set TESSDATA_PREFIX to it.",),
                derived={"lang": "eng", "diagnosis": ": tesserocr has no tessdata path"})
        last = re.split(r"[\\/]", d.rstrip("\\/"))[-1].lower()
        if last != "tessdata":
            why = f"'{d}' is not a tessdata folder (it ends in '{last}')"
            bs = chr(92)
            sep = bs if bs in d else "/"
            base = d.rstrip(bs + "/")
            fix = (f"Use the folder that holds the .traineddata files, e.g. {base}{sep}tessdata, "
                   "and check eng.traineddata (or your lang) is inside.",)
        else:
            why = f"'{d}' has no traineddata file for the requested language (or the files are from an incompatible Tesseract version)"
            fix = (f"Copy <lang>.traineddata (tessdata_fast or tessdata_best) into {d} and pass lang= with that name.",)
        return Explanation(text="tesserocr could not initialise: " + why + ".", fix=fix,
                           derived={"lang": lang or "eng", "diagnosis": ": " + why})
    sep = "\\" if "\\" in datafile else "/"
    cut = max(datafile.rfind("/"), datafile.rfind("\\"))
    folder = datafile[:cut] if cut >= 0 else ""
    last = re.split(r"[\\/]", folder.rstrip("\\/"))[-1].lower() if folder else ""
    langs = lang.split("+") if lang else []
    std = bool(lang) and _STD.match(lang) is not None
    parts: list[str] = []
    fix: list[str] = []
    if folder in ("", ".", ".\\", "./"):
        diagnosis = ": TESSDATA_PREFIX is relative or '.', so Tesseract looked in the current directory"
        parts.append(f"Tesseract looked for {lang}.traineddata in the current working directory ('{datafile}'): TESSDATA_PREFIX "
                     "is set to '.' or a relative path.")
        fix.append("Set TESSDATA_PREFIX to the absolute tessdata folder (e.g. /usr/share/tesseract-ocr/5/tessdata), or unset it.")
    elif folder.lower().endswith(("tessdata" + sep + "tessdata", "tessdata/tessdata")):
        diagnosis = ": the path has tessdata twice"
        parts.append(f"The path '{folder}' contains tessdata twice: TESSDATA_PREFIX already ends in tessdata and the wrapper/Tesseract 3 adds another.")
        fix.append("Drop the trailing tessdata from TESSDATA_PREFIX for Tesseract 3 / that wrapper, or keep it and use Tesseract 4+ semantics consistently.")
    elif last != "tessdata" and "tessdata" not in folder.lower():
        diagnosis = f": TESSDATA_PREFIX points at '{folder}', not at a tessdata folder"
        parts.append(f"Tesseract looked in '{folder}', which is not a tessdata folder: TESSDATA_PREFIX (or --tessdata-dir) points at the "
                     "install folder or the parent of tessdata, the Tesseract 3 rule; Tesseract 4 and newer want the tessdata folder itself.")
        fix.append(f"Set TESSDATA_PREFIX={folder.rstrip(chr(92) + '/')}{sep}tessdata (the folder holding eng.traineddata), or unset it.")
    elif std:
        diagnosis = f": the {lang} language pack is not installed in {folder}"
        parts.append(f"The folder '{folder}' is a tessdata folder but holds no {lang}.traineddata: the language pack is not installed.")
        url = f"https://github.com/tesseract-ocr/tessdata_fast/raw/main/{lang}.traineddata"
        if sep == "\\":
            fix.append(f"Download {url} into {folder} (or rerun the Tesseract installer with that language ticked).")
        else:
            fix.append(f"apt-get install {_apt(lang)} (Debian/Ubuntu), brew install tesseract-lang (macOS), or download {url} into {folder}.")
    else:
        diagnosis = f": no model named '{lang}' in {folder}"
        parts.append(f"'{lang}' is not a standard Tesseract language code: it is a custom or misspelled model name, and "
                     f"{lang}.traineddata is not in '{folder}'.")
        fix.append(f"Copy {lang}.traineddata into {folder}, or fix lang= (codes are ISO 639-2 like eng, deu, chi_sim; several joined with '+').")
    if facts.get("prefix_rule") == "the parent directory of":
        parts.append("The message is Tesseract 3's wording: for 3.x TESSDATA_PREFIX must be the parent of tessdata.")
    if len(langs) > 1:
        parts.append(f"Several languages were requested ({', '.join(langs)}); each needs its own file.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis})
