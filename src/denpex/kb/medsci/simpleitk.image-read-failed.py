"""Computed diagnosis for simpleitk.image-read-failed: missing path vs unreadable content vs format."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("filename") or "")
    if not fn:
        return None
    problem = str(facts.get("problem") or "")
    nnunet_name = bool(re.search(r"_\d{4}\.(?:nii\.gz|nii|nrrd|mha)", fn))
    if problem.startswith("The file"):
        text = f"{fn} does not exist where SimpleITK looked."
        fix = [f"ls -l {fn}; fix the folder or file name (relative paths resolve from the current working directory)."]
        if nnunet_name:
            fix.append("nnU-Net expects CASE_XXXX<file_ending> per channel: check the _0000 suffix and dataset.json file_ending of the input files.")
        cause = "missing"
    elif problem.startswith("Error reading"):
        text = (f"ITK found a reader for {fn} but reading its data failed: the file is shorter than its header "
                "declares (interrupted copy/save, truncated download) or its detached data file is missing/damaged.")
        fix = [f"ls -l {fn}; compare the size with the header (sizes x type); re-export or re-copy the file."]
        cause = "content"
    elif problem.startswith("Unable to open"):
        text = f"{fn} exists but cannot be opened for reading (permissions, or it is a directory)."
        fix = [f"ls -ld {fn}; give read permission or pass a file instead of a folder (DICOM folders: ImageSeriesReader)."]
        cause = "unreadable"
    else:
        low = fn.lower()
        if low.endswith((".nii.gz", ".nii", ".nrrd", ".mha", ".mhd", ".dcm")):
            text = f"{fn} has an image extension but no ITK reader accepts its content: truncated or broken file, Git LFS pointer, or a .gz that is not gzip."
            fix = [f"file {fn}; ls -l {fn}; re-download it or rename it to match its content."]
            cause = "content"
        else:
            text = f"{fn} has no extension ITK associates with an image format (or is a DICOM folder)."
            fix = ["Convert it to NIfTI/NRRD/MHA, or read DICOM folders with sitk.ImageSeriesReader."]
            cause = "format"
    return Explanation(text=text, fix=tuple(fix), derived={"cause": cause})
