"""Computed diagnosis for nibabel.image-file-error: what the file name says about the likely cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OTHER = {".nrrd": "NRRD", ".nhdr": "NRRD", ".mha": "MetaImage", ".mhd": "MetaImage", ".dcm": "DICOM",
          ".png": "PNG", ".jpg": "JPEG", ".tif": "TIFF", ".tiff": "TIFF", ".npy": "NumPy", ".npz": "NumPy"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("filename") or "")
    if not fn:
        return None
    sig = str(facts.get("_signature") or "")
    low = fn.lower()
    if sig == "not-gzip":
        text = f"{fn} is named .gz but its content is not gzip data: it is probably a plain NIfTI (or an LFS pointer / error page)."
        fix = (f"Run `file {fn}`; if it says NIfTI, rename it without .gz (or gzip it: gzip -c {fn.removesuffix('.gz')} > {fn}).",)
        return Explanation(text=text, fix=fix, derived={"problem": "compression does not match the extension"})
    if sig == "empty-file":
        text = f"{fn} has 0 bytes: an interrupted download or copy."
        fix = (f"Re-download or re-copy {fn} and verify its size/checksum.",)
        return Explanation(text=text, fix=fix, derived={"problem": "empty file"})
    ext = next((e for e in _OTHER if low.endswith(e)), "")
    if ext:
        text = f"{fn} is a {_OTHER[ext]} file, which nibabel does not read."
        fix = (f"Read it with SimpleITK (sitk.ReadImage('{fn}')) or convert it to NIfTI first.",)
        problem = f"unsupported format {_OTHER[ext]}"
    elif low.endswith((".nii", ".nii.gz", ".mgz", ".mgh", ".img", ".hdr")):
        text = (f"{fn} has a NIfTI/MGH name but nibabel does not recognise its content: most often a Git LFS pointer, "
                "an HTML page from a failed download, a truncated file, or a plain .nii named .nii.gz.")
        fix = (f"Check it: ls -l {fn}; file {fn}; head -c 120 {fn}",
               "LFS pointer ('version https://git-lfs...'): git lfs pull; otherwise re-download the case.")
        problem = "content not recognised"
    else:
        text = f"{fn} has no extension nibabel associates with an image format (or is a directory)."
        fix = ("Pass the image file itself (.nii/.nii.gz/.mgz), not a folder or another format.",)
        problem = "unknown extension"
    return Explanation(text=text, fix=fix, derived={"problem": problem})
