"""Computed diagnosis for jsonargparse.option-not-accepted: where the rejected key lives and what replaced it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Trainer arguments removed or renamed in Lightning 2.0 (and 1.x deprecations).
_TRAINER_RENAMED = {
    "gpus": "accelerator: gpu + devices: N",
    "tpu_cores": "accelerator: tpu + devices: N",
    "ipus": "accelerator: ipu + devices: N",
    "num_processes": "devices: N",
    "auto_select_gpus": "devices: -1 / find_usable_cuda_devices()",
    "resume_from_checkpoint": "fit --ckpt_path PATH",
    "checkpoint_callback": "enable_checkpointing",
    "weights_summary": "enable_model_summary",
    "progress_bar_refresh_rate": "a TQDMProgressBar(refresh_rate=N) callback",
    "auto_lr_find": "lightning.pytorch.tuner.Tuner(trainer).lr_find(model)",
    "auto_scale_batch_size": "Tuner(trainer).scale_batch_size(model)",
    "replace_sampler_ddp": "use_distributed_sampler",
    "stochastic_weight_avg": "a StochasticWeightAveraging callback",
    "track_grad_norm": "log grad norms in on_before_optimizer_step",
    "amp_backend": "precision: 16-mixed",
    "amp_level": "precision: 16-mixed",
    "terminate_on_nan": "detect_anomaly / a callback",
    "reload_dataloaders_every_epoch": "reload_dataloaders_every_n_epochs: 1",
    "flush_logs_every_n_steps": "the logger's flush_logs_every_n_steps",
    "log_gpu_memory": "a DeviceStatsMonitor callback",
    "process_position": "a TQDMProgressBar(process_position=N) callback",
    "multiple_trainloader_mode": "CombinedLoader(mode=...)",
    "move_metrics_to_cpu": "(removed)",
    "prepare_data_per_node": "LightningDataModule.prepare_data_per_node attribute",
    "weights_save_path": "ModelCheckpoint(dirpath=...) / default_root_dir",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not isinstance(key, str) or not key:
        return None
    parent = facts.get("parent")
    if isinstance(parent, str) and parent and facts.get("scope") == "Group":
        key = f"{parent}.{key}"  # a group names its own prefix; the key is relative to it
    parts = key.split(".")
    leaf = parts[-1]
    sub = facts.get("subcommand")
    if isinstance(sub, str) and sub:
        where = f" (given before subcommand {sub})"
        text = (f"'{key}' was read by the top-level parser because the config/option came before the subcommand {sub}; "
                "only the subcommand's parser knows trainer/model/data keys.")
        name = sub.strip("'{}").split(",")[0]
        fix = (f"Reorder: python main.py {name} -c config.yaml (the config after the subcommand).",)
        return Explanation(text=text, fix=fix, derived={"where": where})
    if len(parts) >= 2 and parts[0] == "trainer" and leaf in _TRAINER_RENAMED:
        where = " (Trainer argument removed in Lightning 2.x)"
        text = f"trainer.{leaf} no longer exists in the installed Lightning Trainer."
        fix = (f"Replace trainer.{leaf} with {_TRAINER_RENAMED[leaf]}.",)
        return Explanation(text=text, fix=fix, derived={"where": where})
    if "init_args" in parts:
        i = parts.index("init_args")
        owner = ".".join(parts[:i]) or "the class"
        where = f" (init_args of {owner})"
        text = (f"The class configured at '{owner}' (its class_path) has no __init__ parameter '{leaf}': "
                "the config was written for another class or another version of it.")
        fix = (f"Check the accepted parameters with --{owner}.help <ClassName>; rename or drop '{leaf}', or add it to the class's __init__.",)
        return Explanation(text=text, fix=fix, derived={"where": where})
    if len(parts) == 1:
        where = " (top-level key)"
        text = (f"Top-level key '{key}' is unknown: with subcommands, a config given before fit/validate/test is read by "
                "the top-level parser; otherwise it is a typo or a section the CLI does not define.")
        fix = ("Pass the config after the subcommand (main.py fit -c cfg.yaml) and compare with main.py fit --print_config.",)
        return Explanation(text=text, fix=fix, derived={"where": where})
    where = f" (under {'.'.join(parts[:-1])})"
    text = f"'{leaf}' is not a parameter of {'.'.join(parts[:-1])} in the installed versions."
    fix = ("Compare the config with python main.py fit --print_config and rename or drop the key.",)
    return Explanation(text=text, fix=fix, derived={"where": where})
