"""Computed diagnosis for noisereduce.v1-api-arguments: the 2.x name of the old keyword."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEW = {
    "audio_clip": "y= (and pass sr=)",
    "noise_clip": "y_noise=",
    "n_grad_freq": "freq_mask_smooth_hz=",
    "n_grad_time": "time_mask_smooth_ms=",
    "n_std_thresh": "n_std_thresh_stationary= (with stationary=True)",
    "use_tensorflow": "use_torch= (or drop it)",
    "verbose": "nothing (removed; drop it)",
    "pad_clipping": "nothing (removed; drop it)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kwarg = str(facts.get("kwarg") or "")
    new = _NEW.get(kwarg)
    if not new:
        return None
    text = (f"'{kwarg}' is a noisereduce 1.x argument; the installed 2.x+ reduce_noise() has no such name. "
            f"In 2.x it is {new}.")
    fix = (f"Replace {kwarg}= with {new} in the reduce_noise call, e.g. nr.reduce_noise(y=audio, sr=rate, "
           "y_noise=noise, stationary=True), or pin noisereduce==1.1.0.",)
    return Explanation(text=text, fix=fix, derived={"hint": f": use {new}"})
