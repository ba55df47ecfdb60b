"""Computed diagnosis for hf.rope-scaling-format: which RoPE scheme the checkpoint asks for, which release of the
library that validates it first accepts it, and whether upgrading transformers can help at all (vendored or
remote-code config classes keep their own old validator)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# rope_type -> first transformers release whose Llama config accepts it (ROPE_INIT_FUNCTIONS / rope_config_validation).
# linear and dynamic came with the original two-field {type, factor} format (4.31); the typed dict format
# (rope_type key, llama3 / yarn / longrope / default) came with Llama 3.1 support in 4.43.0.
_TRANSFORMERS_FIRST = {"linear": "4.31", "dynamic": "4.31", "default": "4.43", "llama3": "4.43",
                       "yarn": "4.43", "longrope": "4.43", "su": "4.40", "proportional": "5.5"}
# Config classes that kept the old two-field validator after Llama moved to the typed format (checked in the
# 4.43.0, 4.44.2, 4.45.2, 4.48.3, 4.57.6 and 5.25.0 wheels).
_OLD_VALIDATOR_UNTIL = {"gpt_neox": "4.45", "phi": "4.45", "stablelm": "4.45", "persimmon": "4.45", "falcon": "4.45",
                        "olmo": "5.0", "olmo2": "5.0", "chameleon": "5.0", "fuyu": "5.0", "open_llama": "5.0",
                        "hunyuan_v1_dense": "5.0"}
# vLLM release that first knows each scaling type in get_rope().
_VLLM_FIRST = {"llama3": "0.5.3.post1", "longrope": "0.5.1", "su": "0.4.2", "yarn": "0.2.7", "mrope": "0.6.1"}

_KEY = re.compile(r"""['"](rope_type|type)['"]\s*:\s*['"]([\w-]+)['"]""")
_MODEL = re.compile(r"models[/\\](?:deprecated[/\\])?(\w+)[/\\]configuration_\w+\.py")


def _rope_type(text: str) -> tuple[str | None, str | None]:
    found = dict((k, v) for k, v in _KEY.findall(text))
    if "rope_type" in found:
        return found["rope_type"], "rope_type"
    if "type" in found:
        return found["type"], "type"
    return None, None


def _where(config_file: str) -> str:
    """'transformers', 'remote' (trust_remote_code module) or 'vendored' (another package's copy)."""
    f = config_file.replace("\\", "/")
    if "transformers_modules/" in f:
        return "remote"
    if "/transformers/models/" in f:
        return "transformers"
    return "vendored" if f else ""


def _owner(path: str) -> str:
    """The package that owns a file: the folder after site-packages/dist-packages, transformers_modules, or 'your code'."""
    parts = path.replace("\\", "/").split("/")
    for marker in ("site-packages", "dist-packages"):
        if marker in parts:
            i = len(parts) - 1 - parts[::-1].index(marker)
            if i + 1 < len(parts) - 1:
                return parts[i + 1]
    if "transformers_modules" in parts:
        return "the model repository's remote code"
    return "your code" if path else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    cfg = g.get("config_file", "")
    where = _where(cfg)
    m = _MODEL.search(cfg.replace("\\", "/")) if cfg else None
    model = m.group(1) if m and where == "transformers" else ""
    fix: list[str] = []
    derived: dict[str, Any] = {}

    if "required_keys" in g:
        derived["what"] = f"mlx-lm expects the old two-field format {g['required_keys']}"
        return Explanation(
            text=("mlx-lm's model arguments require rope_scaling to carry 'type' and 'factor' (the pre-Llama-3.1 format); "
                  "this checkpoint uses the typed format with rope_type. The installed mlx-lm predates Llama 3.1 support (July 2024)."),
            fix=("pip install -U mlx-lm (and update the plugin or example copy that vendors the old mlx-examples/lora code).",),
            derived=derived,
        )
    if g.get("lookup_key"):
        lf = g.get("lookup_file", "")
        owner = _owner(lf)
        derived["what"] = f"{owner or 'code'} reads rope_scaling['type']"
        return Explanation(
            text=(f"{owner or 'The code in the traceback'} indexes rope_scaling['type'], the key of the old two-field format; "
                  "Llama 3.1+ configs name it rope_type, so the lookup raises KeyError: 'type'. "
                  + (f"The raising file is {lf}." if lf else "")).strip(),
            fix=(f"Upgrade {owner} to a release that reads rope_type (vLLM >= 0.6 for Llama 3.1 fine-tunes)." if owner and owner != "your code" else
                 "Change the lookup to rope_scaling.get('rope_type', rope_scaling.get('type')) in the code named in the traceback, or use the model class from a current transformers.",
                 "Do not add a fake 'type' key to config.json: other readers then apply the wrong scheme."),
            derived=derived,
        )
    if "missing_keys" in g:
        rt = g.get("rope_type", "?")
        derived["what"] = f"rope_type '{rt}' is missing {g['missing_keys']}"
        return Explanation(
            text=(f"config.rope_scaling declares rope_type '{rt}' but lacks the keys that scheme needs ({g['missing_keys']}). "
                  "The dict was written by hand or by a tool for another scheme (for example {'type': 'llama3', 'factor': 8.0} without the llama3 frequency factors)."),
            fix=(f"Copy the complete rope_scaling block from the original checkpoint's config.json (for llama3: factor, low_freq_factor, high_freq_factor, original_max_position_embeddings, rope_type), or remove rope_scaling to use the model's native context.",
                 "Do not override rope_scaling on the command line (--rope-scaling, rope_scaling=...) with a partial dict."),
            derived=derived,
        )

    rt = g.get("engine_rope_type") or g.get("rope_type")
    key = None
    if not rt and "rope_scaling" in g:
        rt, key = _rope_type(g["rope_scaling"])

    if g.get("raiser_pkg") or "engine_rope_type" in g:
        pkg = g.get("raiser_pkg", "vllm")
        rt = rt or "?"
        derived["what"] = f"{pkg} does not know RoPE scaling type '{rt}'"
        parts = [f"The serving code ({pkg}) builds its rotary embedding from config.rope_scaling and has no implementation of '{rt}'."]
        if pkg == "transformers_modules":
            parts.append("The raising code is the model repository's own modeling file (trust_remote_code): its rope code predates the scheme written in config.json.")
            fix.append("Pull the model repository's current code (revision=main) or load with the transformers built-in class (trust_remote_code=False) on a release that supports the model.")
        elif rt in ("extended", "none", "None"):
            parts.append(f"'{rt}' is not a RoPE scheme at all: it came from a --rope-scaling override or a hand-edited config.json.")
            fix.append("Drop the --rope-scaling override (the checkpoint's own config.json already carries the right block) or write a valid scheme (linear, dynamic, yarn, llama3, longrope).")
        elif pkg == "vllm" and rt in _VLLM_FIRST:
            parts.append(f"vLLM implements '{rt}' from {_VLLM_FIRST[rt]} on.")
            fix.append(f"pip install -U 'vllm>={_VLLM_FIRST[rt]}' (it brings a transformers that reads the same config).")
        else:
            fix.append(f"Upgrade {pkg} to a release that lists '{rt}' in its RoPE implementations, or remove the override that set it.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)

    if not rt:
        return None
    allowed = g.get("allowed", "")
    parts: list[str] = []
    ver = _TRANSFORMERS_FIRST.get(rt)
    if where == "remote":
        parts.append(f"config.json asks for RoPE scaling '{rt}', and the configuration class that rejects it is the model repository's own code (trust_remote_code), not transformers: its validator predates that scheme.")
        fix.append("Load the model with the built-in transformers class (trust_remote_code=False) on a recent transformers, or update the repository code (a newer revision of the model repo).")
    elif where == "vendored":
        parts.append(f"config.json asks for RoPE scaling '{rt}', and the configuration class that rejects it is a copy vendored by another package ({cfg}), not the installed transformers: upgrading transformers alone will not change it.")
        fix.append("Upgrade the package that ships that configuration file, or load the model through transformers' own classes (AutoConfig / AutoModelForCausalLM).")
    else:
        if key == "rope_type" or rt in ("llama3", "yarn", "longrope", "default"):
            need = ver or "4.43"
            if model in _OLD_VALIDATOR_UNTIL:
                need = max(need, _OLD_VALIDATOR_UNTIL[model], key=lambda v: tuple(int(x) for x in v.split(".")))
            parts.append(f"config.json uses the typed RoPE format (rope_type '{rt}', as Llama 3.1/3.2/3.3 and later checkpoints do); "
                         f"the installed transformers{(' ' + model) if model else ''} config still only accepts the old two-field {{type, factor}} format"
                         f"{' with ' + allowed if allowed else ''}.")
            parts.append(f"transformers {need} and later read it.")
            fix.append(f"pip install -U 'transformers>={need}' in the environment that runs the job (check: python -c \"import transformers; print(transformers.__version__)\").")
            fix.append("If a serving engine pins transformers (vLLM < 0.5.3.post1 for Llama 3.1), upgrade the engine instead of forcing transformers.")
            derived["min_transformers"] = need
        elif rt == "longrope" or (allowed and "su" in allowed):
            parts.append("Phi-3/3.5 checkpoints renamed the scheme 'su' to 'longrope'; this transformers predates the rename.")
            fix.append("pip install -U 'transformers>=4.43'")
            derived["min_transformers"] = "4.43"
        else:
            parts.append(f"RoPE scaling '{rt}' is not accepted by this configuration class{(' (it allows ' + allowed + ')') if allowed else ''}.")
            if ver:
                fix.append(f"pip install -U 'transformers>={ver}' if the checkpoint really uses '{rt}'; otherwise fix the rope_scaling block in config.json.")
            else:
                fix.append("Fix the rope_scaling block in config.json (or the override passed in code) to a scheme the model supports.")
    fix.append("Do not delete rope_scaling from config.json to get past the error: the model then runs with the wrong positions beyond its original context and quietly degrades on long inputs.")
    derived["what"] = f"RoPE scaling '{rt}'" + (f" (needs transformers >= {derived['min_transformers']})" if "min_transformers" in derived else "")
    if where in ("remote", "vendored"):
        derived["what"] += " rejected by a configuration class outside transformers (" + ("remote code" if where == "remote" else cfg.replace("\\", "/").rsplit("/", 1)[-1]) + ")"
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
