"""Computed diagnosis for nnunet.trainer-not-found: which copy of nnU-Net was searched for the trainer."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    trainer = str(facts.get("trainer") or "")
    path = str(facts.get("search_path") or "")
    derived = {"search_path_text": f" (searched {path})" if path.startswith(("/", "~")) or re.match(r"[A-Za-z]:", path) else ""}
    if not trainer:
        derived["trainer"] = "class"
    who = trainer or "the requested trainer class"
    parts = [f"nnU-Net searched its trainer folder for a class named {who} and found none."]
    fix = []
    env = re.search(r"/envs/([^/]+)/", path)
    if "site-packages" in path or "dist-packages" in path:
        parts.append(f"The folder searched is an installed copy ({path})" + (f" in the conda environment '{env.group(1)}'" if env else "")
                     + ": a trainer file added to a cloned repository is not seen by it.")
        fix.append("Install the clone that contains the trainer in editable mode in this environment (pip uninstall nnunetv2; cd <repo>; pip install -e .), or copy the trainer file into " + path + ".")
    elif path.startswith("/") or re.match(r"[A-Za-z]:", path):
        parts.append(f"The folder searched is {path}: the trainer file must be inside it (any subfolder needs an __init__.py) and define a class named exactly {who}.")
        fix.append(f"Check with: grep -rn 'class {trainer or '<Trainer>'}' {path}; if it is missing, move the file there or install the repository that has it with pip install -e .")
    else:
        fix.append("Find which nnU-Net runs (python -c \"import nnunetv2, os; print(os.path.dirname(nnunetv2.__file__))\"; which nnUNetv2_train) and put the trainer into its training/nnUNetTrainer folder, or pip install -e the repository that contains it.")
    if trainer.startswith("nnUNetTrainerUMamba"):
        parts.append("U-Mamba's trainers live in the U-Mamba repository's own umamba/nnunetv2 copy, which must be the installed one (pip install -e umamba).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
