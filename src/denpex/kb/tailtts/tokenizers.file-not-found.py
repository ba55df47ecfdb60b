"""Computed diagnosis for tokenizers.file-not-found: file vs folder missing, and which caller."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msg = facts.get("os_message")
    try:
        errno = int(facts.get("errno")) if facts.get("errno") is not None else None
    except (TypeError, ValueError):
        errno = None
    if not msg and errno is None:
        return None
    caller = str(facts.get("caller") or "") + " " + str(facts.get("package") or "")
    if errno == 3:
        what = "a folder in the tokenizer path does not exist (Windows ERROR_PATH_NOT_FOUND)"
    elif msg and "file specified" in str(msg):
        what = "the tokenizer file does not exist in an existing folder (Windows ERROR_FILE_NOT_FOUND)"
    else:
        what = "the tokenizer file does not exist"
    fix: list[str] = []
    if "tortoise" in caller:
        diagnosis = "tortoise-tts tokenizer.json not installed with the package"
        text = f"tortoise's VoiceBpeTokenizer opens tortoise/data/tokenizer.json next to its code; {what}. Egg installs (setup.py install) do not carry that data folder."
        fix.append("pip uninstall tortoise-tts; then in the checkout: pip install -e .  (or pass tokenizer_vocab_file=<path to data/tokenizer.json>)")
    elif "tokenization_utils_fast" in caller or "transformers" in caller or "TokenizerFast" in caller:
        diagnosis = "transformers fast tokenizer file missing from the model folder"
        text = f"transformers built a fast tokenizer from tokenizer_file, and {what}: the local folder or Hub repo lacks tokenizer.json or the path is wrong."
        fix.append("Check the folder contains tokenizer.json; download it, or load with use_fast=False if only vocab files exist.")
    else:
        diagnosis = what
        text = f"Tokenizer.from_file raised a Rust I/O error: {what}. The message carries no path; read it from the traceback line."
        fix.append("print(os.path.abspath(path), os.path.exists(path)) before from_file; use an absolute path to an existing tokenizer.json.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
