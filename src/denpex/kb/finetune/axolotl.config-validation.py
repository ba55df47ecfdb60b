"""Computed diagnosis for axolotl.config-validation: the YAML key to change for the dataset type, eval packing or
lora_modules_to_save check that stopped the run."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# preference-training strategies (axolotl.prompt_strategies.dpo / kto / orpo): they load only with rl: set
_RL_PREFIXES = ("chatml.intel", "chatml.argilla", "chatml.icr", "chatml.prompt_pairs", "chatml.ultra", "llama3.",
                "zephyr.nectar", "chat_template.argilla")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    sig = g.get("_signature", "")
    if sig == "eval-packing-too-small":
        return Explanation(
            text=("sample_packing is on and the eval split, once packed into sequence_len-token rows, fills less than one eval "
                  "batch, so there are zero eval steps."),
            fix=("Add to the YAML: eval_sample_packing: false (training stays packed; eval runs unpacked).",
                 "Or give eval more data: a larger val_set_size (e.g. 0.05 -> 0.1) or test_datasets; or val_set_size: 0 to skip eval."),
            derived={"what": "eval split too small for sample_packing (set eval_sample_packing: false)"},
        )
    if sig == "strategy-load-failed":
        st = g.get("strategy", "?").strip()
        mod = st.lstrip(".")
        text = (f"axolotl could not import the dataset strategy module '{mod}' named by datasets[].type (or an rl: loader); the "
                "loader only logs this warning and returns None, so the run fails right after it. Causes: a typo or a type of "
                "another axolotl release, a preference/GRPO type without the matching rl: setting, or a custom module (e.g. "
                "rewards.py for GRPO transforms) that is not importable from the directory axolotl runs in or raises while importing.")
        fix = (f"From the directory you launch axolotl in, run: python -c \"import {mod.split('.')[0]}\" - it must import without error "
               "(a custom module must sit there or on PYTHONPATH).",
               "If it is a built-in type, check the spelling against the dataset formats page of your axolotl version and that rl: "
               "(dpo/kto/orpo/grpo) matches it.")
        return Explanation(text=text, fix=fix, derived={"what": f"dataset strategy '{mod}' failed to import"})
    if sig == "unhandled-strategy" or "ds_type" in g:
        t = g.get("ds_type", "?")
        low = t.lower()
        if ":load_" in t:
            good = t.replace(":load_", ".load_")
            text, fix = (f"type: {t} uses ':' where axolotl expects a dot between module and loader.",
                         (f"Set type: {good}.",))
        elif low.startswith("sharegpt"):
            text = (f"type: {t} is one of the fastchat-based sharegpt strategies, removed from axolotl in November 2024 (PR #2021); "
                    "on older releases the same message appears when fastchat is not installed and the module fails to import.")
            fix = ("Use type: chat_template with chat_template: chatml (or tokenizer_default), field_messages: conversations and "
                   "message_property_mappings: {role: from, content: value} (roles: human -> user, gpt -> assistant).",
                   "Or pin the older axolotl release the config was written for (and pip install fschat).")
        elif low.startswith(_RL_PREFIXES):
            text = (f"type: {t} is a preference-training (DPO/KTO/ORPO) strategy; axolotl looks it up among the RL loaders only "
                    "when the config sets rl:, so an SFT run or a preprocess without rl: cannot find it.")
            fix = ("Add rl: dpo (or kto / orpo to match the data) to the same YAML you pass to preprocess and train.",
                   "For supervised fine-tuning use an SFT type instead (chat_template, alpaca, completion, input_output).")
        else:
            text = (f"type: {t} does not name a prompt strategy this axolotl can import: a typo, a type from another release, or "
                    "a custom strategy module that raises ImportError while loading (axolotl reports that the same way).")
            fix = ("Check the dataset formats page of your axolotl version for the exact type name.",
                   f"For a module.function type, test the import: python -c \"import axolotl.prompt_strategies.{t.split('.')[0]}\".")
        return Explanation(text=text, fix=fix, derived={"what": f"unhandled dataset type '{t}'"})
    if sig == "lora-modules-to-save" or "modules" in g:
        mods = re.findall(r"[A-Za-z_][A-Za-z0-9_.]*", g.get("modules", "")) or ["embed_tokens", "lm_head"]
        return Explanation(
            text=("The config adds tokens or replaces special tokens (special_tokens / tokens) while training an adapter. New token "
                  f"rows live in {', '.join(mods)}, which LoRA alone neither trains nor saves."),
            fix=(f"Add to the YAML: lora_modules_to_save: [{', '.join(mods)}].",
                 "Or keep the tokenizer's existing special tokens (drop the special_tokens override) if you do not need new ones."),
            derived={"what": f"adapter run changes special tokens: set lora_modules_to_save: [{', '.join(mods)}]"},
        )
    if sig == "failed-config-wrapper" or "cfg_file" in g:
        c = g.get("cfg_file", "the config")
        return Explanation(
            text=(f"axolotl train ran the training for {c} in a child process (accelerate launch / torchrun) and it exited non-zero; "
                  "this line only reports that."),
            fix=("Scroll up to the first traceback from the child (often under [rankN]:) and fix that error.",
                 f"Rerun the child directly to see it alone: accelerate launch -m axolotl.cli.train {c}."),
            derived={"what": f"training of {c} failed in the child process (see the error above)"},
        )
    return None
