"""Computed diagnosis for diffusers.pipeline-load-error: family mismatch from the missing keys, missing pipeline components."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# key prefix -> architecture that defines it
_FAMILIES = (
    ("single_transformer_blocks", "Flux"),
    ("controlnet_single_blocks", "Flux ControlNet"),
    ("joint_blocks", "SD3 (MMDiT)"),
    ("transformer_blocks", "a transformer (DiT/SD3/PixArt)"),
    ("temporal_res_block", "video (SVD) VAE/UNet"),
    ("time_mixer", "video (SVD) VAE"),
    ("add_embedding", "SDXL UNet"),
    ("up_blocks", "UNet / VAE decoder"),
    ("down_blocks", "UNet / VAE encoder"),
)
_CLASS_FAMILY = (("flux", "flux"), ("sd3", "sd3"), ("stablediffusion3", "sd3"), ("xl", "sdxl"), ("temporal", "svd"), ("spatiotemporal", "svd"))
_PATH_FAMILY = (("flux", "flux"), ("sd3", "sd3"), ("stable-diffusion-3", "sd3"), ("xl", "sdxl"), ("video", "svd"), ("svd", "svd"))


def _names(text: str) -> list[str]:
    return re.findall(r"'([^']+)'", text or "")


def _family(text: str, table: tuple[tuple[str, str], ...]) -> str | None:
    low = text.lower()
    return next((fam for key, fam in table if key in low), None)


_WRAPPERS = ("DistributedDataParallel", "DataParallel", "FullyShardedDataParallel", "DeepSpeedEngine", "OptimizedModule", "PeftModel")


def _wrong_type(facts: Mapping[str, Any]) -> Explanation:
    passed = str(facts.get("passed_type") or "").rsplit(".", 1)[-1] or "another class"
    expected = str(facts.get("expected_type") or "").rsplit(".", 1)[-1] or "the expected class"
    if passed in _WRAPPERS:
        what = f"a {passed}-wrapped model was passed to the pipeline where a {expected} is expected"
        fix_short = "pass accelerator.unwrap_model(model) (or model.module) to from_pretrained"
        text = (f"The component handed to from_pretrained is the {passed} wrapper that accelerate/torch put around the "
                f"model for training, not the {expected} inside it; diffusers checks the class of every component.")
        fix = ("Build the validation/inference pipeline with unwrapped models: Pipeline.from_pretrained(path, unet=accelerator.unwrap_model(unet), "
               "text_encoder=accelerator.unwrap_model(text_encoder), ...)",
               "Or update the training script: current diffusers examples unwrap every model before building the pipeline.")
    else:
        what = f"a {passed} was passed to the pipeline where a {expected} is expected"
        fix_short = f"pass a {expected} for that component"
        text = f"A component passed to from_pretrained has class {passed}, but the pipeline's model_index.json expects {expected}."
        fix = (f"Load that component with the class model_index.json names ({expected}) before passing it.",)
    return Explanation(text=text, fix=fix, derived={"what": what, "fix_short": fix_short})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "component-wrong-type":
        return _wrong_type(facts)
    derived: dict[str, Any] = {}
    fix: list[str] = []
    parts: list[str] = []
    if facts.get("expected") is not None or facts.get("pipeline_class"):
        pcls = str(facts.get("pipeline_class") or "the pipeline").rsplit(".", 1)[-1]
        expected, passed = _names(str(facts.get("expected") or "")), _names(str(facts.get("passed") or ""))
        missing = sorted(set(expected) - set(passed))
        derived["missing_components"] = ", ".join(missing)
        if str(facts.get("passed") or "").startswith("dict_keys") or facts.get("_signature") == "incorrectly-initialized-repr":
            derived["what"] = f"{pcls} was not initialised with its components"
            derived["fix_short"] = "register the components in the pipeline's __init__ (register_modules) or fix the custom pipeline"
            parts.append(f"{pcls}.__init__ did not register {', '.join(missing) or 'its components'} with register_modules, so .components (used by .to(), offloading, from_pipe) finds none.")
            fix.append("In a custom/community pipeline call self.register_modules(" + ", ".join(f"{m}={m}" for m in missing[:6]) + ") in __init__, or update the community pipeline to a version that does.")
            return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
        derived["what"] = f"{pcls} needs {', '.join(missing) or 'components'} that the repo does not provide"
        optional_like = {"safety_checker", "feature_extractor", "image_encoder", "requires_safety_checker"}
        kw = ", ".join(f"{m}=None" if m in optional_like else f"{m}=<loaded {m}>" for m in missing)
        derived["fix_short"] = f"pass {kw} to from_pretrained, or load the repo with the pipeline it was made for"
        parts.append(f"model_index.json of this repo lists {', '.join(passed) or 'no components'}; {pcls} also requires {', '.join(missing)}.")
        if missing and set(missing) <= {"safety_checker", "feature_extractor"}:
            parts.append("Those are the safety checker pieces: older diffusers treated them as required.")
            fix.append("Pass safety_checker=None, feature_extractor=None (and requires_safety_checker=False), or upgrade diffusers, which marks them optional.")
        else:
            parts.append("The repo was written for another pipeline class (the stock pipeline, or a custom pipeline with extra encoders), or your diffusers / custom node is older than the repo.")
            fix.append(f"Load the missing components yourself and pass them: {pcls}.from_pretrained(repo, {kw}).")
            fix.append("Or upgrade diffusers together with the app/custom node that defines the pipeline, and load with the pipeline class named in model_index.json (_class_name).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)

    cls = str(facts.get("model_class") or "").rsplit(".", 1)[-1] or "the model"
    path = str(facts.get("path") or "")
    first = str(facts.get("first_missing") or "")
    derived["what"] = f"The weights in {path or 'the folder'} do not fit {cls}"
    key_family = next((fam for key, fam in _FAMILIES if key in first), None) if first else None
    cf, pf = _family(cls, _CLASS_FAMILY), _family(path, _PATH_FAMILY)
    if cf and pf and cf != pf:
        parts.append(f"{cls} is a {cf.upper()} class but {path} holds {pf.upper()} weights: the class and the checkpoint belong to different model families.")
        derived["fix_short"] = f"load {path} with its own {pf.upper()} class (see its config.json _class_name)"
        fix.append(f"Use the class named in {path}/config.json (_class_name), or pick a {cf.upper()} checkpoint for {cls}.")
    elif re.search(r"[/\\]tmp[\w]*[/\\]|[/\\]Temp[/\\]tmp", path):
        parts.append(f"The folder {path} is a temporary conversion output (dreambooth/extension converting a .ckpt/.safetensors): the converter and the installed diffusers disagree on the layout of {cls}.")
        derived["fix_short"] = "use the diffusers version the converter/app pins, or convert with the installed one"
        fix.append("Install the diffusers version the app pins (pip install diffusers==<pinned>), or convert with from_single_file of the installed diffusers.")
    else:
        derived["fix_short"] = "load the weights with the class/subfolder they were saved for, or re-download them"
        parts.append(f"The checkpoint in {path or 'the folder'} lacks parameters that {cls} defines: wrong class or subfolder, another diffusers layout, or an incomplete download.")
        fix.append("Check <path>/config.json: _class_name must be the class you call, and pass subfolder='unet'/'vae'/'transformer' for pipeline repos.")
        fix.append("Re-download the folder (hf download <repo>) if a shard may be missing.")
    if first:
        parts.append(f"The first missing key is {first}" + (f", a {key_family} parameter." if key_family else "."))
    fix.append("Pass low_cpu_mem_usage=False, device_map=None only if those layers are meant to start from random weights.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
