"""Computed diagnosis for llamafactory.dataset-config-error: which name or path LLaMA-Factory could not resolve,
and the dataset_info.json / dataset_dir / template line to change."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# dataset_info.json keys shipped in LLaMA-Factory's data/ folder (demo and common entries)
_SHIPPED = (
    "identity", "alpaca_en_demo", "alpaca_zh_demo", "glaive_toolcall_en_demo", "glaive_toolcall_zh_demo", "mllm_demo",
    "mllm_audio_demo", "mllm_video_demo", "mllm_video_audio_demo", "mllm_pt_demo", "dpo_en_demo", "dpo_zh_demo",
    "kto_en_demo", "wiki_demo", "c4_demo", "alpaca_en", "alpaca_zh", "alpaca_gpt4_en", "alpaca_gpt4_zh", "lima",
    "guanaco", "oaast_sft", "sharegpt4", "ultrachat_200k", "wikipedia_en", "wikipedia_zh", "dpo_mix_en", "ultrafeedback",
)
# template names registered by recent LLaMA-Factory releases (data/template.py register_template)
_TEMPLATES = (
    "alpaca", "baichuan2", "chatglm3", "chatml", "cohere", "cpm4", "deepseek", "deepseek3", "deepseekr1", "deepseekcoder",
    "default", "empty", "falcon", "gemma", "gemma2", "gemma3", "gemma3n", "glm4", "glm4_moe", "glm4v", "gpt_oss",
    "granite3", "intern2", "intern_vl", "kimi_vl", "llama2", "llama2_zh", "llama3", "llama4", "llava", "llava_next",
    "mimo", "minicpm_v", "minicpm_o", "mistral", "mllama", "olmo", "paligemma", "phi", "phi4", "pixtral", "qwen",
    "qwen3", "qwen3_nothink", "qwen2_vl", "qwen2_audio", "qwen2_omni", "qwen3_vl", "seed_oss", "smollm2", "vicuna",
    "yi", "yi_vl", "zephyr",
)
# model-family names people pass that are not template names
_ALIASES = {
    "qwen2": "qwen", "qwen2.5": "qwen", "qwen2_5": "qwen", "qwen1.5": "qwen", "chatglm": "chatglm3", "glm": "glm4",
    "gpt": "gpt_oss", "gpt-oss": "gpt_oss", "llama": "llama3", "llama3.1": "llama3", "llama3_1": "llama3",
    "mistral7b": "mistral", "internvl": "intern_vl", "internvl2": "intern_vl", "qwen2.5_vl": "qwen2_vl", "qwen2_5_vl": "qwen2_vl",
    "deepseek_r1": "deepseekr1", "deepseek-r1": "deepseekr1", "baichuan": "baichuan2", "phi3": "phi", "gemma-2": "gemma2",
}
_DATA_EXT = re.compile(r"\.(json|jsonl|csv|parquet|arrow|txt)$", re.I)


def _stem(name: str) -> str:
    base = re.split(r"[\\/]", name)[-1]
    return re.sub(r"[^A-Za-z0-9_]+", "_", _DATA_EXT.sub("", base)) or "my_data"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    sig = g.get("_signature", "")
    if sig == "no-valid-samples":
        ds = g.get("dataset")
        named = f"dataset '{ds}'" if ds else "the dataset"
        if g.get("stage") == "run_pt":
            return Explanation(
                text=(f"This is pre-training (stage pt): {named} is concatenated and cut into cutoff_len-token blocks, and it is shorter "
                      "than one block, so no sample is left (newer releases word this case 'Cannot find sufficient samples')."),
                fix=("Add more text or lower cutoff_len (e.g. cutoff_len: 512) and remove a small max_samples.",
                     "Check that each record has the column the entry names (\"columns\": {\"prompt\": \"text\"} by default)."),
                derived={"what": f"{named} is shorter than one cutoff_len block (stage pt)"},
            )
        return Explanation(
            text=(f"Every example of {named} was dropped while converting it to prompt/response pairs, so nothing was left to tokenize. "
                  "The dataset_info.json entry does not describe the file: alpaca is assumed unless \"formatting\": \"sharegpt\" is set, "
                  "and columns/tags must name the file's real keys; DPO/RM/KTO data also needs \"ranking\": true with chosen/rejected."),
            fix=(f"Compare the first record (head -c 600 <file>) with the entry for {named} in dataset_info.json and data/README.md of your version: "
                 "alpaca keys instruction/input/output; sharegpt 'conversations' with from/value (or 'messages' with role/content and "
                 "tags: {role_tag: role, content_tag: content, user_tag: user, assistant_tag: assistant}).",
                 "Conversations must alternate user/assistant and end with an assistant turn; empty responses are dropped.",
                 "Rerun with overwrite_cache: true after editing the data (a stale preprocessed cache can keep the old result)."),
            derived={"what": f"no valid samples in {named} (formatting/columns do not match the file)"},
        )
    if sig == "insufficient-samples":
        return Explanation(
            text="Pre-training (stage pt) packs the corpus into cutoff_len-token blocks; the whole dataset is shorter than one block.",
            fix=("Add data or lower cutoff_len (and max_samples if set).",),
            derived={"what": "pt dataset shorter than one cutoff_len block"},
        )
    if sig == "stage-not-applicable":
        return Explanation(
            text=("The dataset's \"ranking\" flag in dataset_info.json does not fit the stage: rm/dpo/orpo need a ranking (pairwise) "
                  "dataset, sft/pt/ppo need a non-ranking one."),
            fix=("Set \"ranking\": true on the entry for preference data (with chosen/rejected columns) and use it with stage: dpo/rm, "
                 "or pick an SFT dataset for stage: sft.",),
            derived={"what": "dataset ranking flag does not fit the training stage"},
        )
    if "dataset" in g:
        name = g["dataset"]
        base = re.split(r"[\\/]", name)[-1]
        key = _stem(name)
        if _DATA_EXT.search(name) or "/" in name or "\\" in name:
            is_hub = not _DATA_EXT.search(name) and not name.startswith(("/", ".", "~")) and name.count("/") == 1
            if is_hub:
                text = (f"'{name}' looks like a Hugging Face Hub dataset id; LLaMA-Factory only accepts names registered in "
                        "dataset_info.json, even for Hub datasets.")
                entry = f"\"{key}\": {{\"hf_hub_url\": \"{name}\"}}"
            else:
                text = (f"'{name}' is a file name or path, but `dataset:` takes keys of <dataset_dir>/dataset_info.json, "
                        "not files.")
                entry = f"\"{key}\": {{\"file_name\": \"{base}\"}}"
            fix = (f"Add {entry} to <dataset_dir>/dataset_info.json (plus \"formatting\": \"sharegpt\" and columns/tags if the file is "
                   f"ShareGPT-style), and set dataset: {key}.",
                   f"Keep the file inside dataset_dir (or give file_name as an absolute path) - dataset_dir must be the folder holding that "
                   "dataset_info.json.")
            return Explanation(text=text, fix=fix, derived={"what": f"'{name}' is a file/path, not a dataset_info.json key"})
        close = difflib.get_close_matches(name, _SHIPPED, n=1, cutoff=0.8)
        if name in _SHIPPED:
            text = (f"'{name}' is one of the datasets LLaMA-Factory ships in its data/dataset_info.json, so the dataset_info.json that was read "
                    "is not that one: dataset_dir (default: the relative path 'data') resolved against a working directory outside the "
                    "LLaMA-Factory checkout, or a custom dataset_dir whose dataset_info.json lacks the entry.")
            fix = ("cd into the LLaMA-Factory directory before launching, or set dataset_dir: /absolute/path/to/LLaMA-Factory/data.",
                   f"If you use your own dataset_dir, copy the '{name}' entry (and its file) from LLaMA-Factory/data into it.")
            return Explanation(text=text, fix=fix, derived={"what": f"shipped dataset '{name}' not in the dataset_info.json read (dataset_dir)"})
        if close and close[0] != name:
            return Explanation(
                text=f"'{name}' is not a key of dataset_info.json; it looks like a misspelling of the shipped dataset '{close[0]}'.",
                fix=(f"Set dataset: {close[0]} (or add an entry named '{name}' to dataset_info.json).",),
                derived={"what": f"undefined dataset '{name}' (did you mean {close[0]}?)"},
            )
        return Explanation(
            text=(f"No entry named '{name}' in the dataset_info.json under dataset_dir: the entry was never added, is misspelt "
                  "(keys are case-sensitive), or dataset_dir points at another folder."),
            fix=(f"Add \"{name}\": {{\"file_name\": \"<your file>.json\"}} to <dataset_dir>/dataset_info.json (with formatting/columns as in data/README.md).",
                 "Print the keys to compare: python -c \"import json; print(sorted(json.load(open('<dataset_dir>/dataset_info.json'))))\".",
                 "Set dataset_dir to the absolute path of that folder if you launch from elsewhere."),
            derived={"what": f"undefined dataset '{name}' in dataset_info.json"},
        )
    if "config_path" in g:
        cp, reason = g["config_path"], g.get("reason", "")
        if "Errno 2" in reason or "No such file" in reason:
            text = (f"{cp} does not exist relative to the working directory: dataset_dir defaults to the relative path 'data', so the run "
                    "must start inside the LLaMA-Factory checkout (or the web UI's Data dir field must point there).")
            fix = ("cd LLaMA-Factory before llamafactory-cli train/webui, or set dataset_dir: /absolute/path/to/LLaMA-Factory/data.",)
            what = f"{cp} not found (working directory / dataset_dir)"
        elif "Expecting" in reason or "JSONDecodeError" in reason or "delimiter" in reason:
            text = f"{cp} exists but is not valid JSON ({reason}); usually a trailing comma or a missing comma after an added entry."
            fix = (f"python -m json.tool {cp} shows the line; fix it and rerun.",)
            what = f"{cp} is not valid JSON"
        else:
            text = f"LLaMA-Factory could not read {cp}: {reason}."
            fix = (f"Check that {cp} is readable JSON and that dataset_dir points at the right folder.",)
            what = f"cannot open {cp}"
        return Explanation(text=text, fix=fix, derived={"what": what})
    if "path" in g:
        p = g["path"]
        return Explanation(
            text=(f"The dataset_info.json entry resolved to {p} (dataset_dir joined with file_name), and no such file or folder exists."),
            fix=("Check file_name in dataset_info.json against the real file name (extension, case) and that the file sits inside dataset_dir.",
                 f"ls -l {p}"),
            derived={"what": f"data file {p} not found"},
        )
    if "template" in g:
        t = g["template"]
        alias = _ALIASES.get(t.lower())
        if t in _TEMPLATES:
            text = (f"'{t}' is a template in current LLaMA-Factory releases but not in the one installed: the template was added "
                    "after your version (README/examples follow main).")
            fix = ("Upgrade: pip install -U llamafactory, or git pull && pip install -e '.[torch,metrics]' in the checkout.",
                   "List what your version has: python -c \"from llamafactory.data.template import TEMPLATES; print(sorted(TEMPLATES))\".")
            what = f"template '{t}' is newer than the installed LLaMA-Factory"
        elif alias:
            text = f"'{t}' is a model family name, not a LLaMA-Factory template name; the template for it is '{alias}'."
            fix = (f"Set template: {alias} (check the supported-models table of your release).",)
            what = f"template '{t}' does not exist (use {alias})"
        else:
            close = difflib.get_close_matches(t.lower(), _TEMPLATES, n=3, cutoff=0.6)
            text = f"'{t}' is not a registered template name in the installed LLaMA-Factory."
            fix = ((f"Closest names: {', '.join(close)}. " if close else "")
                   + "Pick the template listed for your model in the README's supported-models table of your version.",
                   "Or upgrade LLaMA-Factory if the model is newer than your release.")
            what = f"template '{t}' does not exist"
        return Explanation(text=text, fix=fix, derived={"what": what})
    return None
