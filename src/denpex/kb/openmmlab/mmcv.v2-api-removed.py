"""Computed diagnosis for mmcv.v2-api-removed: code written for mmcv 1.x imports a module or name that mmcv 2.0
moved to mmengine (or removed); where it lives now, and the two ways out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MODULES = {
    "mmcv.runner": "mmengine.runner / mmengine.model / mmengine.dist / mmengine.hooks / mmengine.optim",
    "mmcv.parallel": "mmengine.model (MMDistributedDataParallel; MMDataParallel and DataContainer are gone, collate -> mmengine.dataset.pseudo_collate)",
    "mmcv.fileio": "mmengine.fileio",
    "mmcv.engine": "mmengine.runner (test loops: ValLoop / TestLoop)",
    "mmcv.device": "mmengine.device",
    "mmcv.onnx": "(removed; export with mmdeploy)",
    "mmcv.tensorrt": "(removed; deploy with mmdeploy)",
    "mmcv.model_zoo": "mmengine.runner.checkpoint (open-mmlab:// model urls)",
    "mmcv.utils.config": "mmengine.config",
    "mmcv.utils.registry": "mmengine.registry",
    "mmcv.utils.logging": "mmengine.logging",
}
_NAMES = {
    "Config": "mmengine.config (from mmengine import Config)", "ConfigDict": "mmengine.config", "DictAction": "mmengine.config",
    "Registry": "mmengine.registry", "build_from_cfg": "mmengine.registry",
    "load": "mmengine.fileio (mmengine.load)", "dump": "mmengine.fileio (mmengine.dump)", "list_from_file": "mmengine.fileio",
    "FileClient": "mmengine.fileio", "mkdir_or_exist": "mmengine.utils", "ProgressBar": "mmengine.utils",
    "track_progress": "mmengine.utils", "track_iter_progress": "mmengine.utils", "track_parallel_progress": "mmengine.utils",
    "is_list_of": "mmengine.utils", "is_str": "mmengine.utils", "is_tuple_of": "mmengine.utils", "is_seq_of": "mmengine.utils",
    "scandir": "mmengine.utils", "digit_version": "mmengine.utils", "import_modules_from_strings": "mmengine.utils",
    "check_file_exist": "mmengine.utils", "Timer": "mmengine.utils", "get_logger": "mmengine.logging (MMLogger.get_instance)",
    "print_log": "mmengine.logging", "collect_env": "mmengine.utils.dl_utils", "get_git_hash": "mmengine.utils",
    "load_checkpoint": "mmengine.runner", "save_checkpoint": "mmengine.runner.checkpoint", "get_dist_info": "mmengine.dist",
    "init_dist": "mmengine.dist", "master_only": "mmengine.dist", "BaseModule": "mmengine.model", "ModuleList": "mmengine.model",
    "Sequential": "mmengine.model", "auto_fp16": "(removed; use AmpOptimWrapper / torch.autocast)",
    "force_fp32": "(removed; use AmpOptimWrapper / torch.autocast)", "wrap_fp16_model": "(removed; use AmpOptimWrapper)",
    "build_optimizer": "mmengine.optim.build_optim_wrapper", "Hook": "mmengine.hooks", "HOOKS": "mmengine.registry",
    "EpochBasedRunner": "mmengine.runner.Runner with train_cfg=dict(type='EpochBasedTrainLoop')",
    "IterBasedRunner": "mmengine.runner.Runner with train_cfg=dict(type='IterBasedTrainLoop')", "build_runner": "mmengine.runner.Runner.from_cfg",
    "MMDataParallel": "(removed; single-GPU runs need no wrapper)", "MMDistributedDataParallel": "mmengine.model",
    "DataContainer": "(removed; mmengine data samples replace it)", "collate": "mmengine.dataset.pseudo_collate", "scatter": "(removed)",
    "TORCH_VERSION": "mmengine.utils.dl_utils", "is_tuple_of": "mmengine.utils", "is_seq_of": "mmengine.utils",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    name = facts.get("name")
    derived: dict[str, Any] = {}
    if name:
        new = _NAMES.get(str(name), "mmengine")
        what = f"{name} is no longer in {module or 'mmcv'}"
        moved = f"mmcv 2.0 moved {name} to {new}" if not new.startswith("(") else f"mmcv 2.0 dropped {name} {new}"
    else:
        top = next((m for m in sorted(_MODULES, key=len, reverse=True) if module == m or module.startswith(m + ".")), module)
        new = _MODULES.get(top, "mmengine")
        what = f"{module} does not exist in mmcv 2.x"
        moved = f"mmcv 2.0 removed {top}; its contents live in {new}"
    derived["what"] = what
    derived["moved_to"] = new
    stale = facts.get("stale_dir")
    if stale:
        derived["what"] = f"leftover mmcv 1.x files (mmcv/{stale}) next to mmcv 2.x"
        text = (f"The traceback runs through site-packages/mmcv/{stale}/, a folder mmcv 2.x does not ship: files of a previous mmcv(-full) 1.x install were left behind "
                f"and now import {name or module} from the 2.x mmcv, where {moved[0].lower() + moved[1:]}.")
        fix = ["Remove every mmcv distribution and the leftover folder, then install one: pip uninstall -y mmcv mmcv-full mmcv-lite; "
               "rm -rf $(python -c \"import site; print(site.getsitepackages()[0])\")/mmcv; then mim install the one version the code needs (mmcv-full 1.x for 1.x code, mmcv 2.x for 2.0 code)."]
        derived["hint"] = fix[0]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    text = (f"{moved}. The code was written for OpenMMLab 1.x (mmcv-full 1.x, mmdet 2.x, mmseg 0.x, mmdet3d 0.x), but mmcv 2.x "
            "(the package with ops since 2.0, which pip/mim install by default) is installed.")
    fix = [
        "Keep the code, install what it was written for: pip uninstall -y mmcv mmcv-lite && pip install -U openmim && mim install \"mmcv-full==1.7.2\" "
        "(or the mmcv-full version the project's README pins; prebuilt wheels need torch <= 1.13/2.0, so this often means an older torch too), with the 1.x releases of mmdet/mmseg it uses.",
        f"Or port the code to OpenMMLab 2.0: import from {new.split(' (')[0]} instead"
        + (f" (for example from mmengine import Config instead of from mmcv import Config)" if str(name) == "Config" else "")
        + " and install mmengine; a whole 1.x project also needs new configs and the mmengine Runner, so porting is only practical for small scripts.",
    ]
    derived["hint"] = fix[0]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
