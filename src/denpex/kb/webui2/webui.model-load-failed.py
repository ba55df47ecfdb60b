"""Computed diagnosis for webui.model-load-failed: where the web UI looked, or which --ckpt path is wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    model_dir = str(facts.get("model_dir") or "").strip()
    ckpt = str(facts.get("ckpt") or "").strip()
    derived: dict[str, Any] = {"where": ""}
    if sig == "no-checkpoints":
        if model_dir:
            derived["model_dir"] = model_dir
            derived["where"] = f" (looked in {model_dir})"
        where = model_dir or "models/Stable-diffusion"
        text = (f"The web UI found no .safetensors/.ckpt file in {where} (nor at --ckpt / --ckpt-dir), so no model could be "
                "loaded; any later 'NoneType ... lowvram' error in a generation is a consequence.")
        fix = (f"Put a checkpoint file directly into {where} (e.g. v1-5-pruned-emaonly.safetensors or sd_xl_base_1.0.safetensors), "
               "then refresh the checkpoint list or restart.",
               "Or point at your model folder with --ckpt-dir \"<absolute path>\" in COMMANDLINE_ARGS (Docker: mount the volume there).")
    elif sig == "ckpt-arg-not-found":
        derived["ckpt"] = ckpt
        derived["where"] = f" (--ckpt {ckpt} does not exist)"
        text = f"--ckpt points at {ckpt}, which does not exist; the web UI falls back to other checkpoints if there are any."
        fix = ("Fix the --ckpt path in webui-user.* (use an absolute path; on Windows quote paths with spaces), or remove it and "
               "select the model in the UI.",)
    elif sig == "none-model-lowvram":
        derived["where"] = " (no model is loaded; the load failed earlier)"
        text = ("Generation (or a checkpoint switch) ran while no Stable Diffusion model was loaded: shared.sd_model is None because "
                "loading failed earlier ('Stable diffusion model failed to load'). This AttributeError is only the consequence.")
        fix = ("Find the first error at startup or at the checkpoint switch (printed with 'loading stable diffusion model: <Error>') and fix it: "
               "no checkpoint in models/Stable-diffusion, a corrupt/incomplete file, an SDXL/Flux file the UI cannot load, or out of memory.",
               "Then select the checkpoint again (or restart); if it still fails, start with --disable-all-extensions to rule out an extension.")
    elif sig == "display-header":
        exc = str(facts.get("exception") or "an exception")
        activity = str(facts.get("activity") or "loading stable diffusion model")
        switching = activity.startswith("changing setting")
        derived["where"] = f" ({exc} while {'switching checkpoints' if switching else 'loading the model'})"
        hints = {
            "FileNotFoundError": "a checkpoint or config file the loader needs is missing (no checkpoint in models/Stable-diffusion, or a .yaml next to it named wrongly)",
            "SafetensorError": "the .safetensors file is incomplete or corrupt (an interrupted download): check its size against the source and download it again",
            "RuntimeError": "often a size mismatch (a checkpoint of another architecture: SDXL/SD3/Flux in a UI or config for SD 1.x) or out of memory",
            "TypeError": "often a checkpoint type this UI version cannot build (a newer architecture, or an extension patching the loader)",
            "OutOfMemoryError": "the model does not fit in VRAM: --medvram / --lowvram, or an fp16/pruned checkpoint",
        }
        hint = next((v for k, v in hints.items() if exc.endswith(k)), "the traceback printed under it names the real error")
        text = (f"The web UI printed '{activity}: {exc}': {exc} was raised while "
                f"{'switching to that checkpoint' if switching else 'loading the Stable Diffusion model'}; {hint}. "
                "The exception line at the end of the traceback under it says exactly what failed.")
        fix = ("Read the last line of the traceback printed under that header and fix that error (paste it into denpex if it is cut here).",
               "If the checkpoint is new or large: check its architecture is one this UI version loads, and re-download it if its size is off.",
               "Start with --disable-all-extensions to rule out an extension that patches model loading.")
    else:
        text = ("The model failed to load (or was never loaded) and generation code hit None. The first error above this line is the "
                "cause: 'No checkpoints found', a corrupt/unsupported file, a size mismatch, or out of memory.")
        fix = ("Scroll up to the traceback printed with 'loading stable diffusion model' and fix that error first.",)
    return Explanation(text=text, fix=fix, derived=derived)
