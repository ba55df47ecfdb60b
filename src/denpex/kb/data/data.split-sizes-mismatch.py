"""Computed diagnosis for data.split-sizes-mismatch: what the expected/recorded numbers say about the cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NO_CHECKS = "Reload with load_dataset(..., verification_mode='no_checks') (datasets >= 2.9; ignore_verifications=True before)."
_REDOWNLOAD = "Discard a partial or stale download: add download_mode='force_redownload' (or delete ~/.cache/huggingface/datasets/<name>)."
_UPGRADE = "Upgrade datasets (pip install -U datasets): 2.19.2+ no longer checks the Hub's recorded sizes when you pass data_files=/data_dir=."


def _names(text: Any) -> list[str]:
    return re.findall(r"'([^']+)'", str(text or ""))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exp = facts.get("expected_examples")
    rec = facts.get("recorded_examples")
    split = facts.get("split") or "the split"
    derived: dict[str, Any] = {}
    if isinstance(exp, int) and isinstance(rec, int):
        diff = rec - exp
        ratio = rec / exp if exp else float("inf")
        derived["example_difference"] = diff
        derived["recorded_over_expected"] = round(ratio, 4) if exp else None
        head = f"Split '{split}': the metadata records {exp:,} examples, this build produced {rec:,} ({diff:+,}, {ratio:.1%} of expected)."
        if exp and rec < exp and ratio < 0.5:
            derived["what"] = f"'{split}' has {rec:,} of {exp:,} recorded examples (a subset or truncated download)"
            text = (head + " Far fewer rows than recorded: you loaded only part of the dataset (data_files=/data_dir= or a few shards) "
                    "while its metadata describes all of it, or a download was cut short.")
            fix = ("If you selected a subset on purpose: " + _NO_CHECKS, _UPGRADE,
                   "If you meant to load everything: " + _REDOWNLOAD)
        elif exp and rec > exp and abs(ratio - round(ratio)) < 0.01 and round(ratio) >= 2:
            k = round(ratio)
            derived["what"] = f"'{split}' has exactly {k}x the recorded examples"
            text = (head + f" Exactly {k}x the recorded count: the same files were read {k} times (overlapping data_files patterns, "
                    "several copies of the shards in the data directory), or the metadata belongs to a different config/version than the files.")
            fix = ("Check the data_files patterns and the directory for duplicate copies of the shards.", _UPGRADE, _NO_CHECKS)
        elif exp and abs(ratio - 1) <= 0.02:
            derived["what"] = f"'{split}' differs from the recorded size by {diff:+,} examples"
            text = (head + " A small difference: the source files changed upstream (rows added or removed) after the sizes were recorded. "
                    "The data you got is complete; only the recorded metadata is stale.")
            fix = (_NO_CHECKS, "Or upgrade datasets / pin a dataset revision whose metadata matches its files.")
        elif rec > exp:
            derived["what"] = f"'{split}' has {rec:,} examples, {ratio:.1f}x the recorded {exp:,}"
            text = (head + " More rows than recorded: the dataset's files grew (new version on the Hub or at the source URL) or another "
                    "config's files were picked up; the recorded metadata is for a different version.")
            fix = (_NO_CHECKS, _UPGRADE, "Pin revision= to the dataset commit your code was written for.")
        else:
            derived["what"] = f"'{split}' has {rec:,} of {exp:,} recorded examples"
            text = (head + " Noticeably fewer rows than recorded: some source files changed or failed to download completely.")
            fix = (_REDOWNLOAD, _NO_CHECKS)
        return Explanation(text=text, fix=fix, derived=derived)
    missing = facts.get("missing_splits")
    if missing:
        names = _names(missing)
        derived["what"] = f"recorded split(s) {', '.join(names) or missing} were not generated"
        text = (f"The metadata lists split(s) {', '.join(names) or missing} but this build did not produce them. This happens when "
                "data_files=/data_dir= selects only some files (e.g. one c4 shard for calibration) while the metadata describes every split, "
                "or when a dataset card lists splits its files no longer have.")
        return Explanation(text=text, fix=(_NO_CHECKS, _UPGRADE,
                                           "Or pass data_files as a dict naming the split you want: data_files={'train': '<pattern>'}, split='train'."),
                           derived=derived)
    extra = facts.get("extra_splits")
    if extra:
        names = _names(extra)
        derived["what"] = f"unrecorded split(s) {', '.join(names) or extra} were generated"
        text = (f"This build produced split(s) {', '.join(names) or extra} that the metadata does not list: the files (or your data_files mapping) "
                "define splits the recorded dataset_info does not know - usually stale metadata after new files were added.")
        return Explanation(text=text, fix=(_NO_CHECKS, "If you own the dataset, push it again so its README dataset_info lists every split."),
                           derived=derived)
    url = str(facts.get("bad_url") or "")
    if facts.get("verification_name") is not None or url:
        derived["what"] = "download checksums differ" + (f" ({url})" if url else "")
        if "drive.google.com" in url:
            text = (f"The file downloaded from Google Drive ({url}) is not the recorded one: Drive usually served its 'quota exceeded' or "
                    "'cannot scan for viruses' HTML page instead of the data.")
            fix = ("Upgrade datasets (newer releases handle the Drive confirmation page and many datasets moved off Drive).",
                   _REDOWNLOAD, "Or download the file manually and load it from disk.")
        elif re.search(r"/archive/(?:master|main)\.zip|/raw/(?:master|main)/", url):
            text = (f"{url} points at a moving branch: its contents changed since the checksum was recorded.")
            fix = (_NO_CHECKS, "Upgrade datasets to get the dataset's updated checksums.")
        else:
            text = "A downloaded source file differs from the recorded checksum: the file changed at its URL, or the download was incomplete or an error page."
            fix = (_REDOWNLOAD, _NO_CHECKS)
        return Explanation(text=text, fix=fix, derived=derived)
    kind = facts.get("checksum_kind")
    if kind:
        derived["what"] = f"{kind}: the set of downloaded files differs from the recorded one"
        text = (f"{kind}: the URLs downloaded are not the ones recorded in the metadata (a script/config version mismatch or files added/removed upstream).")
        return Explanation(text=text, fix=(_NO_CHECKS, _UPGRADE), derived=derived)
    return Explanation(text="The split sizes built differ from the recorded ones.", fix=(_NO_CHECKS, _REDOWNLOAD),
                       derived={"what": "split sizes differ from the recorded metadata"})
