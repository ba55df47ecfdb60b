"""Computed diagnosis for smplx.model-file-missing: what the printed path expects."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DOWNLOAD_NAMES = {
    "SMPL_NEUTRAL.pkl": "basicmodel_neutral_lbs_10_207_0_v1.1.0.pkl",
    "SMPL_MALE.pkl": "basicmodel_m_lbs_10_207_0_v1.1.0.pkl",
    "SMPL_FEMALE.pkl": "basicmodel_f_lbs_10_207_0_v1.1.0.pkl",
}
_SITES = {"smpl": "https://smpl.is.tue.mpg.de", "smplh": "https://mano.is.tue.mpg.de",
          "smplx": "https://smpl-x.is.tue.mpg.de", "mano": "https://mano.is.tue.mpg.de",
          "flame": "https://flame.is.tue.mpg.de"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    if not isinstance(path, str) or not path.strip():
        return None
    path = path.strip().strip("'\"")
    parts = re.split(r"[/\\]", path)
    last = parts[-1]
    kind = "smpl"
    low = path.lower()
    for k in ("smplx", "smplh", "mano", "flame", "smpl"):
        if k in low:
            kind = k
            break
    site = _SITES[kind]
    derived: dict[str, Any] = {}
    if re.search(r"\.(pkl|npz)$", last, re.I):
        model_dir = "/".join(parts[:-1]) or "."
        derived.update(model_dir=model_dir, expected_file=last, diagnosis="model file missing or misnamed")
        text = f"smplx looked for the file {last} in {model_dir} and it is not there."
        fix = [f"Download the {kind.upper()} model from {site} and put it at {path}."]
        if last in _DOWNLOAD_NAMES:
            fix.append(f"The SMPL download calls it {_DOWNLOAD_NAMES[last]}: copy/rename it to {last}.")
        other = last[:-3] + ("npz" if last.lower().endswith("pkl") else "pkl")
        fix.append(f"If {model_dir} holds {other} instead, pass ext='{other[-3:]}' to smplx.create.")
    else:
        derived.update(model_dir=path, diagnosis="model folder missing or model_path one level off")
        text = (f"The folder {path} does not exist. smplx expects <model_path>/<model_type>/<MODEL>_<GENDER>.<ext>, "
                "e.g. models/smpl/SMPL_NEUTRAL.pkl and models/smplx/SMPLX_NEUTRAL.npz.")
        fix = [f"Create {path} with the {kind.upper()} files from {site}, or point model_path to the folder that holds the smpl/ smplx/ subfolders.",
               "Relative paths resolve from the working directory: run from the repository root or use an absolute path."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
