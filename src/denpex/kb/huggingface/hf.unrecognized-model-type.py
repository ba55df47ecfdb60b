"""Computed diagnosis for hf.unrecognized-model-type: the minimum transformers release that knows the model type
(from a table built from sampled releases), or why the type is not a transformers one."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from denpex.models import Explanation

_TABLE = Path(__file__).with_name("hf.unrecognized-model-type.versions.tsv")


@lru_cache(maxsize=1)
def _first_release() -> dict[str, str]:
    out: dict[str, str] = {}
    try:
        text = _TABLE.read_text(encoding="utf-8")
    except OSError:
        return out
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        name, _, ver = line.partition("\t")
        if name and ver:
            out[name.strip()] = ver.strip()
    return out


def _latest() -> str:
    table = _first_release()
    if not table:
        return ""
    return max(table.values(), key=lambda v: tuple(int(x) for x in v.split(".")))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    mt = g.get("model_type")
    if mt:
        table = _first_release()
        ver = table.get(mt) or table.get(mt.replace("-", "_"))
        if ver:
            return Explanation(
                text=(f"model_type '{mt}' is a transformers architecture that the installed release does not have yet; "
                      f"it is available from transformers {ver} on (sampled releases: it may have arrived one release earlier)."),
                fix=(
                    f"pip install -U 'transformers>={ver}' in the environment that runs the job, then check: python -c \"from transformers import CONFIG_MAPPING; print('{mt}' in CONFIG_MAPPING)\"",
                    "If a serving engine (vLLM, SGLang, TGI) pins transformers, upgrade the engine to a release that supports this model instead of forcing transformers.",
                ),
                derived={"what": f"model type '{mt}' (needs transformers >= {ver})"},
            )
        latest = _latest()
        return Explanation(
            text=(f"model_type '{mt}' is not in any sampled transformers release up to {latest or 'the latest sampled one'}: "
                  "it is a custom architecture defined by the model repository's own code or by another project, or a model newer than the latest release."),
            fix=(
                "If config.json has an auto_map entry, load with trust_remote_code=True (review the code, pin revision=).",
                "Otherwise install the project that defines the architecture (e.g. the model's GitHub repo package), or transformers from source if the model was just added (pip install git+https://github.com/huggingface/transformers).",
            ),
            derived={"what": f"model type '{mt}' (not a transformers architecture up to {latest})" if latest else f"model type '{mt}'"},
        )
    if "model_path" in g:
        p = g["model_path"]
        return Explanation(
            text=f"{p}/config.json has no model_type key, and nothing in the path names a known architecture.",
            fix=(
                f"Check that {p} is the full model directory (ls {p}; a LoRA adapter has adapter_config.json instead: load the base model and attach it with PEFT).",
                "If it is a checkpoint from another framework (original Meta/Mistral format, NeMo, Megatron), convert it to the Hugging Face format first.",
            ),
            derived={"what": f"the config in {p} (no model_type)"},
        )
    if "config_class" in g:
        cls = g["config_class"].rsplit(".", 1)[-1]
        auto = g.get("auto_class") or g.get("tokenizer_auto") or "this Auto class"
        return Explanation(
            text=f"{cls} is known, but {auto} has no model class for it: this model family is not a {auto} model (e.g. a vision-language or encoder-only model loaded as a causal LM).",
            fix=(f"Use the Auto class or model class the model card shows for {cls.replace('Config', '')} (AutoModelForImageTextToText, AutoModel, or the model's own class).",),
            derived={"what": f"{cls} for {auto}"},
        )
    return None
