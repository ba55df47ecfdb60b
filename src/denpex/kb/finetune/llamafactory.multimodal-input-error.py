"""Computed diagnosis for llamafactory.multimodal-input-error: template or processor to fix, and for a placeholder
mismatch the placeholder count read from the messages the error prints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# text templates people use with vision models -> the multimodal template of that family
_VISION_TEMPLATE = {
    "llama3": "mllama (Llama-3.2-Vision) or llava_next_llama3", "llama2": "llava", "qwen": "qwen2_vl (Qwen2/2.5-VL) or qwen3_vl",
    "qwen3": "qwen3_vl", "default": "the model's multimodal template", "empty": "the model's multimodal template",
    "vicuna": "llava", "mistral": "llava_next_mistral or pixtral", "gemma": "gemma3 or paligemma", "gemma2": "gemma3",
    "intern2": "intern_vl", "glm4": "glm4v", "phi": "phi4 (multimodal) / the model's VL template", "yi": "yi_vl or llava_next_yi",
    "cpm4": "minicpm_v", "chatml": "the model's multimodal template",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    sig = g.get("_signature", "")
    tpl = g.get("template")
    if sig == "media-unsupported":
        media = g.get("media", "image")
        if tpl:
            want = _VISION_TEMPLATE.get(tpl)
            text = (f"template '{tpl}' has no {media} plugin, so any example with {media}s is rejected"
                    + (f"; for a vision model of this family use {want}." if want else "."))
        else:
            text = (f"The template in use has no {media} plugin (a text template such as llama3/qwen/default), or the model is text-only, "
                    f"while the dataset has {media}s.")
        return Explanation(
            text=text,
            fix=(f"Set template: to the multimodal template of the model (supported-models table: qwen2_vl, mllama, llava, intern_vl, "
                 f"minicpm_v, gemma3, qwen3_vl, ...) and use a model that accepts {media} input.",
                 f"Or drop the {media}s column from the dataset_info.json entry to train text-only."),
            derived={"what": f"{media} data with a template/model without {media} support" + (f" (template {tpl})" if tpl else "")},
        )
    if sig == "processor-not-found":
        kind = g.get("kind", "Processor")
        return Explanation(
            text=(f"{kind} could not be loaded from model_name_or_path: the folder lacks the processor files (preprocessor_config.json, "
                  "processor_config.json, video_preprocessor_config.json), the model is text-only, or the installed transformers cannot "
                  "build this model's processor" + (f"; check also that template '{tpl}' matches the model." if tpl else "; a wrong template gives the same error.")),
            fix=("python -c \"from transformers import AutoProcessor; print(AutoProcessor.from_pretrained('<model_name_or_path>'))\" shows why it fails.",
                 "For merged/exported checkpoints copy the processor files from the base model repo into the folder (or re-download the full model).",
                 "Upgrade transformers to the version the model card asks for; use the template listed for the model."),
            derived={"what": f"{kind.lower()} not found for model_name_or_path"},
        )
    if sig == "placeholder-mismatch":
        media = g.get("media", "images")
        ph = g.get("placeholder", "<image>")
        if not ph.startswith("<"):
            ph = f"<{ph}>"
        msgs = g.get("messages", "")
        parts = []
        in_answers = 0
        if msgs:
            n = msgs.count(ph)
            segs = msgs.split("}, {")
            in_answers = sum(seg.count(ph) for seg in segs if "'role': 'assistant'" in seg or '"role": "assistant"' in seg)
            parts.append(f"The printed messages contain {n} {ph} placeholder(s)" + (f", {in_answers} of them in assistant answers." if in_answers else "."))
            if n == 0:
                parts.append(f"The prompt has no {ph} although the example has {media}: add one {ph} per file to the user turn.")
            elif in_answers:
                parts.append(f"A literal '{ph}' in the answer text (e.g. a Markdown image reference) counts as a placeholder: remove or rewrite it.")
        text = (f"Each example must have exactly one {ph} per entry of its {media} list, in order. " + " ".join(parts)).strip()
        return Explanation(
            text=text,
            fix=tuple(([f"Remove or rewrite the literal '{ph}' in the answer text of such examples, then rerun with overwrite_cache: true."] if in_answers else [])
                      + [f"Make {media} a JSON list (\"{media}\": [\"a.jpg\"]), not a string, and put one {ph} per file in the user message.",
                         f"Keep literal '{ph}' out of answers; rerun with overwrite_cache: true after editing the data."]),
            derived={"what": f"{media} count does not match {ph} placeholders"},
        )
    return None
