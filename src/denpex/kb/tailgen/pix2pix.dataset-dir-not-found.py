"""Computed diagnosis for pix2pix.dataset-dir-not-found: which layout the missing folder implies."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PLACEHOLDER = re.compile(r"your[_-]?data|path[_-]to|/path/|<[^>]*>|xxx", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    if not isinstance(path, str) or not path.strip():
        return None
    p = path.strip().replace("\\", "/").rstrip("/")
    leaf = p.rsplit("/", 1)[-1]
    parent = p.rsplit("/", 1)[0] if "/" in p else "."
    fix: list[str] = []
    if _PLACEHOLDER.search(p):
        text = f"'{path}' is a placeholder from the README or the example config, not a real folder."
        fix.append("Replace it with the path of your image folder in the command line or the options file.")
        return Explanation(text=text, fix=tuple(fix), derived={"layout": " (placeholder path)"})
    m = re.fullmatch(r"(train|test|val)([AB])", leaf)
    m_hd = re.fullmatch(r"(train|test|val)_([AB]|label|img|inst)", leaf)
    if m:
        phase, side = m.groups()
        other = "B" if side == "A" else "A"
        layout = f" (unaligned/CycleGAN layout: {parent}/{phase}A and {parent}/{phase}B)"
        text = (f"The CycleGAN-style unaligned dataset needs {parent}/{phase}{side} and {parent}/{phase}{other}; "
                f"'{path}' is missing. Either the dataset was not downloaded, --dataroot is relative to another working "
                "directory, or your folders are named differently.")
        fix.append(f"Create {parent}/{phase}A and {parent}/{phase}B with your images, or download a sample: bash ./datasets/download_cyclegan_dataset.sh maps")
        if phase == "test":
            fix.append("For inference on one folder of images use --dataset_mode single --dataroot <folder>.")
    elif m_hd:
        phase, kind = m_hd.groups()
        layout = f" (pix2pixHD layout: {parent}/{phase}_A, {parent}/{phase}_B)"
        text = f"pix2pixHD reads {parent}/{phase}_A (labels or inputs) and {phase}_B (targets); '{path}' does not exist."
        fix.append(f"Create {parent}/{phase}_A and {parent}/{phase}_B, or pass the --dataroot that contains them.")
    elif leaf in ("train", "test", "val"):
        layout = f" (aligned/pix2pix layout: {p} with A|B side-by-side images)"
        text = (f"The aligned (pix2pix) dataset reads {p}, images with input and target side by side; the folder is missing.")
        fix.append("Build it with python datasets/combine_A_and_B.py --fold_A <A> --fold_B <B> --fold_AB " + parent)
    else:
        layout = ""
        text = f"'{path}' (from the options or config) is not a directory as seen from the working directory."
        fix.append("Print os.getcwd() and use an absolute path, or run the script from the repository root.")
    if p.startswith(("./", "../")) or not (p.startswith("/") or re.match(r"[A-Za-z]:/", p)):
        fix.append("The path is relative: it is resolved from the current working directory, not from the script's folder.")
    return Explanation(text=text, fix=tuple(fix), derived={"layout": layout})
