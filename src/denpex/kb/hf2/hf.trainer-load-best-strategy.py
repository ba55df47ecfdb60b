"""Computed diagnosis for hf.trainer-load-best-strategy: which schedule differs and the values to set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_float
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "strategy-mismatch":
        ev = str(facts.get("eval_strategy") or "").lower()
        sv = str(facts.get("save_strategy") or "").lower()
        if ev == "no":
            problem = "evaluation is off (eval strategy 'no')"
            text = ("load_best_model_at_end needs evaluation, but the eval strategy is 'no' "
                    f"(save strategy '{sv or '?'}'). Usually only the save schedule or the old evaluation_strategy name was set, "
                    "or the run has no eval split.")
            target = sv if sv in ("steps", "epoch") else "steps"
            fix = (f"Set eval_strategy='{target}' (transformers 4.46+ name; evaluation_strategy before) to match save_strategy='{target}', "
                   "and pass an eval_dataset (LLaMA-Factory: val_size > 0).",
                   "Or drop load_best_model_at_end if no evaluation is wanted.")
        elif ev and sv:
            problem = f"eval '{ev}' vs save '{sv}'"
            text = f"Evaluation runs per '{ev}' but checkpoints are saved per '{sv}', so the best evaluated model may have no checkpoint."
            fix = (f"Make them equal: save_strategy='{ev}' (or eval_strategy='{sv}'); with 'steps' keep save_steps a multiple of eval_steps.",
                   "transformers 4.47+: save_strategy='best' is accepted with any eval strategy other than 'no'.")
        else:
            problem = "save and eval strategy differ"
            text = "The eval and save strategies differ (values on the lines after the error)."
            fix = ("Set eval_strategy and save_strategy to the same value ('steps' or 'epoch').",)
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    if sig == "steps-not-multiple":
        s, e = as_float(facts.get("save_steps")), as_float(facts.get("eval_steps"))
        if s and e and e > 0:
            k = max(1, round(s / e))
            good = int(k * e) if e >= 1 else k * e
            problem = f"save_steps {facts.get('save_steps')} is not a multiple of eval_steps {facts.get('eval_steps')}"
            text = (f"save_steps={facts.get('save_steps')} / eval_steps={facts.get('eval_steps')} = {s / e:.3g}, not a whole number, "
                    "so some saves would fall between evaluations.")
            fix = (f"Set save_steps={good} (= {k} x eval_steps), or eval_steps to a divisor of {facts.get('save_steps')}.",
                   "Or disable load_best_model_at_end.")
        else:
            problem = "save_steps is not a multiple of eval_steps"
            text = "save_steps must be a whole multiple of eval_steps (ratio values mixed with absolute steps cannot be checked)."
            fix = ("Use absolute steps for both, with save_steps = k x eval_steps.",)
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    return None
