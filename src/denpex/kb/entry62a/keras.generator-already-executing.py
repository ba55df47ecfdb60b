"""Computed diagnosis for keras.generator-already-executing: who entered the generator a second time."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# frames of the Keras / tf.keras enqueuer threads and pool tasks that call next() on the generator
_ENQUEUER_FRAMES = {"data_generator_task", "_run", "next_sample", "get", "_data_generator_task", "run"}
_TRAINING_FRAMES = {"fit_generator", "predict_generator", "evaluate_generator", "_get_next_batch", "model_iteration",
                    "fit", "predict", "evaluate"}


def _s(facts: Mapping[str, Any], key: str) -> str:
    v = facts.get(key)
    return str(v).strip() if v is not None else ""


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    raised_in = _s(facts, "raised_in")
    raised_file = _s(facts, "raised_file").replace("\\", "/")
    hook = _s(facts, "callback_hook")
    api = _s(facts, "api")
    workers = _s(facts, "workers")
    mp = _s(facts, "use_multiprocessing")
    keras_seen = facts.get("_signature") == "keras-generator-frames" or bool(
        re.search(r"/(?:keras|tf_keras|tensorflow)/", raised_file))
    derived: dict[str, Any] = {}
    fix: list[str] = []
    base = raised_file.rsplit("/", 1)[-1]

    in_keras_file = bool(re.search(r"/(?:keras|tf_keras|tensorflow(?:_core)?)/", raised_file))
    if hook and not in_keras_file:
        by = "callback"
        where = f"a callback's {hook}" + (f" ({raised_in} in {base})" if raised_in else "")
        text = (f"The generator was advanced from {where} while Keras' enqueuer thread was still pulling batches from "
                "the same generator: two threads entered one plain Python generator.")
        fix += ["Give the callback its own generator (a second flow()/generator instance, or a keras.utils.Sequence "
                "indexed with seq[i]) instead of calling next() on the training/validation generator.",
                "Or pass the callback data already in memory (x, y arrays) built before fit starts."]
    elif raised_in in _ENQUEUER_FRAMES or in_keras_file:
        by = "enqueuer-workers"
        where = f"Keras' generator enqueuer ({raised_in or 'worker'} in {base or 'data_utils.py'})"
        text = (f"Several enqueuer workers called next() on the same plain Python generator at once: {where}. "
                "A generator is not thread-safe, so with workers > 1 one thread finds it already running.")
    elif raised_in:
        by = "user-frame"
        where = f"{raised_in}" + (f" in {base}" if base else "")
        text = (f"next() on a generator in {where} ran while another thread was already inside the same generator "
                "(or the generator re-entered itself).")
    else:
        by = "unknown"
        where = "a thread"
        text = ("A plain Python generator was resumed while it was already running: two threads (Keras/enqueuer "
                "workers, a callback, a validation loop) pull from the same generator object.")
    if api:
        text += f" Training call: {api}."
        derived["api"] = api
    if not keras_seen and by in ("user-frame", "unknown") and not (workers or api):
        text += " No Keras frame is visible: the same fix applies to any generator shared between threads."

    wn = None
    if workers:
        m = re.fullmatch(r"\d+", workers)
        wn = int(workers) if m else None
        derived["workers"] = workers
        text += f" workers={workers}" + ("" if wn is not None else " (computed at run time, usually > 1)")
        if mp:
            text += f", use_multiprocessing={mp}"
        text += "."
    elif mp:
        text += f" use_multiprocessing={mp}."
    if mp:
        derived["use_multiprocessing"] = mp
    if facts.get("dup_warning"):
        text += (" Keras also warned that a generator with use_multiprocessing=True and several workers may duplicate "
                 "data: that warning is context, this ValueError is the failure.")

    if by != "callback":
        many = wn is None or wn > 1
        if workers and many:
            fix.append(f"Quick fix: workers=1 (now {workers}) so only one thread calls next() on the generator.")
        fix.append("Replace the generator with a keras.utils.Sequence (__len__/__getitem__ by index): Keras feeds it "
                   "from many workers safely.")
        fix.append("Or wrap the generator in a lock-guarded iterator (a class whose __next__ takes a threading.Lock "
                   "around next(self.it)).")
        if not workers or not many:
            fix.append("Check that no callback or validation loop calls next() on the training generator, and give "
                       "validation its own generator instance.")
    else:
        fix.append("Keep workers=1 for plain generators, or move to keras.utils.Sequence.")
    derived["raised_by"] = by
    derived["where"] = where
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None
