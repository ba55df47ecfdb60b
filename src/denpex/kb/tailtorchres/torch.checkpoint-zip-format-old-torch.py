"""Computed diagnosis for torch.checkpoint-zip-format-old-torch: what the versions mean and the re-save line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = facts.get("file") or "model.pth"
    resave = (f"With torch >= 1.6: torch.save(torch.load('{path}', map_location='cpu'), 'legacy.pth', "
              "_use_new_zipfile_serialization=False), then load legacy.pth here.")
    if sig == "max-file-format-assert" and facts.get("file_version") is None:
        diagnosis = "file format version above this torch's kMaxSupportedFileFormatVersion: torch too old"
        text = ("PyTorchStreamReader refused the checkpoint because its file-format version is higher than the "
                "newest version this torch can read (kMaxSupportedFileFormatVersion); the file was written by a "
                "newer PyTorch and is not corrupt. The full message continues with 'Attempted to read a PyTorch "
                "file with version N, but the maximum supported version for reading is M'.")
        fix = ("Upgrade torch in this environment to the version used to save the file.", resave)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if sig == "file-format-version-too-new" or facts.get("file_version") is not None:
        try:
            fv = int(facts["file_version"])
            mv = int(facts["max_version"])
        except (KeyError, TypeError, ValueError):
            return None
        diagnosis = f"file format v{fv} > supported v{mv}: torch too old"
        text = (f"The archive declares file-format version {fv}; this torch reads at most version {mv}. "
                f"The file was written by a newer PyTorch ({fv - mv} format revision(s) ahead), it is not corrupt.")
        fix = ("Upgrade torch in this environment to the version used to save the file.", resave)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if facts.get("file"):
        diagnosis = "zipfile checkpoint (torch >= 1.6) read by torch < 1.6"
        text = (f"{path} uses the zip container that torch.save writes since 1.6; this torch (< 1.6) only loads zips "
                "as TorchScript, hence the torch.jit.load hint, which does not apply to a state_dict.")
        fix = ("pip install 'torch>=1.6' (with the matching torchvision), or:", resave)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    return None
