"""Computed diagnosis for mecab.init-failed: which MeCab file is missing and what provides it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature", "")
    path = str(facts.get("missing_path") or "").strip()
    pkg = str(facts.get("dic_pkg") or "")
    low = path.lower().replace("\\\\", "/").replace("\\", "/")
    if sig == "pyopenjtalk":
        return Explanation(
            text=("pyopenjtalk could not open the Open JTalk dictionary: it was never downloaded (offline first run), "
                  "the download was interrupted, or its path contains non-ASCII characters."),
            fix=("Run python -c \"import pyopenjtalk; pyopenjtalk.g2p('テスト')\" once with network access, or copy the "
                 "open_jtalk_dic_utf_8-1.11 folder and set OPEN_JTALK_DICT_DIR to it (ASCII-only path).",),
            derived={"diagnosis": "Open JTalk dictionary missing"},
        )
    if not path:
        return Explanation(
            text=("MeCab did not start; the ERROR DETAILS block (arguments and the param.cpp/dictionary.cpp line) names the "
                  "missing file. Most often no dictionary is installed or unidic was not downloaded."),
            fix=("pip install unidic-lite", "or: python -m unidic download (if you use the full unidic package)"),
            derived={"diagnosis": "dictionary not found"},
        )
    tail = re.split(r"[/]", low.rstrip("/"))[-1]
    if "/unidic/dicdir" in low:
        diagnosis = "unidic installed but not downloaded"
        text = (f"MeCab looked for {path}: the 'unidic' package is installed but its dictionary was never downloaded "
                "(the package ships only a downloader).")
        fix = ("python -m unidic download", "or switch to the bundled dictionary: pip uninstall unidic && pip install unidic-lite")
    elif "/unidic_lite/dicdir" in low or "/ipadic/dicdir" in low:
        diagnosis = "dictionary package files missing or truncated"
        text = (f"MeCab could not open {path}: the {pkg or 'dictionary'} package is installed but its files are incomplete "
                "(interrupted install, antivirus, or a bundler that left the dicdir out), or the path has non-ASCII characters.")
        fix = (f"pip install --force-reinstall --no-cache-dir {'unidic-lite' if 'lite' in low else (pkg or 'unidic-lite')}",
               "With PyInstaller/Nuitka include the package's dicdir as data; keep the install path ASCII-only.")
    elif tail in ("mecabrc", "dicrc") and not pkg:
        diagnosis = "no dictionary package, fell back to a system mecabrc"
        text = (f"MeCab fell back to {path}, a system-wide configuration that does not exist: no dictionary package "
                "(unidic-lite, unidic, ipadic) was found or GenericTagger was created without -d.")
        fix = ("pip install unidic-lite  (fugashi.Tagger picks it up automatically)",
               "GenericTagger: pass '-r <dicdir>/mecabrc -d <dicdir>' of an installed dictionary (e.g. ipadic.DICDIR).")
    else:
        diagnosis = f"{tail or 'dictionary file'} not found"
        text = f"MeCab could not open {path}."
        fix = ("Check that the directory exists and holds sys.dic, matrix.def, char.bin, dicrc; reinstall the dictionary package.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
