"""Computed diagnosis for paddle.inference-model-file-missing: read the path Paddle could not open."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    sig = facts.get("_signature")
    if sig == "paddleocr-not-find-pdmodel":
        where = f" in {path}" if path else ""
        return Explanation(
            text=f"PaddleOCR found neither model.pdmodel nor inference.pdmodel{where}: the directory is not an exported (Paddle 2.x) inference model.",
            fix=("Export the trained model: python tools/export_model.py -c <config.yml> -o Global.pretrained_model=<ckpt> Global.save_inference_dir=<dir>, "
                 "then pass that dir as det_model_dir/rec_model_dir.",
                 "A directory holding inference.json was exported by Paddle 3: use PaddleOCR 3.x with it."),
            derived={"diagnosis": "no exported model in the directory"})
    if not isinstance(path, str) or not path.strip():
        return None
    p = path.strip().strip("'\"")
    name = re.split(r"[\\/]", p)[-1]
    low = name.lower()
    fix: list[str] = []
    if any(ord(c) > 127 for c in p):
        diagnosis = "non-ASCII characters in the path"
        text = f"The path {p} contains non-ASCII characters; Paddle's file loader on Windows cannot open such paths."
        fix.append("Move the model (or the model cache: PADDLE_PDX_CACHE_HOME for PaddleX, PPNLP_HOME for PaddleNLP) to a folder with an ASCII-only path and point the tool there.")
    elif sig == "load-operator-fail-to-open":
        diagnosis = "separate parameter file missing"
        text = (f"The program loads parameters one file per variable and {name} is missing or damaged: the model directory is incomplete "
                "(partial copy/download) or belongs to another export than the program file.")
        fix.append("Copy/download the whole exported model directory again, or re-export it as combined files (model.pdmodel + model.pdiparams).")
    elif low.endswith(".json"):
        diagnosis = "Paddle 3 (PIR) model file missing"
        text = (f"{name} is the program file of a Paddle 3 / PaddleX 3 export. It is absent at {p}: the model download was interrupted, "
                "the cache holds an older (.pdmodel) export, or the path is wrong.")
        fix.append("Delete the model's cache folder (e.g. ~/.paddlex/official_models/<model>) so it is downloaded again, and check the folder lists inference.json and inference.pdiparams.")
    elif low == "__model__":
        diagnosis = "Paddle 1.x model name expected"
        text = f"The code looks for __model__, the Paddle 1.x program file; models exported with Paddle 2.x are named *.pdmodel."
        fix.append("Use the Paddle 2.x deploy code/tool for this model (model.pdmodel + model.pdiparams), or convert the model for the serving tool you use.")
    elif low.endswith(".pdmodel"):
        diagnosis = "exported .pdmodel not found"
        text = (f"No {name} at {p}. Either the model was never exported (training only writes .pdparams checkpoints), "
                "or it was exported by Paddle 3 as inference.json, which code written for Paddle 2.x does not look for.")
        fix.append("List the directory: with inference.json present, use the Paddle 3 release of the tool (or install paddlepaddle 2.6 and re-export); "
                   "with only .pdparams, run the project's export_model.py / paddle.jit.save first.")
    elif low.endswith((".pdparams", ".pdiparams", ".pdopt")):
        diagnosis = "parameter file not found"
        text = f"The parameter file {name} is missing at {p} (path typo, wrong working directory, or the export/download did not finish)."
        fix.append("Use the absolute path of the parameter file written next to the program file.")
    elif "." not in name:
        diagnosis = "directory or prefix passed as a file"
        text = (f"{p} has no file extension: a directory or a file prefix was passed where Paddle opens a file "
                "(e.g. Config(dir, prefix) in Paddle 2.6+ expects the directory and the prefix 'inference').")
        fix.append("Pass Config('<dir>/inference.pdmodel', '<dir>/inference.pdiparams'), or Config('<dir>', 'inference') with the right directory.")
    else:
        diagnosis = "file missing at that path"
        text = f"Paddle could not open {p}."
        fix.append("Check the path exists relative to the working directory of the process (use an absolute path).")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
