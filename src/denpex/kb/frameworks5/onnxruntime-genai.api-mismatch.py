"""Computed diagnosis for onnxruntime-genai.api-mismatch: which side is newer and the code change or install that matches them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TAGS = "https://github.com/microsoft/onnxruntime-genai/tree/v<version>/examples/python"
_REPLACEMENT = {
    ("GeneratorParams", "input_ids"): "generator = og.Generator(model, params); generator.append_tokens(input_tokens)",
    ("Generator", "compute_logits"): "delete generator.compute_logits(): generate_next_token() computes the logits itself",
    ("GeneratorParams", "set_inputs"): "generator.set_inputs(named_tensors) on the Generator",
    ("GeneratorParams", "set_model_input"): "generator.set_model_input(name, value) on the Generator",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "removed-attribute":
        cls, attr = facts.get("cls") or "Generator", facts.get("attr") or "?"
        what = f"{cls}.{attr} does not exist in the installed onnxruntime-genai"
        repl = _REPLACEMENT.get((str(cls), str(attr)))
        if repl:
            text = (f"{cls}.{attr} belongs to the API before onnxruntime-genai 0.6.0; the installed package is 0.6 or newer, "
                    "where the prompt is appended to the generator and the decoding loop has no compute step. The script "
                    "(or the library/tutorial it comes from) was written for an older release.")
            fix = (f"Update the code: {repl}.",
                   "Typical 0.6+ loop: generator = og.Generator(model, params); generator.append_tokens(tokens); "
                   "while not generator.is_done(): generator.generate_next_token(); tok = generator.get_next_tokens()[0].",
                   f"Or keep the old code and pin the old package: pip install onnxruntime-genai==0.5.2 (examples: {_TAGS.replace('<version>', '0.5.2')}).")
        else:
            text = (f"The installed onnxruntime-genai has no {cls}.{attr}: the script was written for a different release "
                    "(the API changed in 0.6.0 and keeps evolving on main).")
            fix = ("Print the installed version (python -c \"import onnxruntime_genai as og; print(og.__version__)\") and use the "
                   f"example/API of that version: {_TAGS}.",
                   "Or install the version the script was written for (pip install onnxruntime-genai==<version>).")
        direction = "script older than package"
    elif sig == "input-ids-not-set":
        what = "the Generator was created without params.input_ids"
        text = ("This onnxruntime-genai (0.5.x or older) needs the prompt in params.input_ids before og.Generator(model, params). "
                "Scripts from the main branch (phi3-qa.py, model-qa.py) use the 0.6+ API, generator.append_tokens(...), "
                "which this package does not support; or the code never set the prompt.")
        fix = ("Upgrade the package to the API of the script: pip install -U onnxruntime-genai (or onnxruntime-genai-cuda / -directml).",
               f"Or use the example matching the installed version: {_TAGS} (e.g. v0.5.2), which sets params.input_ids = input_tokens.")
        direction = "script newer than package"
    elif sig == "isdone-mid-logits":
        what = "is_done() called between compute_logits() and generate_next_token()"
        text = ("This onnxruntime-genai (0.5.x or older) computes logits and picks the token in two calls; is_done() may only be "
                "called after generate_next_token(). The loop mixes the 0.5 and 0.6 call orders (usually a 0.6 example patched "
                "with compute_logits in the wrong place).")
        fix = ("Upgrade to the 0.6+ API (pip install -U onnxruntime-genai) and drop compute_logits(), or use the 0.5 order: "
               "while not generator.is_done(): generator.compute_logits(); generator.generate_next_token().",
               f"Take the example from the tag of your version: {_TAGS}.")
        direction = "script newer than package"
    elif sig == "compute-logits-required":
        what = "the loop skips compute_logits() that this package still requires"
        text = ("This onnxruntime-genai (0.5.x or older) needs generator.compute_logits() before every generate_next_token(); the "
                "loop was written for 0.6+, where that call no longer exists.")
        fix = ("Upgrade: pip install -U onnxruntime-genai (and use append_tokens instead of params.input_ids).",
               f"Or add generator.compute_logits() before generate_next_token() and take the example from the tag of your version: {_TAGS}.")
        direction = "script newer than package"
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"what": what, "direction": direction})
