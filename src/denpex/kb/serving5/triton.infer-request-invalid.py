"""Computed diagnosis for triton.infer-request-invalid: compare the expected and sent shapes (batch
dimension missing or extra, which dims differ), or the batch limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(text: str) -> list[int] | None:
    body = text.strip().strip("[]").strip()
    if not body:
        return []
    try:
        return [int(x) for x in body.split(",")]
    except ValueError:
        return None


def _fits(exp: list[int], got: list[int]) -> bool:
    return len(exp) == len(got) and all(e == -1 or e == g for e, g in zip(exp, got))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    model = str(facts.get("model") or "").strip()
    inp = str(facts.get("input") or "").strip()
    if sig == "batch-size-exceeded" or (facts.get("max_batch_size") is not None and not facts.get("expected")):
        try:
            mbs = int(facts.get("max_batch_size"))
        except (TypeError, ValueError):
            return None
        return Explanation(
            text=f"The request's first (batch) dimension is larger than max_batch_size {mbs} of model '{model}'.",
            fix=(f"Send at most {mbs} samples per request (split the batch), or raise max_batch_size in {model}/config.pbtxt (and rebuild a TensorRT engine with a profile max >= the new size).",),
            derived={"problem": f"batch larger than max_batch_size {mbs}"},
        )
    if sig == "unexpected-input" or not facts.get("expected"):
        if not inp:
            return None
        return Explanation(
            text=f"Model '{model}' has no input named '{inp}'.",
            fix=(f"Use the input names from curl -s localhost:8000/v2/models/{model}/config.",),
            derived={"problem": f"no input named '{inp}'"},
        )
    exp = _dims(str(facts.get("expected") or ""))
    got = _dims(str(facts.get("got") or ""))
    if exp is None or got is None:
        return None
    es, gs = f"[{','.join(map(str, exp))}]", f"[{','.join(map(str, got))}]"
    problem = f"input '{inp}' has shape {gs}, the config expects {es}"
    fix: list[str] = []
    if len(got) == len(exp) - 1 and exp and exp[0] == -1 and _fits(exp[1:], got):
        text = f"Input '{inp}' lacks the batch dimension: model '{model}' batches (max_batch_size > 0), so Triton expects {es} and got {gs}."
        fix.append(f"Prepend the batch dimension on the client: send shape [1,{','.join(map(str, got))}] (np.expand_dims(x, 0)).")
    elif len(got) == len(exp) - 1 and exp and exp[0] == 1 and _fits(exp[1:], got):
        text = (f"Input '{inp}' lacks the leading 1: model '{model}' does not batch (max_batch_size 0) and its dims {es} "
                f"include a size-1 first dimension; got {gs}.")
        fix.append(f"Send shape [1,{','.join(map(str, got))}] (np.expand_dims(x, 0)), or set max_batch_size > 0 and list dims without the leading 1.")
    elif len(got) == len(exp) + 1 and got[0] == 1 and _fits(exp, got[1:]):
        text = f"Input '{inp}' has an extra leading dimension: model '{model}' does not batch (max_batch_size 0) and expects exactly {es}; got {gs}."
        fix.append(f"Send shape {es.replace('-1', 'N')} without the extra leading 1, or enable batching with max_batch_size > 0 and dims without the batch.")
    elif len(got) == len(exp):
        bad = [i for i, (e, g) in enumerate(zip(exp, got)) if e != -1 and e != g]
        desc = ", ".join(f"dim {i}: expected {exp[i]}, got {got[i]}" for i in bad)
        text = f"Input '{inp}' of model '{model}' has the right rank but wrong sizes ({desc})."
        if sorted(x for x in exp if x != -1) == sorted(x for j, x in enumerate(got) if exp[j] != -1) and bad:
            text += " The same sizes appear in another order - likely NHWC vs NCHW layout."
            fix.append("Transpose the client tensor to the model's layout (e.g. x.transpose(0, 3, 1, 2) for NHWC -> NCHW).")
        fix.append(f"Resize / letterbox to {es.replace('-1', 'N')}, or declare those dims -1 in config.pbtxt if the model accepts variable sizes (export / engine with dynamic axes).")
    else:
        text = f"Input '{inp}' of model '{model}' has rank {len(got)}, the config expects rank {len(exp)} ({es}); got {gs}."
        fix.append(f"Reshape the client tensor to {es.replace('-1', 'N')} (with max_batch_size > 0 the leading -1 is the batch).")
    fix.append(f"Check the config Triton uses: curl -s localhost:8000/v2/models/{model}/config.")
    return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
