"""Computed diagnosis for comfyui.node-execution-failed: validation (which file, which models folder)
or a node exception (message and the custom-node pack in its frames)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# COMBO input name -> folder under ComfyUI/models that the node lists
_FOLDERS = {
    "ckpt_name": "checkpoints",
    "lora_name": "loras",
    "vae_name": "vae",
    "clip_name": "text_encoders (older installs: clip)",
    "clip_name1": "text_encoders (older installs: clip)",
    "clip_name2": "text_encoders (older installs: clip)",
    "clip_name3": "text_encoders (older installs: clip)",
    "unet_name": "diffusion_models (older installs: unet)",
    "control_net_name": "controlnet",
    "model_name": "upscale_models (for UpscaleModelLoader)",
    "style_model_name": "style_models",
    "gligen_name": "gligen",
    "ipadapter_file": "ipadapter",
    "hypernetwork_name": "hypernetworks",
    "config_name": "configs",
    "embedding": "embeddings",
}
_VNIL = re.compile(r"Value not in list: (?P<input>[^:]{1,80}): '(?P<value>[^']{0,300})' not in (?P<choices>.{0,80})")
_MISSING = re.compile(r"Required input is missing: (?P<input>[A-Za-z0-9_ .-]{1,80})")


def _value_not_in_list(node: str, inp: str, value: str, choices: str) -> Explanation:
    folder = _FOLDERS.get(inp.strip())
    empty = choices.strip().startswith("[]")
    where = f" on {node}" if node else ""
    text = [f"The workflow asks for {inp} = '{value}'{where}, which is not among the choices the node lists"
            + (" - the list is empty: no files of that kind are installed where ComfyUI looks." if empty else ".")]
    fix = []
    if value.strip() in ("None", "none", "undefined", "null", ""):
        fix.append(f"Download a model into ComfyUI/models/{folder or '<its folder>'}/, press Refresh, and select it in the node's {inp} widget (it was never set).")
    elif folder:
        fix.append(f"Put '{value.replace(chr(92) * 2, '/')}' into ComfyUI/models/{folder}/ (or add your model folder to extra_model_paths.yaml), then press Refresh and reselect it in the node.")
    else:
        fix.append(f"Install the file or option '{value}' the node expects (check the custom-node pack's README for its models folder), press Refresh, and reselect it.")
    if not empty:
        fix.append("Or pick one of the installed choices in the node; names must match exactly, including subfolder prefixes such as 'SDXL\\\\'.")
    if value in ("None", "none", "undefined", ""):
        text.append("The saved value is empty/None: the node was never set to a file.")
    what = f"prompt failed validation: {inp} '{value}' not installed" + (f" ({node})" if node else "")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"what": what})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    node = str(facts.get("node") or "").strip()
    if facts.get("_signature") in ("missing-node-type", "missing-class-type-keyerror", "missing-node-types-dialog"):
        nid = facts.get("node_id")
        which = f"node type {node}" if node else "a node whose type the frontend could not resolve (no class_type)"
        return Explanation(
            text=f"The workflow uses {which}" + (f" (node #{nid})" if nid else "") + ", which no installed custom-node pack provides, so ComfyUI rejects the whole prompt.",
            fix=("Install the missing custom nodes: ComfyUI-Manager > Install Missing Custom Nodes (or find the pack that defines " + (node or "the red node") + " and git clone it into custom_nodes/, pip install -r its requirements.txt), then restart ComfyUI.",
                 "If the pack is installed, its import failed at startup: look for 'Cannot import ... module for custom nodes' / '(IMPORT FAILED)' in the startup log and fix that error.",
                 "Or delete/replace that node in the workflow" + (f" (node #{nid})" if nid else "") + "."),
            derived={"what": "workflow uses a node that is not installed" + (f": {node}" if node else "") + (f" (#{nid})" if nid else "")},
        )
    if facts.get("_signature") == "error-report" and node.upper() == "N/A":
        node = ""
    reason = str(facts.get("reason") or "")
    inp = str(facts.get("input") or "")
    if facts.get("value") is not None and inp:
        return _value_not_in_list(node, inp, str(facts.get("value")), str(facts.get("choices") or ""))
    m = _VNIL.search(reason)
    if m:
        return _value_not_in_list(node, m.group("input"), m.group("value"), m.group("choices"))
    m = _MISSING.search(reason)
    if m or (facts.get("_signature") == "required-input-missing" and inp):
        name = m.group("input") if m else inp
        where = f" of {node}" if node else ""
        return Explanation(
            text=f"The required input '{name}'{where} has no link or value in the submitted prompt.",
            fix=(f"Connect '{name}'{where} (or set its widget); if the node shows no such input, recreate the node - the workflow was saved with another version of it.",),
            derived={"what": f"prompt failed validation: required input '{name}' missing" + (f" ({node})" if node else "")},
        )
    if facts.get("_signature") == "prompt-no-outputs" or reason.startswith("Prompt has no outputs"):
        return Explanation(
            text="ComfyUI rejected the workflow before running it because it has no output node: nothing in it saves or previews a result "
                 "(SaveImage, PreviewImage, a video/audio save node), or the only output nodes are muted/bypassed or come from a custom-node pack that failed to import.",
            fix=("Add an output node (Save Image / Preview Image, or the pack's own save node) connected to the result, or un-mute it.",
                 "If the workflow's output node belongs to a custom-node pack, look for '(IMPORT FAILED)' / 'Cannot import ... module for custom nodes' in the startup log and fix that import."),
            derived={"what": "workflow has no output node"},
        )
    if facts.get("_signature") in ("failed-to-validate", "prompt-outputs-failed-validation"):
        out = facts.get("output")
        detail = f" ({reason.strip()})" if reason else ""
        return Explanation(
            text=f"ComfyUI rejected the workflow before running it: output {out or '?'} failed validation{detail}. Only the reason lines under it say what to fix.",
            fix=("Read the '* <Node> <id>:' and '  - <reason>' lines under 'Failed to validate prompt for output' and fix that input (missing model file, unconnected input, wrong type).",),
            derived={"what": "prompt failed validation" + (f": {reason.strip()[:120]}" if reason else "")},
        )
    msg = str(facts.get("exception_message") or "").strip()
    etype = str(facts.get("exception_type") or "").strip()
    pack = str(facts.get("custom_node") or "")
    if etype and msg and not msg.startswith(etype):
        msg = f"{etype}: {msg}"
    elif etype and not msg:
        msg = etype
    if "failed validation" in msg or "Required input is missing" in msg or "Value not in list" in msg:
        m = _VNIL.search(msg)
        if m:
            return _value_not_in_list(node, m.group("input"), m.group("value"), m.group("choices"))
        m = _MISSING.search(msg)
        if m:
            return Explanation(text=f"The required input '{m.group('input')}' has no link or value in the submitted prompt.",
                               fix=("Connect the input (or set its widget); if the node shows no such input, recreate the node - the workflow was saved with another version of it.",),
                               derived={"what": f"prompt failed validation: required input '{m.group('input')}' missing"})
    parts = ["A node raised while the workflow ran" + (f" ({node})" if node else "") + (f": {msg}" if msg else "") + "."]
    if facts.get("_signature") in ("error-occurred-when-executing", "error-report"):
        fix = ["Open the ComfyUI console (or comfyui.log) for this error's full traceback: its last line is the exception to fix; the dialog shows only its message."]
    else:
        fix = ["Fix the exception printed at the end of the traceback below the ComfyUI line; that is the failure."]
    if pack:
        parts.append(f"Its frames run through the custom-node pack {pack} (custom_nodes/{pack}).")
        fix.append(f"Update {pack} (ComfyUI-Manager > Update, or git pull in custom_nodes/{pack} and pip install -r requirements.txt) or disable it and rerun; packs often break after a ComfyUI update.")
    if re.fullmatch(r"-?[0-9]+|'[^']*'", msg):
        parts.append("A bare key/number as the message is a KeyError/IndexError: read the traceback to see which lookup failed.")
    what = "node failed" + (f" in {node}" if node else "") + (f": {msg[:160]}" if msg else "") + (f" [custom node {pack}]" if pack else "")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
