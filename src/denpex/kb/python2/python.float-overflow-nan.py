"""Computed diagnosis for python.float-overflow-nan: which conversion failed (math.exp overflow, NaN/inf to
int, big int to C long) and, from the failing line, whether it is perplexity logging, a loss/metric
conversion, or a size computed from a non-finite value."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    ctype = str(facts.get("ctype") or "")
    if not (kind or ctype):
        return None
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    low = code.lower() + " " + frame.func.lower()
    parts: list[str] = []
    fix: list[str] = []
    if kind == "math range error":
        ppl = bool(re.search(r"perplex|ppl|exp\(|nll", low))
        headline = ("Perplexity overflowed: math.exp(loss) with a loss above ~709" if ppl else "math overflow: a result is larger than a float can hold") + where
        if ppl:
            parts.append("math.exp raises OverflowError for arguments above ~709.78 instead of returning inf. A loss that large means an untrained or diverged model, or a loss that is not a per-token NLL (e.g. a regression loss on unscaled targets).")
            fix.append("Compute perplexity safely: ppl = math.exp(loss) if loss < 709 else float('inf') (or catch OverflowError), or use torch.exp/np.exp, which return inf.")
            fix.append("If the loss is unexpectedly huge, check the run itself: learning rate, target scaling, and that the model/checkpoint loaded correctly.")
        else:
            parts.append("A math-module function (exp, pow, cosh...) produced a result beyond the double range (~1.8e308); the math module raises instead of returning inf.")
            fix.append("Rescale the computation (work in log space, e.g. logsumexp), cap the argument, or use numpy/torch functions that return inf.")
    elif kind == "math domain error":
        calls = re.findall(r"\b(?:math\.)?(log10|log2|log1p|log|sqrt|acos|asin|acosh|atanh)\(([^()]{0,120})", code)
        live = [c for c in calls if not re.fullmatch(r"\s*[-+]?[0-9.]+\s*", c[1])]
        name = (live or calls)[0][0] if calls else ""
        headline = (f"math.{name}() got an argument outside its domain" if name else "A math function got an argument outside its domain") + where
        if name.startswith("log"):
            parts.append(f"math.{name} needs x > 0; the argument is 0 or negative (or NaN).")
            if re.search(r"mse|psnr", low):
                parts.append("This is a PSNR/log-MSE computation: the MSE is exactly 0 (identical images, an all-zero prediction and target, or an empty batch), so log(0) is undefined.")
                fix.append("Special-case mse == 0 (PSNR = inf or a cap such as 100 dB) or add a small epsilon: 10 * math.log10(max_val**2 / max(mse, 1e-10)).")
            elif re.search(r"\bn\w*\s*-\s*1|nid|num_\w+|count|len\(", low):
                parts.append("The argument is computed from a count that is 0 or 1 here (e.g. log(n - 1) with n <= 1): the data has fewer items/identities/classes than the formula assumes - often an empty or wrongly parsed dataset.")
                fix.append("Check the count (print it): fix the dataset/annotation parsing that produced 0 or 1 items, or guard the formula for small counts.")
            else:
                parts.append("Typical causes: a probability or frequency that is exactly 0 (no smoothing), a count of 0, or a value that went negative/NaN upstream.")
                fix.append("Guard the argument (math.log(max(x, 1e-12))) or add smoothing to probabilities; find why the value is 0/negative.")
        elif name == "sqrt":
            parts.append("math.sqrt needs x >= 0; the argument is negative - typically a variance computed as E[x^2] - E[x]^2 that float rounding made slightly negative, or a value that went NaN.")
            fix.append("Clamp before the root (math.sqrt(max(var, 0.0))) or compute variance with a numerically stable method (np.var / Welford).")
        else:
            parts.append("The argument is outside the function's domain (log of x <= 0, sqrt of x < 0, acos/asin outside [-1, 1]).")
            fix.append("Clamp or validate the argument (e.g. acos(min(1, max(-1, x)))) and find why it left the domain.")
    elif kind in ("NaN", "infinity"):
        what = "NaN" if kind == "NaN" else "infinity"
        lossy = bool(re.search(r"loss|metric|acc|avg|average|mean|score|ppl", low))
        headline = (f"A {what} loss/metric was converted to int" if lossy else f"A {what} value was converted to int") + where
        parts.append(f"int()/round()/math.floor cannot represent {what}; the value reached this line as {what}.")
        if kind == "NaN" and lossy:
            parts.append("The logged loss or metric is NaN: training diverged (too high learning rate, fp16 overflow, exploding gradients), a batch had NaN/inf inputs or labels, or an average over an empty list (0/0).")
            fix.append("Find the first NaN in the log and fix the divergence (lower learning rate, gradient clipping, bf16/fp32 instead of fp16, clean NaN inputs/labels, avoid averaging empty lists).")
        elif kind == "NaN":
            parts.append("A value on this line became NaN earlier: 0/0 (normalizing by a zero maximum or an empty count), a NaN in the data, or a NaN loss propagated into bookkeeping.")
            fix.append("Trace the value back to the first NaN (print it or np.isnan checks) and remove the 0/0 or the NaN source.")
        else:
            parts.append("A value became infinite: division by zero in float arithmetic, an overflowing exp, or metadata that reports an unknown length as inf.")
            fix.append("Find where it became inf (x / 0.0, exp overflow, unknown lengths) and handle that case explicitly.")
        fix.append("Guard the conversion so bookkeeping cannot crash the run: int(x) if math.isfinite(x) else -1 (and log a warning).")
    else:
        headline = f"An integer too large for {ctype}" + where
        parts.append(f"A Python int exceeds the range of {ctype} (64-bit for C long on Linux, 32-bit on Windows): typical sources are hashes, ids, timestamps in ns, or seeds passed to NumPy/C extensions.")
        fix.append("Reduce it to the target range (x % 2**63, a 64-bit hash, seed % 2**32) or keep it as a Python int (dtype=object / Python list) instead of int64.")
        if "windows" in frame.file.lower() or re.search(r"^[A-Za-z]:/", frame.file):
            parts.append("On Windows, C long is 32-bit, so values above 2**31-1 already fail (NumPy < 2 default int is int32 there).")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg:
        parts.append(f"The conversion is inside {frame.pkg}: it received the out-of-range value from your training run or data.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
