"""Computed diagnosis for tflite.converter-resource-variables: what kind of variable blocks freezing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = str(facts.get("variable") or "")
    sig = str(facts.get("_signature") or "")
    if not var and not sig:
        return None
    low = var.lower()
    if "moving_mean" in low or "moving_variance" in low or "batch_norm" in low or "batchnorm" in low:
        diagnosis = "BatchNorm statistics assigned: model exported in training mode"
        text = (f"The variable {var} is a BatchNormalization moving statistic, and the exported function assigns it: the model "
                "was traced in training mode.")
        fix = ("Export the serving function with model(x, training=False) (or set_learning_phase(0) for TF1-style code) and convert again.",)
    elif var:
        diagnosis = "a variable is assigned inside the exported function"
        text = f"The exported function writes the variable {var}, so the converter cannot freeze it into a constant."
        fix = (f"Remove the assignment to {var} from the serving function, or set converter.experimental_enable_resource_variables = True to keep it as a variable.",)
    else:
        diagnosis = "variables could not be frozen"
        text = ("The converter could not turn the model's variables into constants (some are assigned at run time, or the SavedModel "
                "uses resource variables).")
        fix = ("Set converter.experimental_enable_resource_variables = True, or re-export the model for inference (training=False) and convert again.",)
    what = f"could not freeze variable {var}" if var else "could not freeze the model's variables"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "what": what})
