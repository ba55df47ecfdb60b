"""Computed diagnosis for tf.nodedef-attr-not-in-op: which TensorFlow release added the attribute."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# attribute -> (ops it belongs to, first TF release that writes it, default value or None)
_ADDED: dict[str, tuple[str, str, str | None]] = {
    "data_format": ("Conv2D / BiasAdd / pooling", "0.8", None),
    "output_type": ("ArgMax / ArgMin", "1.4", "DT_INT64"),
    "dilations": ("Conv2D / Conv3D", "1.5", "[1, 1, 1, 1]"),
    "identical_element_shapes": ("TensorArrayV3", "1.5", "false"),
    "index_type": ("Fill", "1.6", "DT_INT32"),
    "Truncate": ("Cast", "1.9", "false"),
    "half_pixel_centers": ("ResizeBilinear / ResizeNearestNeighbor", "1.14", "false"),
    "explicit_paddings": ("Conv2D / DepthwiseConv2dNative", "1.14", "[]"),
    "incompatible_shape_error": ("Equal / NotEqual", "1.15", "true"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    op = facts.get("op")
    if not attr or not op:
        return None
    attr, op = str(attr), str(op)
    node = facts.get("node")
    where = f" (node {node})" if node else ""
    known = _ADDED.get(attr)
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if known:
        ops, since, default = known
        derived["min_tf"] = since
        text = (
            f"The graph sets attribute {attr} on {op}{where}. {ops} gained {attr} in TensorFlow {since}, so the graph "
            f"was exported by TF >= {since} and the TensorFlow that loads it is older."
        )
        fix.append(f"Load it with TensorFlow >= {since}: pip install 'tensorflow>={since}' (TF Serving / native client built with >= {since}).")
        if default is not None:
            text += (
                f" Its default value is {default}; if the graph holds the default, exporting with default attributes "
                "stripped makes it readable by the older runtime."
            )
            fix.append("Or re-export with strip_default_attrs=True (SavedModelBuilder) from the checkpoint.")
    else:
        text = (
            f"The graph sets attribute {attr} on {op}{where}, which this TensorFlow's op registry does not list: the "
            "graph was exported by a newer TensorFlow than the one loading it."
        )
        fix.append("Upgrade the loading TensorFlow to the version that exported the graph (or newer).")
    fix.append("Or restore the checkpoint and re-export the graph with the runtime's TensorFlow version.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
