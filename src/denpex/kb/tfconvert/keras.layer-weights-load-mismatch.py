"""Computed diagnosis for keras.layer-weights-load-mismatch: unbuilt layer vs different architecture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int as _int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    layer = str(facts.get("layer") or "")
    if not layer:
        return None
    got = _int(facts.get("file_vars"))
    exp = _int(facts.get("expected_vars"))
    if facts.get("_signature") == "never-built":
        n = f"{got} " if got is not None else ""
        text = (f"Layer '{layer}' had no variables when the weights were assigned, but the file holds {n}variables for it: "
                "the layer was never built before loading.")
        fix = (f"Create '{layer}''s state in its parent's build(): call self.{layer}.build(input_shape) there (not only in call()).",
               "Or build the whole model before loading: model(x_batch) / model.build(input_shape), then load_weights.",
               f"If '{layer}' is a custom layer, implement get_build_config()/build_from_config() so load_model can rebuild it.")
        return Explanation(text=text, fix=fix, derived={"detail": f": never built, file has {n}variables".rstrip()})
    if exp is not None and got is not None:
        if got == 0:
            text = (f"Layer '{layer}' has {exp} variables but the file has none stored under its path: the saved model's layer "
                    "structure/names differ from this one (different nesting, a cell vs. a layer, a .keras archive read with load_weights).")
            fix = ("Load the file with the model that saved it (keras.saving.load_model for a .keras archive) or rebuild the same architecture/layer names.",
                   "To move weights between different structures, copy them explicitly: new_layer.set_weights(old_layer.get_weights()).")
        else:
            text = f"Layer '{layer}' has {exp} variables but the file lists {got}: the layer was built with a different configuration than when it was saved."
            fix = (f"Recreate '{layer}' with the saved constructor arguments (units, use_bias, heads, ...) so it owns {got} variables, or load the matching weights file.",)
        return Explanation(text=text, fix=fix, derived={"detail": f": expects {exp}, file has {got}"})
    return None
