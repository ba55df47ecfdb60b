"""Computed diagnosis for keras.loss-shape-incompatible: what the label and prediction shapes say."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(text: str | None) -> list[int | None] | None:
    if not text:
        return None
    out: list[int | None] = []
    for tok in text.strip().strip("()[]").split(","):
        tok = tok.strip()
        if not tok:
            continue
        if tok in ("None", "?"):
            out.append(None)
        elif re.fullmatch(r"\d+", tok):
            out.append(int(tok))
        else:
            return None
    return out


def _fmt(d: list[int | None]) -> str:
    return "(" + ", ".join("None" if v is None else str(v) for v in d) + ")"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("assert_labels") and facts.get("assert_logits_lead"):
        lb = [int(v) for v in str(facts["assert_labels"]).split()]
        lg = [int(v) for v in str(facts["assert_logits_lead"]).split()]
        derived.update(target_txt="[" + ", ".join(map(str, lb)) + "]", output_txt="[" + ", ".join(map(str, lg)) + ", classes]")
        parts.append(f"sparse_categorical_crossentropy needs the labels' shape to equal the logits' shape without the class axis: labels are {lb}, logits lead with {lg}.")
        if len(lg) > len(lb) or (len(lg) == len(lb) and lb[-1] == 1 and lg[-1] > 1):
            derived["what"] = "the model outputs one prediction per position, the labels are one per sample"
            parts.append(f"The model keeps an extra axis of {lg[-1]} (sequence positions or spatial cells), so it predicts per position while each sample has one label.")
            fix.append("Reduce the output to one row per sample before the classifier (take the [CLS]/pooled output, GlobalAveragePooling1D, return_sequences=False), or give one label per position.")
        else:
            derived["what"] = "labels and logits disagree outside the class axis"
            fix.append("Make the labels shape equal to the logits shape minus its last (class) axis: squeeze a trailing 1, or reshape both consistently.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("logits_shape"):
        lg, lb = _dims(facts.get("logits_shape")), _dims(facts.get("labels_shape"))
        if not lg or not lb or any(v is None for v in lg + lb):
            return None
        rows, classes, n = lg[0], (lg[-1] if len(lg) > 1 else 1), lb[0]
        derived.update(target_txt=f"[{n}] labels", output_txt=f"[{rows},{classes}] logits")
        parts.append(f"The sparse loss got {rows} rows of logits over {classes} classes but {n} labels.")
        if rows and classes and n == rows * classes:  # type: ignore[operator]
            derived["what"] = "one-hot labels given to a sparse loss"
            parts.append(f"{n} = {rows} x {classes}: the labels are one-hot ({classes} columns per sample) and the sparse loss flattened them.")
            fix.append("Use loss='categorical_crossentropy' with one-hot labels, or convert the labels to class indices: y = np.argmax(y, axis=-1).")
        elif rows and n and n % rows == 0:  # type: ignore[operator]
            k = n // rows  # type: ignore[operator]
            derived["what"] = f"{k} labels per logits row"
            parts.append(f"There are {k} labels per logits row: labels and logits were flattened differently (sequence length / time steps or one-hot width {k}).")
            fix.append(f"Reshape labels and logits consistently (logits to [-1, {classes}] and labels to [-1]) or emit one prediction per label (return_sequences / TimeDistributed).")
        elif rows and n and rows % n == 0:  # type: ignore[operator]
            k = rows // n  # type: ignore[operator]
            derived["what"] = f"{k} logits rows per label"
            parts.append(f"There are {k} logits rows per label: the model outputs per position (spatial/time axes not reduced) while the labels are per sample.")
            fix.append("Reduce the model output to one row per sample (GlobalAveragePooling / Flatten + Dense, return_sequences=False), or give one label per position.")
        else:
            derived["what"] = "batch of labels and logits differ"
            fix.append("Check that labels and inputs are batched together (same dataset, same batch size, drop_remainder) and have one label per sample.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    t, o = _dims(facts.get("target")), _dims(facts.get("output"))
    if t is None or o is None:
        return None
    derived.update(target_txt=_fmt(t), output_txt=_fmt(o))
    a, b = (t[-1] if t else None), (o[-1] if o else None)
    if len(t) != len(o):
        derived["what"] = f"labels rank {len(t)} vs predictions rank {len(o)}"
        parts.append(f"Labels {_fmt(t)} and predictions {_fmt(o)} have different ranks: the model output still has extra axes.")
        fix.append("Reduce the output to (batch, classes) with Flatten() or GlobalAveragePooling2D() + Dense(num_classes) before the loss; or make the labels per position if that is intended.")
    elif a == 1 and b and b > 1:
        derived["what"] = f"integer labels vs {b}-class output"
        parts.append(f"The labels have one column (an integer class per sample) but the model outputs {b} class scores: categorical_crossentropy needs one-hot labels.")
        fix.append("Use loss='sparse_categorical_crossentropy' (keep integer labels 0..%d), or one-hot them: y = keras.utils.to_categorical(y, %d)." % (b - 1, b))
        if b == 2:
            fix.append("For a binary task you can also use Dense(1, activation='sigmoid') with binary_crossentropy.")
    elif b == 1 and a and a > 1:
        derived["what"] = f"{a}-column labels vs 1-unit output"
        parts.append(f"The labels have {a} columns (one-hot over {a} classes) but the model has a single output unit.")
        fix.append(f"Make the last layer Dense({a}, activation='softmax') with categorical_crossentropy; or, for binary labels, keep Dense(1, 'sigmoid') and give one 0/1 column.")
    elif a and b and a != b:
        derived["what"] = f"{a} label classes vs {b} output units"
        parts.append(f"The labels are one-hot over {a} classes but the last layer has {b} units.")
        if a == b + 1:
            parts.append("One class more in the labels: often labels that start at 1 (max label = number of classes) one-hot encoded to N+1 columns, or an extra folder/class in the data.")
            fix.append(f"If the labels start at 1, shift them (y - 1) before to_categorical; otherwise set the last layer to Dense({a}).")
        else:
            fix.append(f"Set the last layer to Dense({a}, activation='softmax') (number of classes in the labels), or one-hot with num_classes={b} if the model is right and the data has extra classes.")
    else:
        diff = [i for i, (x, y) in enumerate(zip(t, o)) if x is not None and y is not None and x != y]
        derived["what"] = "axes " + ", ".join(str(i) for i in diff) + " differ" if diff else "shapes differ"
        parts.append(f"Labels {_fmt(t)} and predictions {_fmt(o)} differ on axis {', '.join(str(i) for i in diff) or '?'}.")
        if t and o and t[0] is not None and o[0] is not None:
            parts.append("No None batch axis: this may be a weight assignment (load_weights into a changed model) rather than a loss.")
        fix.append("Make the labels' per-sample shape equal to model.output_shape[1:] (or change the last layers to produce the labels' shape).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
