"""Computed diagnosis for openvino.ir-unsupported-opset: newer converter, missing extension, or internal opset."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    opset = str(facts.get("opset") or "")
    op = str(facts.get("op_type") or "operation")
    if not opset:
        return None
    m = re.fullmatch(r"opset(\d+)", opset)
    if opset == "extension":
        return Explanation(
            text=(f"{op} is an extension operation (opset 'extension'): the library that defines it was not registered on this ov.Core. "
                  "Tokenizer/detokenizer IRs need openvino_tokenizers."),
            fix=("import openvino_tokenizers before creating ov.Core() (a Core created earlier does not get the ops); pip install openvino-tokenizers matching your openvino version.",
                 "For custom ops: core.add_extension('/path/to/libextension.so') before read_model."),
            derived={"what": "extension ops not registered (import openvino_tokenizers before ov.Core())"})
    if m:
        n = int(m.group(1))
        return Explanation(
            text=(f"The IR uses {op} from {opset}, which this OpenVINO runtime does not know: the model was converted by a newer OpenVINO "
                  f"than the runtime reading it (any runtime that does not ship opset{n})."),
            fix=(f"Upgrade the runtime that reads the IR (pip install -U openvino, or a newer model-server/container image) to at least the converter's version.",
                 "Or re-convert with the converter matching your runtime (openvino-dev==<runtime version> mo, or openvino==<runtime version> ovc); check the highest opset with: grep -o 'version=\"opset[0-9]*\"' model.xml | sort -u.",
                 "Toolchains frozen at an old release (MYRIAD/blobconverter at 2021.x-2022.1) need the IR converted with that release."),
            derived={"what": f"runtime older than the converter (needs {opset} support)"})
    return Explanation(
        text=(f"{op} comes from the internal opset '{opset}', which the reader could not resolve - a runtime issue with exported/imported compiled models."),
        fix=("Update OpenVINO (fixed in newer releases for type_relaxed_opset on import_model), or recompile from the IR instead of import_model.",),
        derived={"what": f"internal opset '{opset}' not resolvable (update OpenVINO)"})
