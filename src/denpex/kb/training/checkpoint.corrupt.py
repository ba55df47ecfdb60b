"""Computed diagnosis for checkpoint.corrupt: what the failing bytes say about the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOAD_KEYS = {
    "v": ("a git-lfs pointer file ('version https://git-lfs.github.com/spec/v1 ...'), not the weights",
          "git lfs install && git lfs pull (in the cloned repo), or download with: hf download <repo> --local-dir <dir>"),
    "<": ("an HTML/XML page (login, quota, 404 or 'confirm download' page) saved under the checkpoint's name",
          "Download again with an authenticated client (hf download / the provider's CLI) and check the file size"),
    "\\x00": ("zero-filled: space was allocated but the data never written (crash during save or a sparse copy)",
              "Fall back to the previous checkpoint and save atomically (tmp file + os.replace)"),
    "{": ("a JSON document (an index or config file), not a tensor checkpoint",
          "Point the loader at the weights file (or use from_pretrained on the directory for sharded checkpoints)"),
    "\\x1f": ("gzip-compressed data", "Decompress it first (gunzip) or load with the matching tool"),
    "H": ("probably an HDF5 (Keras .h5) file, not a PyTorch checkpoint", "Load it with the framework that wrote it"),
}

_KINDS = {"v": "git-lfs pointer", "<": "HTML/XML page", "\\x00": "zero-filled file", "{": "JSON document", "\\x1f": "gzip data", "H": "HDF5 file"}

_SAFETENSORS = {
    "headertoolarge": "the first 8 bytes do not encode a plausible header length: the file is not really safetensors (git-lfs pointer, HTML page) or its start is corrupted",
    "header too large": "the first 8 bytes do not encode a plausible header length: the file is not really safetensors (git-lfs pointer, HTML page) or its start is corrupted",
    "headertoosmall": "the file is shorter than 8 bytes: empty or a failed download",
    "metadataincompletebuffer": "the file is shorter than its header declares: truncated save (often a full disk) or partial download",
    "incomplete metadata": "the file is shorter than its header declares: truncated save (often a full disk) or partial download",
    "invalidheaderdeserialization": "the JSON header is corrupted",
    "invalid json in header": "the JSON header is corrupted or the file is zero-filled",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    member = facts.get("member")
    missing = facts.get("missing_bytes")
    key = facts.get("load_key")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if key is not None:
        k = str(key)
        what = _LOAD_KEYS.get(k) or _LOAD_KEYS.get(k[:1])
        if what:
            parts.append(f"The file's first byte is {k!r}: it is {what[0]}.")
            fix.append(what[1])
            derived["file_kind"] = _KINDS.get(k, _KINDS.get(k[:1], "not a checkpoint"))
        else:
            parts.append(f"The file's first byte is {k!r}, which is not a pickle opcode: the file is not a PyTorch checkpoint or is corrupted at the start.")
    if "central directory" in reason:
        parts.append("The zip index at the end of the file is missing: the file is truncated (interrupted save, full disk or partial download).")
        derived["truncated"] = True
    elif member:
        parts.append(f"The archive opened but member '{member}' is damaged ({reason}): corruption inside the file, typically a partial or concurrent write or a bad resumed download.")
    if missing is not None:
        mib = missing / (1024 * 1024)
        parts.append(f"The file ends {missing} bytes ({mib:.1f} MiB) early: it is truncated.")
        derived["missing_mib"] = round(mib, 1)
        derived["truncated"] = True
    expected = facts.get("expected_numel")
    got = facts.get("got_numel")
    if isinstance(expected, int) and isinstance(got, int):
        derived["storage_size_in_file"] = expected
        if expected < 0 or expected > 2**40:
            parts.append(
                f"The legacy-format reader read a storage size of {expected} from the file where the pickled metadata says {got} "
                "elements: those 8 bytes are garbage, so the file's contents are scrambled - typically several processes "
                "(DDP ranks) writing the same checkpoint path at once, or a partial/overwritten download."
            )
            fix.append("Save only from rank 0 (if dist.get_rank() == 0: torch.save(...)) and re-download or restore the file.")
        elif expected == 0:
            parts.append(
                f"The legacy-format reader found 0 where the file should hold the storage size ({got} elements): that region "
                "is zero-filled, i.e. space was allocated but never written (crash or full disk during the save, a sparse copy)."
            )
        else:
            parts.append(
                f"The file says the storage has {expected} elements but its metadata expects {got}: the bytes belong to a "
                "different or shifted record, so the file is corrupted or was assembled from pieces of different saves."
            )
        derived["legacy_format"] = True
    elif facts.get("size_digits"):
        parts.append(
            "The legacy-format reader found a storage whose size in the file disagrees with the pickled metadata "
            "(this torch version prints the two numbers run together after '%ld got %ld'): the file is corrupted, "
            "or it was written by a very different torch version."
        )
        derived["legacy_format"] = True
    sig = facts.get("_signature")
    if sig == "zip-no-version-record":
        parts.append("torch.load opened the file as a zip archive but found no 'version' record in it: it is a zip, yet not one "
                     "torch.save wrote - the checkpoint was unpacked and re-compressed (a desktop 'compress' or zip -r of the "
                     "extracted folder), the download is a zip of several files, or the file is damaged.")
        fix.append("Download the original .pth/.pt file again (do not unzip or re-zip it; browsers and macOS sometimes unpack "
                   "archives); `python -c \"import zipfile; print(zipfile.ZipFile('FILE').namelist()[:5])\"` should list "
                   "'<name>/data.pkl' and '<name>/version'.")
        derived["file_kind"] = "zip archive that is not a torch.save checkpoint"
    elif sig == "hub-legacy-zip-several-files":
        parts.append("torch.hub's load_state_dict_from_url took the downloaded file for a legacy zipped checkpoint and found more "
                     "than one member. torch 1.6.0 does this to every checkpoint saved in the zip format torch.save writes since "
                     "1.6 (pytorch#42239, fixed in 1.7); on other versions the downloaded .zip really holds a folder or several files.")
        fix.append("Upgrade torch to 1.7 or newer, or download the file (torch.hub.download_url_to_file) and torch.load it yourself; "
                   "for a real multi-file .zip, unzip it and load the checkpoint inside.")
    low = reason.lower()
    for frag, text in _SAFETENSORS.items():
        if frag in low:
            parts.append(f"safetensors reports {reason.strip()}: {text}.")
            break
    if not parts:
        return None
    fix.append("Re-download or restore the file (compare size/sha256 with the source), or resume from the previous checkpoint.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
