"""Computed diagnosis for tflite.model-file-invalid: what kind of file the interpreter got instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int, file_name
from denpex.models import Explanation

_HTML = ("CTYP", "l><b", "l><h", "tml>", "TYPE", "l>\n<", "OCTY")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ident = facts.get("identifier")
    path = str(facts.get("model_path") or "")
    errno = facts.get("errno")
    if ident is not None:
        ident = str(ident)
        if ident in _HTML or ident.lower().startswith(("l><", "ctyp")):
            diagnosis = f"the file is an HTML page (identifier '{ident}')"
            text = ("Bytes 4-7 of the file are the start of an HTML document: the download saved a web page "
                    "(GitHub /blob/ view, redirect or login page) instead of the .tflite binary.")
            fix = ("Download the raw file (raw.githubusercontent.com or '?raw=true') and check `file model.tflite` no longer says HTML.",)
        elif ident.startswith("ion"):
            diagnosis = "the file is a Git LFS pointer (identifier 'ion ')"
            text = "The file starts 'version https://git-lfs...': the repository was cloned without git-lfs, so only the pointer is on disk."
            fix = ("Install git-lfs, then git lfs install && git lfs pull in the clone.",)
        else:
            diagnosis = f"not a TFLite flatbuffer (identifier '{ident}')"
            text = (f"Bytes 4-7 read '{ident}' instead of TFL3: the file is another format (SavedModel .pb, Keras .h5, "
                    "ONNX, zip) or a corrupted download.")
            fix = ("Pass the converted .tflite file (tf.lite.TFLiteConverter output, or edgetpu_compiler output for the Edge TPU); "
                   "compare its size and checksum with the source.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    code = as_int(errno)
    if code is not None:
        if code == 19:
            diagnosis = "model path is a directory (mmap error 19)"
            text = "mmap returned ENODEV (19): the path passed as the model is a folder (e.g. a SavedModel/checkpoint directory), not the .tflite file."
            fix = ("Pass the .tflite file inside it (or convert the SavedModel with tf.lite.TFLiteConverter first).",)
        elif code == 22:
            diagnosis = "model file is empty (mmap error 22)"
            text = "mmap returned EINVAL (22): the file has zero length, usually an interrupted or failed download."
            fix = ("Download the model again and check its size (ls -l) before loading it.",)
        else:
            diagnosis = f"model file cannot be mapped (error {code})"
            text = f"mmap of the model failed with errno {code}."
            fix = ("Check the path points to a readable, non-empty .tflite file.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if path:
        if "." not in file_name(path):
            diagnosis = f"'{path}' is not a model file (a folder or missing extension)"
            text = f"'{path}' has no file extension: it is likely the folder holding the model, not the .tflite file."
            fix = ("Pass the full path of the .tflite file itself.",)
        else:
            diagnosis = f"'{path}' could not be opened"
            text = (f"No readable file at '{path}' (relative paths resolve against the current working directory; "
                    "a leading or trailing space in the string also makes the name differ).")
            fix = ("Use an absolute path without surrounding whitespace and check the file exists and is readable by this user.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    return None
