"""Computed diagnosis for tf.checkpoint-prefix-not-found: what is wrong with the checkpoint prefix that was passed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SUFFIX = re.compile(r"\.(?:index|meta|data-\d{5}-of-\d{5})$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("ckpt")
    ckpt = (raw or "").strip().strip("'\"") if isinstance(raw, str) or raw is None else str(raw)
    inner = str(facts.get("inner") or "")
    if raw is None and not inner:
        ckpt = ""
    if not ckpt:
        kind, diag = "empty-prefix", "the checkpoint path is empty"
        text = ("The checkpoint prefix is an empty string: the flag or config field that should hold it (checkpoint_path, "
                "fine_tune_checkpoint, init_checkpoint, model_dir) was not set, was misspelled on the command line, or an "
                "environment variable used in it is undefined.")
        fix = ("Print the value passed to the restore call and set it, e.g. --checkpoint_path=/abs/dir/model.ckpt-NNNN.",
               "Use tf.train.latest_checkpoint(model_dir) and fail early when it returns None.")
    elif "Unimplemented" in inner and "scheme" in inner:
        kind, diag = "fs-unreachable", "file system not available to this process"
        text = (f"TensorFlow cannot list {ckpt}: {inner}. On a Cloud/Colab TPU the TPU workers cannot read the VM's local disk.")
        fix = ("Copy the checkpoint to a gs:// bucket readable by the TPU service account and pass that path.",)
    elif _SUFFIX.search(ckpt):
        prefix = _SUFFIX.sub("", ckpt)
        kind, diag = "file-instead-of-prefix", f"a checkpoint file was given; prefix is {prefix}"
        text = (f"{ckpt} is one file of the checkpoint; the reader wants the prefix shared by all its files: {prefix}.")
        fix = (f"Pass {prefix} (no .index / .meta / .data suffix).",)
    elif ckpt.endswith(("/", "\\")) or not re.search(r"ckpt|model|weights|checkpoint|-\d+$", ckpt.rsplit("/", 1)[-1]):
        kind, diag = "directory-instead-of-prefix", "a directory was given instead of a prefix"
        text = (f"{ckpt} looks like a directory (or a name without a checkpoint prefix); the reader matches files named "
                "<prefix>.index / <prefix>.data-*, so a directory matches nothing.")
        fix = (f"Pass tf.train.latest_checkpoint('{ckpt.rstrip('/')}') or the prefix inside it (e.g. {ckpt.rstrip('/')}/model.ckpt-NNNN).",)
    elif inner:
        kind, diag = "listing-failed", "the checkpoint directory could not be listed"
        text = f"Listing the files for {ckpt} failed ({inner}): the directory does not exist or the path syntax is invalid on this OS."
        fix = ("Create / download the checkpoint directory and pass an absolute path with forward slashes.",)
    else:
        kind, diag = "prefix-missing", "no files with this prefix"
        text = (f"No file starts with {ckpt}: the checkpoint was not downloaded / extracted here, the step number differs, "
                "or the relative path is resolved from another working directory.")
        fix = (f"ls {ckpt}* to check; use the prefix written in the directory's 'checkpoint' file or tf.train.latest_checkpoint.",)
    return Explanation(text=text, fix=fix, derived={"kind": kind, "diagnosis": diag})
