"""Computed diagnosis for ctranslate2.model-binary-version: decode the 'version' into the bytes it really is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = {
    b"vers": ("a Git LFS pointer file ('version https://git-lfs...')", "lfs-pointer"),
    b"PK\x03\x04": ("a zip archive: a PyTorch / transformers checkpoint, not a CTranslate2 conversion", "zip-checkpoint"),
    b"<!do": ("an HTML page ('<!doctype html>') saved in place of the model", "html"),
    b"<!DO": ("an HTML page ('<!DOCTYPE html>') saved in place of the model", "html"),
    b"<htm": ("an HTML page ('<html>') saved in place of the model", "html"),
    b"<HTM": ("an HTML page ('<HTML>') saved in place of the model", "html"),
    b"{\"er": ("a JSON error response saved in place of the model", "json"),
    b"Entr": ("a text error page ('Entry not found') saved in place of the model", "text"),
}


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    v = facts.get("model_version")
    if v is None:
        return None
    v = int(v)
    sup = facts.get("supported_version")
    derived: dict[str, Any] = {"model_version": v}
    if v <= 64:
        derived["file_kind"] = "newer-ctranslate2-model"
        text = (f"model.bin is a genuine CTranslate2 model in format v{v}"
                + (f", newer than this runtime supports (v{sup})" if sup is not None else "")
                + ": it was converted by a newer ctranslate2.")
        fix = ("pip install -U ctranslate2 (with a faster-whisper / whisperX release that accepts it), or update the standalone app "
               "that bundles ctranslate2.",
               "Or re-convert the model with the installed ctranslate2 version (ct2-transformers-converter).")
        return Explanation(text=text, fix=fix, derived=derived)
    raw = v.to_bytes(4, "little", signed=False) if v < 2**32 else b""
    shown = "".join(chr(b) if 32 <= b < 127 else f"\\x{b:02x}" for b in raw)
    derived["first_bytes"] = shown
    what, kind = _KNOWN.get(raw, (None, None))
    if what is None:
        if raw and all(32 <= b < 127 or b in (9, 10, 13) for b in raw):
            what, kind = f"a text file (it starts with '{shown}')", "text"
        else:
            what, kind = f"not a CTranslate2 model (first bytes {shown})", "unknown"
    derived["file_kind"] = kind
    text = (f"v{v} is not a format version: it is the first four bytes of model.bin read as a number, '{shown}' - "
            f"the file is {what}. Upgrading ctranslate2 will not help.")
    if kind == "lfs-pointer":
        fix = ("The repository was cloned without git-lfs: install it and run git lfs install && git lfs pull in the model folder, "
               "or download with huggingface-cli download <repo> --local-dir <dir>.",
               "With faster-whisper you can also pass the size name (e.g. 'large-v3') and let it download the real files.")
    elif kind == "zip-checkpoint":
        fix = ("Convert the checkpoint: ct2-transformers-converter --model <hf_model_or_dir> --output_dir <dir>-ct2 "
               "--copy_files tokenizer.json preprocessor_config.json --quantization float16,",
               "or download the ready CTranslate2 variant of the model (repos named faster-whisper-* / *-ct2).")
    elif kind in ("html", "json", "text"):
        fix = ("The download returned a web page / error instead of the file (proxy block, gated repo, wrong URL): delete it and "
               "download again from a network that reaches the host (or set HF_ENDPOINT to an allowed mirror); check the size.",)
    else:
        fix = ("Re-download the model files and compare their sizes / sha256 with the repository listing.",)
    return Explanation(text=text, fix=fix, derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
