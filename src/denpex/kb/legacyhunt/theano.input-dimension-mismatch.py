"""Computed diagnosis for theano.input-dimension-mismatch: which axis/sizes, and the usual cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature", ""))
    if sig == "gemm-args":
        ar, ac, br, bc = (as_int(facts.get(k)) for k in ("a_rows", "a_cols", "b_rows", "b_cols"))
        zr, zc = as_int(facts.get("z_rows")), as_int(facts.get("z_cols"))
        if None in (ar, ac, br, bc, zr, zc):
            return None
        if ac != br:
            return Explanation(
                text=(f"Matrix product ({ar}x{ac}) x ({br}x{bc}): the inner sizes {ac} and {br} differ, so the input to a "
                      "Dense/dot has another feature size than its weight matrix."),
                fix=("Compare model.summary() with the input: the image/sequence size before Flatten must be the one the weights were built for.",),
                derived={"mismatch_text": f": gemm inner sizes {ac} vs {br}", "diagnosis": "dense input size differs from weights"},
            )
        return Explanation(
            text=(f"Matrix product ({ar}x{ac}) x ({br}x{bc}) gives ({ar}x{bc}), but the accumulator/output is ({zr}x{zc}): "
                  "the bias/previous term added in the same GEMM has another size (often a merge of branches with "
                  f"{bc} and {zc} units)."),
            fix=("Check the layers merged (added) at this point: their unit counts must agree; in old Keras Merge layers check mode and output_shape.",),
            derived={"mismatch_text": f": gemm output {ar}x{bc} vs {zr}x{zc}", "diagnosis": "gemm output size differs (merge of different widths)"},
        )
    axis, a, b = as_int(facts.get("axis")), as_int(facts.get("size_a")), as_int(facts.get("size_b"))
    if axis is None or a is None or b is None:
        return None
    txt = f": axis {axis} is {a} vs {b}"
    small, large = min(a, b), max(a, b)
    if axis in (1, 3) and small in (1, 3, 4) and large >= 16:
        return Explanation(
            text=(f"On axis {axis} one input has {small} and the other {large}: a channel count against a spatial size, i.e. "
                  "channels-first (Theano, N,C,H,W) vs channels-last (N,H,W,C) data or weights."),
            fix=("Set image_data_format to match the data in ~/.keras/keras.json (Keras 1: image_dim_ordering 'th'/'tf') or transpose: x = x.transpose(0, 3, 1, 2).",),
            derived={"mismatch_text": txt, "diagnosis": "dimension ordering (channels first/last)"},
        )
    if small == 1 and large > 1:
        return Explanation(
            text=(f"On axis {axis} one input has size 1 and the other {large}, but the op was compiled as non-broadcastable: "
                  "typically targets shaped (N, 1) against predictions (1, N) or (N,), or a batch of 1 against a fixed batch."),
            fix=("Reshape the labels/inputs to exactly the output's shape (y.reshape(-1, 1), np.squeeze), or mark the axis broadcastable (T.addbroadcast / dimshuffle 'x').",),
            derived={"mismatch_text": txt, "diagnosis": "1 vs N on a non-broadcast axis"},
        )
    if axis == 0:
        return Explanation(
            text=f"The batch axis differs ({a} vs {b}): two inputs of the same function carry different numbers of samples.",
            fix=("Feed inputs/targets of equal length, and drop or pad the last partial batch for stateful models.",),
            derived={"mismatch_text": txt, "diagnosis": "batch sizes differ"},
        )
    if axis >= 2 and small >= 16:
        return Explanation(
            text=(f"Axis {axis} has {a} in one input and {b} in another: two spatial/time axes seem swapped, typically data "
                  "prepared for the other dimension ordering (channels-last vs Theano's channels-first) or a transposed "
                  "spectrogram/image (height and width exchanged)."),
            fix=("Check image_data_format in ~/.keras/keras.json against the data layout, and transpose the input to the layout the model/weights expect.",),
            derived={"mismatch_text": txt, "diagnosis": "axes swapped (ordering/transposed input)"},
        )
    return Explanation(
        text=(f"Axis {axis} has size {a} in one input and {b} in another; look at 'Inputs shapes' under the error to see which tensors."),
        fix=("Rerun with THEANO_FLAGS=optimizer=fast_compile,exception_verbosity=high to find the layer, then make the sizes agree.",),
        derived={"mismatch_text": txt, "diagnosis": "sizes differ"},
    )
