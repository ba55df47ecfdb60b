"""Computed diagnosis for storage.file-too-large: filesystem cap vs ulimit -f vs zip64, from the wording and path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REMOVABLE = ("/media/", "/run/media/", "/mnt/usb", "/volumes/", "/mnt/sd", "/mnt/c/", "/mnt/d/", "/mnt/e/")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    zip_kind = str(facts.get("zip_kind") or "")
    derived: dict[str, Any] = {}
    if zip_kind:
        derived["limit"] = "zip64"
        derived["problem"] = f"Zip archive needs ZIP64: {zip_kind}"
        return Explanation(
            text=("A zip-based file (numpy .npz, stable-baselines3 / Keras zip checkpoints, custom archives) grew past the 2-4 GiB "
                  f"limit of the classic zip format and was written without ZIP64 ({zip_kind})."),
            fix=("Enable ZIP64 where the archive is written: zipfile.ZipFile(path, 'w', allowZip64=True) and zf.open(name, 'w', force_zip64=True) for streamed entries",
                 "Upgrade the library that writes it (numpy >= 1.16 forces zip64 in savez), or save the large tensors outside the archive (safetensors / torch.save)"),
            derived=derived)
    if facts.get("sigxfsz"):
        derived["limit"] = "rlimit-fsize"
        derived["problem"] = "Process killed by SIGXFSZ: a file outgrew ulimit -f (File size limit exceeded)"
        return Explanation(
            text="The kernel killed the process with SIGXFSZ because it wrote past its file-size limit (RLIMIT_FSIZE, `ulimit -f`), set by the shell profile, the scheduler or the container.",
            fix=("ulimit -f; ulimit -Hf  # in the job script: a number instead of 'unlimited' is the cause",
                 "ulimit -f unlimited before launching (if the hard limit allows); otherwise ask for it in the scheduler / container config (docker --ulimit fsize=-1)",
                 "Or keep single files small: shard checkpoints (max_shard_size), rotate logs"),
            derived=derived)
    low = path.lower()
    derived["limit"] = "filesystem-or-ulimit"
    fs_hint = ""
    if low.startswith(_REMOVABLE):
        fs_hint = " The path is on a removable / Windows-side disk, which is very often FAT32/vfat: no file can reach 4 GiB there."
        derived["limit"] = "fat32-likely"
    elif low.startswith("/afs/"):
        fs_hint = " The path is on AFS, whose volumes enforce their own file size limit."
        derived["limit"] = "afs"
    where = path or "the output file"
    derived["problem"] = (f"File too large (EFBIG) writing {path}" if path
                          else "File too large (EFBIG): a write passed the filesystem's per-file maximum or ulimit -f")
    text = (f"Writing {where} would make one file larger than allowed: the filesystem's per-file maximum (FAT32/vfat: 4 GiB - 1) "
            "or the process's file-size limit (ulimit -f). Free space is not the issue." + fs_hint)
    folder = path.rsplit("/", 1)[0] if "/" in path else "<output dir>"
    fix = (f"findmnt -T {folder or '/'} -o TARGET,FSTYPE; ulimit -f  # vfat/msdos/afs, or a finite ulimit, confirms which cap",
           "Write to local ext4/xfs (or exFAT/NTFS on external disks) and copy afterwards; or raise ulimit -f to unlimited",
           "Split the output: save_pretrained(..., max_shard_size='2GB'), smaller tar/parquet shards")
    return Explanation(text=text, fix=fix, derived=derived)
