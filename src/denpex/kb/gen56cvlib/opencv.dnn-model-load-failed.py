"""Computed diagnosis for opencv.dnn-model-load-failed: which loading step failed and on which file or op."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXT = (".caffemodel", ".prototxt", ".pb", ".pbtxt", ".weights", ".cfg", ".t7", ".net", ".bin", ".xml", ".onnx", ".tflite")


def _clean(value: Any) -> str:
    s = str(value or "").strip()
    s = re.sub(r"\s*in function\s.*", "", s)
    return s.strip().strip("'\"")


_IMPORTERS = {"onnx": "ONNXImporter", "tf": "TFImporter", "caffe": "CaffeImporter", "darknet": "DarknetImporter",
              "torch": "TorchImporter", "tflite": "TFLiteImporter"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if sig == "framework-unknown":
        model = _clean(facts.get("model"))
        if not model:
            what = "cv2.dnn.readNet got an empty model path"
            text = ("readNet was called with an empty string as the model path, so there was no file and no extension to pick a "
                    "reader from: the argument (an argparse option or config key) was never set.")
            fix.append("Pass the model file explicitly (check the command-line option / config key that feeds readNet) and fail early when it is empty.")
        else:
            ext = ("." + model.rsplit(".", 1)[-1].lower()) if "." in model.rsplit("/", 1)[-1].rsplit("\\", 1)[-1] else ""
            derived["extension"] = ext or "(none)"
            what = f"cv2.dnn.readNet cannot tell which framework '{model}' comes from"
            text = (f"readNet chooses its reader from the file extension, and '{model}' has "
                    f"{'the unknown extension ' + ext if ext else 'no extension'}; it is probably a checkpoint prefix, a folder, "
                    "or a renamed file.")
            fix.append("Point it at the real files with their native extensions (.onnx, .pb, .caffemodel + .prototxt, .weights + .cfg), "
                       "or call the specific reader (cv2.dnn.readNetFromONNX / readNetFromDarknet(cfg, weights)).")
        fix.append("Check the paths first: os.path.exists(path) for each file given to readNet.")
    elif sig in ("file-not-open", "darknet-file-not-open"):
        path = _clean(facts.get("path"))
        fn = str(facts.get("function") or "").split("::")[-1]
        if path:
            what = f"OpenCV dnn cannot open '{path}'"
            text = (f"{fn or 'The dnn reader'} could not open '{path}': the file is not at that path from the working directory "
                    "the script runs in, or was never downloaded.")
            fix.append(f"ls -l '{path}' from the directory you run in; build the path from the script folder or make it absolute.")
        else:
            kind = "weights" if "Weights" in fn else ("cfg" if "Cfg" in fn else "model")
            what = f"OpenCV dnn cannot open the darknet {kind} file"
            text = (f"{fn or 'The Darknet reader'} could not open the {kind} file given to readNet / readNetFromDarknet: it is missing "
                    "at that path (relative to the working directory) or was never downloaded.")
            fix.append("Check both darknet files exist: readNetFromDarknet(cfg_path, weights_path) - the .cfg first, then the .weights.")
        fix.append("Download the model files (git lfs pull for LFS repositories) and compare their sizes with the published ones.")
    elif sig in ("parse-failed", "onnx-parse-failed"):
        path = _clean(facts.get("path"))
        proto = "ONNX" if sig == "onnx-parse-failed" else str(facts.get("proto") or "NetParameter")
        what = f"OpenCV dnn could not parse '{path or 'the model file'}' as {'an' if proto[:1] in 'AEIOU' else 'a'} {proto} file"
        named = f"'{path}' " if path else ""
        text = (f"The file {named}opened but is not a valid {proto} file for this reader: often an "
                "HTML page or Git LFS pointer saved instead of the model, a truncated download, the config and weights swapped, "
                "or a missing file passed to readNetFromDarknet (which reports it this way).")
        fix.append(f"head -c 200 '{path or '<file>'}' and ls -l: a model is binary and tens of MB; re-download it if it is text.")
        if sig == "onnx-parse-failed":
            fix.append("Check the file with python -c \"import onnx; onnx.checker.check_model(onnx.load('<file>'))\"; an ONNX "
                       "file over 2 GB or with external data, or one saved by a much newer onnx, fails this way: re-export it "
                       "(torch.onnx.export ... opset_version=12) and upgrade opencv-python.")
        else:
            fix.append("Check the argument order: readNetFromCaffe(prototxt, caffemodel), readNetFromDarknet(cfg, weights).")
    elif sig in ("importer-check", "importer-file"):
        imp = str(facts.get("importer") or _IMPORTERS.get(str(facts.get("importer_file") or ""), "the importer"))
        detail = _clean(facts.get("detail"))
        what = f"OpenCV's {imp} cannot convert this model"
        text = (f"The files were read, but {imp}::populateNet failed while converting the graph"
                f"{' (' + detail + ')' if detail else ''}: this OpenCV version does not handle an op or layout in the model.")
        fix.append("pip install -U opencv-python (or opencv-contrib-python): newer importers handle many more graphs.")
        fix.append("Or re-export the model: ONNX opset 11-13 with onnx-simplifier; TF frozen graph passed through optimize_for_inference.")
    elif sig == "cannot-create-layer":
        layer = str(facts.get("layer") or "")
        ltype = str(facts.get("layer_type") or "")
        what = f"OpenCV dnn has no layer for op type '{ltype}'"
        text = (f"The importer reached node '{layer}' of type '{ltype}' and this OpenCV version has no layer for it.")
        fix.append("Upgrade opencv-python to the newest 4.x, or re-export/simplify the model so it avoids that op.")
    else:
        return None
    derived["what"] = what
    return Explanation(text=text, fix=tuple(fix), derived=derived)
