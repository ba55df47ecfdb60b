"""Computed diagnosis for lightning.trainer-attribute-removed: which Lightning release removed (or introduced)
the Trainer attribute the code reads, and what replaces it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# attr -> (direction, change, replacement); direction "removed": code older than the installed Lightning,
# "new": code newer than the installed Lightning (or a Trainer pickled by another version)
_FLAGS = "trainer.strategy / trainer.accelerator (isinstance checks, e.g. isinstance(trainer.strategy, DDPStrategy)) and trainer.num_devices"
_TABLE: dict[str, tuple[str, str, str]] = {
    "accelerator_backend": ("removed", "renamed to trainer.accelerator in 1.2 (old name removed in 1.4); optimizer/device setup moved to trainer.strategy in 1.6",
                            "trainer.strategy (1.6+: trainer.strategy.setup_optimizers(trainer)); trainer.accelerator on 1.2-1.5"),
    "progress_bar_dict": ("removed", "deprecated in 1.5, removed in 1.7", "trainer.progress_bar_metrics, or trainer.progress_bar_callback.get_metrics(trainer, pl_module)"),
    "train_loop": ("removed", "removed by the loops refactor in 1.4", "trainer.fit_loop (batch/epoch state: trainer.fit_loop.epoch_loop)"),
    "evaluation_loop": ("removed", "removed by the loops refactor in 1.4", "trainer.validate_loop / trainer.test_loop (fit-time validation: trainer.fit_loop.epoch_loop.val_loop)"),
    "lr_schedulers": ("removed", "deprecated in 1.6, removed in 1.8", "trainer.lr_scheduler_configs (each item's .scheduler is the scheduler object)"),
    "checkpoint_connector": ("removed", "made private as _checkpoint_connector in 1.6 (public name removed in 1.8)", "trainer.save_checkpoint(path) / fit(ckpt_path=...); trainer._checkpoint_connector if you must"),
    "accelerator_connector": ("removed", "made private as _accelerator_connector in 1.6 (rewritten, no compatibility)", "trainer.strategy, trainer.accelerator, trainer.num_devices, trainer.device_ids"),
    "data_connector": ("removed", "made private as _data_connector in 1.6", "the LightningDataModule / trainer.datamodule, trainer.train_dataloader"),
    "logger_connector": ("removed", "made private as _logger_connector in 1.6", "self.log(...) in the LightningModule; trainer.callback_metrics / trainer.logged_metrics"),
    "callback_connector": ("removed", "made private as _callback_connector in 1.6", "trainer.callbacks"),
    "_accelerator_connector": ("new", "exists only since 1.6 (the AcceleratorConnector rewrite)", "Lightning >= 1.6 for this code; for a Trainer unpickled from an older save, create a new Trainer"),
    "_data_connector": ("new", "exists only since 1.6 (renamed from data_connector)", "Lightning >= 1.6 for this code, or data_connector on older releases"),
    "_checkpoint_connector": ("new", "exists only since 1.6 (renamed from checkpoint_connector)", "Lightning >= 1.6 for this code, or checkpoint_connector on older releases"),
    "_logger_connector": ("new", "exists only since 1.6 (renamed from logger_connector)", "Lightning >= 1.6 for this code, or logger_connector on older releases"),
    "training_type_plugin": ("removed", "replaced by trainer.strategy in 1.6, removed in 1.8", "trainer.strategy"),
    "use_ddp": ("removed", "removed in 1.4 with the other device flags", _FLAGS),
    "use_ddp2": ("removed", "removed in 1.4 with the other device flags", _FLAGS),
    "use_dp": ("removed", "removed in 1.4 with the other device flags", _FLAGS),
    "use_tpu": ("removed", "removed in 1.4 with the other device flags", _FLAGS),
    "use_horovod": ("removed", "removed in 1.4 with the other device flags", _FLAGS),
    "use_single_gpu": ("removed", "removed in 1.4 with the other device flags", _FLAGS),
    "on_gpu": ("removed", "removed in 1.4 with the other device flags", _FLAGS),
    "on_tpu": ("removed", "removed in 1.4 with the other device flags", _FLAGS),
    "on_cpu": ("removed", "removed in 1.4 with the other device flags", _FLAGS),
    "running_sanity_check": ("removed", "deprecated in 1.3, removed in 1.5", "trainer.sanity_checking"),
    "data_parallel_device_ids": ("removed", "deprecated in 1.6, removed in 1.8", "trainer.device_ids"),
    "root_gpu": ("removed", "deprecated in 1.6, removed in 1.8", "trainer.strategy.root_device.index"),
    "num_gpus": ("removed", "deprecated in 1.6, removed in 1.8", "trainer.num_devices"),
    "amp_backend": ("removed", "removed in 2.0 (only native torch AMP remains)", "trainer.precision ('16-mixed' / 'bf16-mixed')"),
    "weights_save_path": ("removed", "removed in 2.0", "ModelCheckpoint(dirpath=...) or trainer.default_root_dir"),
    "resume_from_checkpoint": ("removed", "Trainer(resume_from_checkpoint=) removed in 2.0", "trainer.fit(model, ckpt_path=...) and trainer.ckpt_path"),
    "get_model": ("removed", "removed in 1.4", "trainer.lightning_module"),
    "disable_validation": ("removed", "removed in the 1.x series", "trainer.enable_validation or limit_val_batches=0"),
    "distributed_backend": ("removed", "Trainer(distributed_backend=) was replaced by accelerator=/strategy= (1.5) and removed", "trainer.strategy"),
    "use_amp": ("removed", "deprecated in 0.7 in favour of precision=16 and later removed", "trainer.precision (16 / '16-mixed'); trainer.amp_backend on 1.x"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "").strip()
    if not attr:
        return None
    direction, change, replacement = _TABLE.get(attr, ("removed", "removed or renamed in a later Lightning release", "the successor named in the deprecation warnings of the last release that had it"))
    if direction == "new":
        text = (f"trainer.{attr} {change}: the code expects Lightning 1.6 or newer, but the Trainer it reads is older - either "
                f"the installed pytorch-lightning is older than 1.6, or the Trainer came out of a pickle saved by another Lightning version.")
        fix = ("pip install -U \"pytorch-lightning>=1.6\" (or the version in the repository's requirements).",
               "If a model saved with pickle/torch.save carried its Trainer: do not reuse that Trainer; build a new pl.Trainer after loading (NeuralProphet: model.restore_trainer()).")
    else:
        text = (f"trainer.{attr} {change}. The code was written for an older Lightning than the one installed. Successor: {replacement}.")
        fix = (f"Port the code: replace trainer.{attr} with {replacement}.",
               "Or install the Lightning release the code targets (check its requirements; pip install \"pytorch-lightning==1.x.y\") with a torch version that release supports.")
    return Explanation(text=text, fix=fix, derived={"change": change, "replacement": replacement, "direction": direction})
