"""Computed diagnosis for rllib.unknown-config-parameter: known renames and where custom keys belong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Old RLlib config key -> (replacement, note). Facts from RLlib release history.
_RENAMED = {
    "sgd_stepsize": ("lr", "renamed to lr (Ray 0.6 era)"),
    "sgd_batchsize": ("sgd_minibatch_size", "renamed to sgd_minibatch_size (PPO, Ray 0.6 era)"),
    "timesteps_per_batch": ("train_batch_size", "renamed to train_batch_size (Ray 0.6 era)"),
    "local_evaluator_tf_session_args": ("local_tf_session_args", "the evaluator -> worker renames of Ray 0.7"),
    "sample_batch_size": ("rollout_fragment_length", "renamed to rollout_fragment_length (Ray 0.8 series)"),
    "policy_graphs": ("policies", "multiagent.policy_graphs became multiagent.policies"),
    "explore": ("explore", "an option of newer RLlib releases (0.8 series on); this release does not know it"),
    "exploration_config": ("exploration_config", "an option of newer RLlib releases (0.8 series on); this release does not know it"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not key:
        return None
    if key in _RENAMED:
        new, note = _RENAMED[key]
        if new == key:
            return Explanation(
                text=f"'{key}' is not known to this Ray release: {note}.",
                fix=("pip install -U 'ray[rllib]' (a release that has the option), or drop the key.",),
                derived={"hint": f" ({note})"},
            )
        return Explanation(
            text=f"'{key}' is an old RLlib key: {note}.",
            fix=(f"Replace '{key}' with '{new}' in the config (or install the Ray release the config was written for).",),
            derived={"hint": f" - use '{new}' ({note})"},
        )
    low = key.lower()
    if any(w in low for w in ("mlflow", "wandb", "comet", "experiment", "env_", "custom", "my_")):
        return Explanation(
            text=f"'{key}' looks like a project setting, not an RLlib option: the top level of the algorithm config accepts only the algorithm's own keys.",
            fix=(f"Move '{key}' under 'env_config' (environment settings) or model 'custom_model_config' (model settings), or keep it outside the RLlib config.",),
            derived={"hint": " - a custom key at the top level (move it under env_config / custom_model_config)"},
        )
    return Explanation(
        text=f"'{key}' is not in this algorithm's default config in the installed Ray release (renamed, removed, or another algorithm's key).",
        fix=("Look the key up in the algorithm's DEFAULT_CONFIG / AlgorithmConfig of your Ray version and use its current name.",),
        derived={"hint": " - not defined for this algorithm in this Ray release"},
    )
