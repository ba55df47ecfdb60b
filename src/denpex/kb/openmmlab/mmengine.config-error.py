"""Computed diagnosis for mmengine.config-error: which part of an OpenMMLab config failed to load or merge
(missing config / _base_ file, a key the code reads that the config lacks, a dict-vs-value inheritance clash,
duplicate base keys, a syntax error) and the fix for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# top-level keys of OpenMMLab 1.x configs (mmcv.Config + mmcv runner) and of the 2.0 generation (mmengine Runner)
_KEYS_1X = {"data", "evaluation", "runner", "workflow", "lr_config", "optimizer_config", "checkpoint_config", "log_config",
            "gpu_ids", "train_pipeline", "test_pipeline", "total_epochs", "resume_from", "samples_per_gpu", "workers_per_gpu"}
_KEYS_2X = {"train_dataloader", "val_dataloader", "test_dataloader", "train_cfg", "val_cfg", "test_cfg", "optim_wrapper",
            "param_scheduler", "default_hooks", "val_evaluator", "test_evaluator", "visualizer", "data_preprocessor",
            "default_scope", "env_cfg", "log_processor", "vis_backends", "backend_args"}
_PLACEHOLDER = re.compile(r"(?i)(/?path/to/|PATH/TO/|\$\{?[A-Z_]+\}?|<[^>]+>|\{[a-z_]+\}|YOUR_[A-Z_]+)")


def _file_not_exist(path: str, parts: list[str], fix: list[str], derived: dict[str, Any]) -> None:
    p = path.replace("\\\\", "/").replace("\\", "/")
    name = p.rsplit("/", 1)[-1]
    if "/_base_/" in p or p.startswith("_base_/"):
        derived["what"] = f"_base_ config {name} not found"
        parts.append(f"A config inherits '_base_' files by paths relative to its own folder, and {p} is not there: the config was copied or moved out of the repository's configs/ tree "
                     "(so ../_base_/ points elsewhere), or the _base_ file was renamed or removed in the installed version.")
        fix.append("Keep the config inside the codebase's configs/ folder (configs/<model>/my_config.py) so its ../_base_/ paths resolve, or rewrite _base_ to paths relative to the config's new location.")
        fix.append("With mmengine, a config outside the repo can inherit from the installed package: _base_ = ['mmdet::_base_/default_runtime.py'] (package-scoped base).")
        return
    if _PLACEHOLDER.search(p):
        derived["what"] = f"config path is a placeholder ({path})"
        parts.append(f"The path '{path}' is a placeholder from the documentation, not a real file.")
        fix.append("Pass a real config file, e.g. configs/<model>/<config>.py from the repository of the installed version (ls configs/ to list them).")
        return
    if "." not in name:
        derived["what"] = f"'{path}' is not a config file"
        parts.append(f"'{path}' has no .py/.yaml/.json extension: a folder or a truncated argument was passed where a config file is expected.")
        fix.append("Pass the full path of the config file, e.g. configs/faster_rcnn/faster-rcnn_r50_fpn_1x_coco.py.")
        return
    derived["what"] = f"config file {name} not found"
    parts.append(f"The config file '{path}' does not exist.")
    if re.search(r"_\d+x\d+_\d+e_", name):
        parts.append("Its name follows the OpenMMLab 1.x naming (e.g. yolox_s_8x8_300e_coco.py); the 2.0-generation repositories renamed most configs to the NxbM-Ke style (yolox_s_8xb8-300e_coco.py).")
    elif re.search(r"\d+xb\d+", name):
        parts.append("Its name follows the 2.0-generation naming (NxbM-...); a 1.x checkout (mmdet 2.x, mmseg 0.x) names the same config with underscores (8x8_300e).")
    fix.append("Relative config paths are resolved against the current directory: run from the repository root, or pass an absolute path; list the real names with ls configs/<model>/.")
    fix.append("Without a repository checkout, download the config: mim download <codebase> --config <config name> --dest . (then pass ./<config name>.py).")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("attr"):
        attr = str(facts["attr"])
        if attr in _KEYS_1X:
            derived["what"] = f"the code reads cfg.{attr}, a 1.x config key"
            parts.append(f"The code reads cfg.{attr}, a key of OpenMMLab 1.x configs (mmcv.Config: data=dict(train=..., val=...), runner, lr_config, ...), but the loaded config does not define it - usually a 2.0-generation config (train_dataloader, train_cfg, optim_wrapper) run with 1.x tools/scripts or a 1.x tutorial snippet, or a config that does not inherit the _base_ dataset file.")
            fix.append("Use the tools/ and configs/ of one release: pip show mmdet (or the codebase) and check out the matching tag; for 2.0 configs, replace cfg.data.train by cfg.train_dataloader.dataset, cfg.runner by cfg.train_cfg, cfg.optimizer by cfg.optim_wrapper.optimizer.")
        elif attr in _KEYS_2X:
            derived["what"] = f"the code reads cfg.{attr}, a 2.0-generation config key"
            parts.append(f"The code reads cfg.{attr}, a key of the OpenMMLab 2.0 generation (mmengine Runner configs), but the loaded config does not define it - a 1.x config (data=dict(...), runner=...) used with 2.0 code, or a custom config that does not inherit the default _base_ files.")
            fix.append("Use a config of the installed release (the configs/ folder of the same version), or add the missing key from the codebase's _base_ (e.g. _base_/default_runtime.py, _base_/datasets/...).")
        else:
            derived["what"] = f"the config has no key '{attr}'"
            parts.append(f"The code reads cfg...{attr}, which the loaded config does not define at that level: a misspelt or misplaced key, a config that does not inherit the _base_ defining it, or a config written for another version of the code.")
            fix.append(f"Print the merged config (python tools/misc/print_config.py <config> or python -c \"from mmengine import Config; print(Config.fromfile('<config>').pretty_text)\") and look for '{attr}' at the level the code expects.")
    elif facts.get("key"):
        key = str(facts["key"])
        bt = str(facts.get("base_type") or "another type")
        derived["what"] = f"child config sets {key} as a dict, base has {bt}"
        parts.append(f"The child config writes {key}=dict(...), which mmengine/mmcv merges key by key into the base's {key}; but the base defines {key} as {bt}, so there is nothing to merge into.")
        if "list" in bt:
            parts.append(f"In the base, {key} is a list (e.g. the three bbox heads of Cascade R-CNN), so the child must give a list with one dict per element.")
            fix.append(f"Write {key} as a list of the same length, one dict per element (e.g. {key}=[dict(num_classes=N), dict(num_classes=N), dict(num_classes=N)] for the three cascade stages; each dict is merged into its element).")
        fix.append(f"Or replace the base value instead of merging: {key}=dict(_delete_=True, ...) (a complete new value) in the child config.")
    elif facts.get("dup_keys"):
        derived["what"] = f"two _base_ files define {facts['dup_keys']}"
        parts.append(f"Two files listed in _base_ both define {facts['dup_keys']}; OpenMMLab refuses to pick one.")
        fix.append("Keep each key in only one _base_ file, or inherit one base and override the key in the child config.")
    elif facts.get("syntax_detail"):
        derived["what"] = "config file is not valid Python"
        parts.append(f"The config is parsed as Python before anything is built, and it has a syntax error: {facts['syntax_detail']}.")
        fix.append("Open the config at the reported line (often a missing comma or bracket between dict(...) entries, or Python-2/Windows path escapes).")
    elif facts.get("path"):
        _file_not_exist(str(facts["path"]), parts, fix, derived)
    else:
        return None
    derived["hint"] = fix[0] if fix else ""
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
