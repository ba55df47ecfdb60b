"""Computed diagnosis for gluoncv.model-not-in-zoo: classify the requested model name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Families that exist only in GluonCV (never in mxnet.gluon.model_zoo.vision).
_GLUONCV_ONLY = ("ssd_", "yolo3_", "faster_rcnn", "mask_rcnn", "center_net", "fcn_", "psp_", "deeplab", "icnet",
                 "danet", "fastscnn", "simple_pose", "alpha_pose", "siamrpn", "i3d_", "slowfast", "tsn_", "r2plus1d",
                 "monodepth", "resnest", "cifar_", "se_resnet", "resnext", "senet")
# Families added after the first GluonCV releases (seen in issues as version mismatches).
_LATER = {"center_net": "0.6", "siamrpn": "0.7 (nightly before that)", "slowfast": "0.7", "i3d_": "0.6",
          "monodepth": "0.8", "resnest": "0.7", "fastscnn": "0.7", "alpha_pose": "0.4", "simple_pose": "0.4"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip()
    if not model:
        return None
    sig = str(facts.get("_signature") or "")
    fam = next((f for f in _GLUONCV_ONLY if model.startswith(f) or f in model), None)
    if sig == "gluon-vision-not-supported":
        if fam:
            text = (f"'{model}' is a GluonCV model, but it was requested from MXNet's gluon.model_zoo.vision, which only has "
                    "classification networks.")
            fix = (f"from gluoncv import model_zoo; net = model_zoo.get_model('{model}', pretrained=True)",)
            return Explanation(text=text, fix=fix, derived={"zoo": "MXNet Gluon vision", "diagnosis": "wrong model zoo"})
        text = f"'{model}' is not one of MXNet Gluon's vision models (classification only); check the spelling or use GluonCV."
        return Explanation(text=text, fix=("Pick a name from the list under the error, or use gluoncv.model_zoo.get_model.",),
                           derived={"zoo": "MXNet Gluon vision", "diagnosis": "unknown name"})
    later = next((v for k, v in _LATER.items() if k in model), None)
    if later:
        text = (f"'{model}' belongs to a model family added in GluonCV {later}: the installed GluonCV is older than the "
                "script or tutorial that asks for it.")
        fix = ("pip install -U gluoncv (check python -c 'import gluoncv; print(gluoncv.__version__)')",
               "or use the scripts from the tag of the installed version (git checkout v<version>).")
        return Explanation(text=text, fix=fix, derived={"zoo": "GluonCV", "diagnosis": "GluonCV too old for this model"})
    text = (f"'{model}' is not registered in the installed GluonCV: a newer release added it, the name is misspelled, "
            "or it was assembled from parts (e.g. base network + transfer dataset) that were never published.")
    fix = ("Compare with the list printed under the error (or gluoncv.model_zoo.get_model_list()).",
           "If the tutorial is recent: pip install -U gluoncv (or --pre for nightly-era tutorials).")
    return Explanation(text=text, fix=fix, derived={"zoo": "GluonCV", "diagnosis": "name not in the installed zoo"})
