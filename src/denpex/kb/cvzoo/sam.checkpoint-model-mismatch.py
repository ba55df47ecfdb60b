"""Computed diagnosis for sam.checkpoint-model-mismatch: which SAM size/release the checkpoint and the model are."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DIM = {768: "vit_b", 1024: "vit_l", 1280: "vit_h"}
_NECK = {**_DIM, 320: "vit_t"}  # neck.0 input channels; 320 = MobileSAM TinyViT
_DEPTH = {12: "vit_b", 24: "vit_l", 32: "vit_h"}
_FILE = {"vit_b": "sam_vit_b_01ec64.pth", "vit_l": "sam_vit_l_0b3195.pth", "vit_h": "sam_vit_h_4b8939.pth"}
_HIERA = {96: "hiera tiny or small", 112: "hiera base_plus", 144: "hiera large"}


def _block(key: Any) -> int | None:
    if isinstance(key, str):
        m = re.match(r"image_encoder\.blocks\.(\d+)\.", key)
        if m:
            return int(m.group(1))
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    unexpected = facts.get("first_unexpected_key") or ""
    missing = facts.get("first_missing_key") or ""
    cdim, mdim = facts.get("ckpt_dim"), facts.get("model_dim")
    cgrid, mgrid = facts.get("ckpt_grid"), facts.get("model_grid")
    tc, tm = facts.get("trunk_ckpt_dim"), facts.get("trunk_model_dim")
    asked = facts.get("model_type")
    fix: list[str] = []
    ckpt_t = _DIM.get(cdim) if isinstance(cdim, int) else None
    model_t = _DIM.get(mdim) if isinstance(mdim, int) else None
    ub, mb = _block(unexpected), _block(missing)
    nc, nm = facts.get("neck_ckpt_dim"), facts.get("neck_model_dim")
    if ckpt_t is None and isinstance(nc, int):
        ckpt_t = _NECK.get(nc)
    if model_t is None and isinstance(nm, int):
        model_t = _NECK.get(nm)
    if model_t is None and ub is not None:
        model_t = _DEPTH.get(ub)
    if ckpt_t is None and mb is not None:
        ckpt_t = _DEPTH.get(mb)
    if model_t is None and asked in ("vit_b", "vit_l", "vit_h"):
        model_t = asked
    elif model_t is None and asked == "default":
        model_t = "vit_h"
    if isinstance(unexpected, str) and (unexpected.startswith("no_obj_embed_spatial") or unexpected.startswith("obj_ptr_tpos_proj")):
        cause = "sam2.1-ckpt-old-code"
        text = ("The checkpoint is a SAM 2.1 model (it carries no_obj_embed_spatial / obj_ptr_tpos_proj), but the model was "
                "built by SAM 2.0 code or from a configs/sam2/ config that has no place for them.")
        fix.append("Update sam2 (git pull; pip install -e .) and build with configs/sam2.1/sam2.1_hiera_<size>.yaml matching the .pt file.")
    elif isinstance(unexpected, str) and unexpected.startswith("mask_decoder.hf_"):
        cause = "sam-hq-ckpt"
        text = "The checkpoint is a SAM-HQ model (mask_decoder.hf_* weights); the plain segment_anything Sam has no HQ decoder."
        fix.append("Load it with sam-hq's own segment_anything package (SysCV/sam-hq), or use an original SAM checkpoint.")
    elif isinstance(tc, int) and isinstance(tm, int) and tc != tm:
        cause = "sam2-size"
        text = (f"SAM 2 config and checkpoint are different sizes: checkpoint trunk width {tc} ({_HIERA.get(tc, '?')}), "
                f"config builds width {tm} ({_HIERA.get(tm, '?')}).")
        fix.append("Use the config of the checkpoint's size (sam2[.1]_hiera_t/s/b+/l.yaml for *_tiny/_small/_base_plus/_large.pt).")
    elif "vit_t" in (ckpt_t, model_t) and ckpt_t != model_t:
        cause = "mobile-sam"
        other = model_t if ckpt_t == "vit_t" else ckpt_t
        if ckpt_t == "vit_t":
            text = (f"The checkpoint is MobileSAM (TinyViT encoder, neck input 320 channels) but the model was built as SAM {other}"
                    " - MobileSAM only swaps the image encoder, so its file cannot fill a ViT encoder.")
            fix.append("Build the model with MobileSAM's registry (from mobile_sam import sam_model_registry; sam_model_registry['vit_t']),")
            fix.append(f"or keep {other} and download its checkpoint {_FILE.get(other, 'for that size')}.")
        else:
            text = f"The checkpoint is SAM {ckpt_t} but the model was built as MobileSAM vit_t (TinyViT encoder)."
            fix.append(f"Build with sam_model_registry['{ckpt_t}'] from segment_anything, or load mobile_sam.pt into the vit_t model.")
    elif ckpt_t and model_t and ckpt_t != model_t:
        cause = "model-type"
        text = f"The checkpoint is {ckpt_t} but the model was built as {model_t}" + (f" (model_type '{asked}')" if asked else "") + "."
        fix.append(f"Build with sam_model_registry['{ckpt_t}'] (--model-type {ckpt_t}) for this file,")
        fix.append(f"or keep {model_t} and download its checkpoint {_FILE.get(model_t, 'for that size')}.")
    elif isinstance(cgrid, int) and isinstance(mgrid, int) and cgrid != mgrid:
        cause = "image-size"
        text = (f"Same encoder width but the position embedding grid differs ({cgrid}x{cgrid} in the checkpoint, {mgrid}x{mgrid} in the model): "
                f"the model was built for {mgrid * 16} px inputs, the checkpoint for {cgrid * 16} px.")
        fix.append(f"Build the encoder with img_size={cgrid * 16}, or interpolate pos_embed and rel_pos_h/w to the new size before loading.")
    elif ckpt_t or model_t:
        cause = "model-type"
        text = f"Checkpoint and model are different SAM sizes ({'checkpoint ' + ckpt_t if ckpt_t else 'model ' + str(model_t)})."
        fix.append("Use the same model type as the checkpoint file name (sam_vit_b/l/h_*.pth -> vit_b/vit_l/vit_h).")
    else:
        return None
    derived = {"likely_cause": cause}
    if ckpt_t:
        derived["checkpoint_type"] = ckpt_t
    if model_t:
        derived["built_type"] = model_t
    return Explanation(text=text, fix=tuple(fix), derived=derived)
