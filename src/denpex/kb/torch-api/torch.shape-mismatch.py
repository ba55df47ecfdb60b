"""Computed diagnosis for torch.shape-mismatch: which dimension is off, by how much, and the layer size that fits."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(text: Any) -> list[int] | None:
    if not isinstance(text, str):
        return None
    inner = text.strip().strip("[]").strip()
    if not inner:
        return []
    try:
        return [int(p) for p in inner.split(",") if p.strip()]
    except ValueError:
        return None


def _matmul(f: Mapping[str, Any]) -> Explanation | None:
    rows, got, want, out = (f.get(k) for k in ("mat1_rows", "mat1_cols", "mat2_rows", "mat2_cols"))
    if got is None or want is None:
        return None
    derived: dict[str, Any] = {"in_features_expected": want, "in_features_got": got,
                               "detail": f"Linear expects {want} input features, got {got}"}
    text = (
        f"A Linear layer (or matmul) expects {want} input features but the tensor reaching it has {got}"
        + (f" (batch of {rows} rows after flattening leading dimensions)" if rows is not None else "")
        + (f"; the layer maps {want} -> {out}." if out is not None else ".")
    )
    fix = []
    if out is not None:
        fix.append(f"If the layer is new or should follow the data: nn.Linear({got}, {out}) (or nn.LazyLinear({out})).")
    else:
        fix.append(f"Size the layer from the data: in_features={got}.")
    if want and got and got % want == 0 and got != want:
        k = got // want
        derived["ratio"] = k
        side = math.isqrt(k)
        res = f" - e.g. a 2-D feature map {side}x larger per side (higher input resolution)" if side > 1 and side * side == k else ""
        text += f" The input has {k}x the expected features: typically a flatten of a larger feature map{res}, a backbone with a wider output, or two tensors concatenated."
        fix.append(f"Or keep the layer and make the input fit: resize inputs to the training resolution or add nn.AdaptiveAvgPool2d before the flatten so it yields {want} features.")
    elif want and got and want % got == 0 and got != want:
        derived["ratio"] = want // got
        text += f" The layer expects {want // got}x more features than arrive: the tensor was flattened too early/late, or a backbone with a narrower output ({got}) replaced the one the head was built for."
        fix.append(f"Or keep the layer and reshape the input so its last dimension is {want} (check torch.flatten(x, 1) vs x.view(-1, {want})).")
    if rows is not None and want is not None and rows == want and got == out:
        text += " The first operand looks transposed (its rows equal the expected features)."
        fix.append("Check the operand order / transpose: x.T or swap arguments of torch.matmul.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    f = facts
    if f.get("out_shape") is not None and f.get("broadcast_shape") is not None:
        out = [x.strip() for x in str(f["out_shape"]).split(",") if x.strip()]
        bc = [x.strip() for x in str(f["broadcast_shape"]).split(",") if x.strip()]
        if len(bc) > len(out):
            why = (f"the other operand has {len(bc)} dims where the written tensor has {len(out)}: broadcasting "
                   f"adds leading dims [{', '.join(bc[:len(bc) - len(out)])}]")
        else:
            diff = [str(i) for i, (o, b) in enumerate(zip(out, bc)) if o != b]
            why = f"dims {', '.join(diff) or '?'} of the other operand are larger than those of the written tensor"
        text = (f"An in-place (or out=) operation writes into a tensor of shape [{f['out_shape']}], but broadcasting the "
                f"operands gives [{f['broadcast_shape']}]: {why}. In-place ops cannot grow their target.")
        fix = ("Use the out-of-place form (x = x + y instead of x += y / x.add_(y)), or reshape/squeeze the other operand "
               "(e.g. an attention mask with an extra batch dim) to the target's shape; in a framework/extension, this "
               "usually means the caller and the library disagree on a tensor layout - update them together.",)
        return Explanation(text=text, fix=fix, derived={"detail": f"[{f['out_shape']}] vs broadcast [{f['broadcast_shape']}]"})
    if f.get("mat1_cols") is not None:
        return _matmul(f)
    if f.get("size_a") == 0 and f.get("size_b") is None:
        text = ("One tensor of an elementwise operation has size 0 (the rest of the message is cut). A size-0 "
                "parameter is what a ZeRO-3 / FSDP partitioned weight looks like outside its gathered forward/"
                "backward: code that touches module weights directly sees the empty shard.")
        fix = ("Read the full message (size of tensor b and the dimension); under ZeRO-3 gather the parameter "
               "(deepspeed.zero.GatheredParameters) or run the step through the engine, or try ZeRO-2 to confirm.",)
        return Explanation(text=text, fix=fix, derived={"detail": "size 0 (cut message)"})
    if f.get("size_a") is not None and f.get("size_b") is not None:
        a, b, dim = f["size_a"], f["size_b"], f.get("dim")
        d = f"dimension {dim}" if dim is not None else "one dimension"
        text = f"Two tensors combined elementwise have {a} and {b} at {d}; broadcasting needs equal sizes or 1."
        fix = [f"Make {d} agree (both {a} or both {b}) at the producer of the shorter tensor, or unsqueeze a missing singleton dimension."]
        if a and b and (a % b == 0 or b % a == 0):
            big, small = max(a, b), min(a, b)
            text += f" One is {big // small}x the other: padding/max_length, a head split (num_heads) or a doubled batch (CFG, concatenated views) is a common cause."
        return Explanation(text=text, fix=tuple(fix), derived={"detail": f"{a} vs {b} at dim {dim}"})
    if f.get("shape") is not None and f.get("input_size") is not None:
        dims = _dims(f["shape"]) or []
        n = f["input_size"]
        known = [d for d in dims if d != -1]
        prod = math.prod(known) if known else 1
        derived: dict[str, Any] = {"requested_elements": prod if -1 not in dims else None, "detail": f"view {f['shape']} of {n} elements"}
        if -1 in dims:
            text = f"view/reshape to {f['shape']} needs the element count to be a multiple of {prod}, but the tensor has {n} elements ({n} / {prod} = {n / prod:.3g})."
            fix = [f"Reshape with the real sizes: x.view(x.size(0), -1) keeps the batch and infers the rest ({n} elements)."]
        else:
            text = f"view/reshape to {f['shape']} needs {prod} elements but the tensor has {n}."
            fix = ["Compute the target shape from the tensor (x.size(0), -1) instead of hardcoding it."]
            if prod and n != prod:
                text += f" The tensor holds {n / prod:.4g}x the requested elements."
                fits = []
                for i, d in enumerate(dims):
                    rest = prod // d if d else 0
                    if d and rest and n % rest == 0 and n // rest != d:
                        fits.append((i, n // rest))
                if fits:
                    parts = ", ".join(f"dimension {i} = {v} (not {dims[i]})" for i, v in fits)
                    derived["fitting_dims"] = parts
                    text += f" Changing one size alone would fit: {parts}; the input is larger/smaller than the size this shape was computed for (image size vs window/patch size, batch)."
                    fix.append(f"Check where {', '.join(str(dims[i]) for i, _ in fits)} comes from: the input resolution must match the sizes the model assumes (e.g. a multiple of the window/patch size).")
        if known and n % max(known) == 0 and -1 in dims and n % prod != 0:
            text += f" {n} is divisible by {max(known)} but not by {prod}: the hardcoded batch or feature size no longer matches (last partial batch, other input size)."
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if f.get("expected_channels") is not None and f.get("got_channels") is not None:
        want, got = f["expected_channels"], f["got_channels"]
        inp = _dims(f.get("input_shape")) or []
        text = f"The convolution expects {want} input channels but the input has {got} (input shape {f.get('input_shape', '?')}, weight {f.get('weight_shape', '?')})."
        fix: list[str] = []
        derived = {"detail": f"conv expects {want} channels, got {got}"}
        if len(inp) == 4 and inp[-1] == want and inp[1] != want:
            derived["channels_last"] = True
            text += f" The last dimension is {want}: the data is channels-last (N, H, W, C)."
            fix.append("Permute to channels-first: x = x.permute(0, 3, 1, 2).contiguous().")
        elif got == 1 and want == 3:
            text += " Grayscale images are being fed to an RGB model."
            fix.append("Convert in the dataset: Image.open(p).convert('RGB'), or x = x.repeat(1, 3, 1, 1).")
        elif got == 4 and want == 3:
            text += " RGBA (4-channel) images: drop the alpha channel."
            fix.append("Convert in the dataset: Image.open(p).convert('RGB'), or x = x[:, :3].")
        elif got == 3 and want == 1:
            fix.append("Convert images to grayscale (convert('L')) or build the first conv with in_channels=3.")
        else:
            fix.append(f"Give the conv {got} input channels (nn.Conv2d({got}, ...)) if the layer is new, or fix the producer so it outputs {want} channels.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if f.get("input_batch") is not None and f.get("target_batch") is not None:
        i, t = f["input_batch"], f["target_batch"]
        text = f"The loss got {i} rows of logits but {t} targets."
        fix = ["Flatten per sample: x = torch.flatten(x, 1) before the classifier (never x.view(-1, features))."]
        if t and i % t == 0 and i != t:
            text += f" {i} = {i // t} x {t}: a view/flatten folded {i // t} positions (spatial or sequence) into the batch dimension."
            fix.append("For token-level losses flatten both sides the same way: logits.view(-1, C) and labels.view(-1).")
        return Explanation(text=text, fix=tuple(fix), derived={"detail": f"{i} logits rows vs {t} targets"})
    if f.get("target_shape") is not None and f.get("input_shape") is not None:
        text = f"Binary cross entropy needs targets of the input's shape; target {f['target_shape']} vs input {f['input_shape']}."
        fix = ["Match the shapes: target = target.float().view_as(logits) (or logits = logits.squeeze(-1))."]
        return Explanation(text=text, fix=tuple(fix), derived={"detail": f"target {f['target_shape']} vs input {f['input_shape']}"})
    if f.get("normalized_shape") is not None and f.get("input_shape") is not None:
        ns, shp = str(f["normalized_shape"]), str(f["input_shape"])
        nd, idims = _dims(ns) or [], _dims(shp) or []
        text = f"A LayerNorm normalizes the last dims {ns} but got an input of size {shp}, whose trailing dims differ."
        fix = ["LayerNorm works on channels-last tensors: permute channels-first data (x.permute(0, 2, 3, 4, 1) for 5-D) or use a norm over dim 1 (GroupNorm/InstanceNorm)."]
        if nd and idims and nd[-1] in idims[:2] and idims[-1] != nd[-1]:
            pos = idims.index(nd[-1])
            text += (f" {nd[-1]} sits at position {pos} of the input instead of last: the tensor is channels-first"
                     + (" and has no batch dimension" if pos == 0 else "") + ".")
            if pos == 0:
                fix.insert(0, "Add the batch dimension: 3-D networks (Swin UNETR, UNETR) expect [B, C, D, H, W] (x.unsqueeze(0)), and in_channels must equal C.")
        return Explanation(text=text, fix=tuple(fix), derived={"detail": f"LayerNorm {ns} vs input {shp}"})
    if f.get("input_shape") is not None:
        shp = f["input_shape"]
        exp = f.get("expected_dims") or (f"the rank of weight {f.get('weight_shape')}" if f.get("weight_shape") else "another rank")
        text = f"The convolution got an input of shape {shp}; it expects {exp}."
        dims = _dims(shp) or []
        fix = ["Add the batch/channel dimension (x.unsqueeze(0) / x.unsqueeze(1)) or merge extra leading dimensions (x.flatten(0, 1)) before the conv."]
        if len(dims) == 5:
            fix.insert(0, "A 5-D input reached a 2-D conv: merge the frame/view dimension into the batch (x.flatten(0, 1)) or use Conv3d.")
        return Explanation(text=text, fix=tuple(fix), derived={"detail": f"conv input {shp}"})
    return None
