"""Computed diagnosis for chumpy.python-numpy-incompatible: which incompatibility fired."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "numpy-alias-import":
        name = facts.get("name") or "bool"
        return Explanation(
            text=(f"chumpy 0.70 imports numpy.{name}, an alias of the builtin that numpy 1.24 removed: "
                  "this numpy is too new for the PyPI chumpy."),
            fix=("pip install git+https://github.com/mattloper/chumpy  (or pip install \"numpy<1.24\" on Python <= 3.10)",
                 "Better: convert the SMPL/MANO/FLAME .pkl to chumpy-free files once and drop chumpy."),
            derived={"diagnosis": f"numpy >= 1.24 removed numpy.{name}"},
        )
    if sig == "getargspec-removed":
        return Explanation(
            text="chumpy calls inspect.getargspec, which Python 3.11 removed: chumpy 0.70 cannot be imported on Python 3.11+.",
            fix=("Install a chumpy that uses inspect.getfullargspec (chumpy PR #59 commit) or patch chumpy/ch.py _depends_on.",
                 "Or use Python <= 3.10 with numpy < 1.24; or convert the model files to chumpy-free .npz."),
            derived={"diagnosis": "Python 3.11+ removed inspect.getargspec"},
        )
    if sig == "chumpy-not-installed":
        return Explanation(
            text=("chumpy is not installed, but something needs it - usually an original SMPL/MANO/FLAME .pkl whose arrays "
                  "are pickled chumpy objects."),
            fix=("Use chumpy-free model files (smplx .npz or cleaned pkl via smplx tools/clean_ch.py).",
                 "Or pip install chumpy (0.70 needs numpy<1.24 and Python <= 3.10, or the git version with fixes)."),
            derived={"diagnosis": "chumpy not installed"},
        )
    return None
