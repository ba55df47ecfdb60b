"""Computed diagnosis for recipe.kaldi-data-dir-invalid: which file/check failed and the exact repair commands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dir_of(path: str) -> str:
    path = path.strip().rstrip("/")
    return path.rsplit("/", 1)[0] if "/" in path else path


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    file = str(facts.get("file") or "").strip()
    ddir = str(facts.get("data_dir") or "").strip() or (_dir_of(file) if file else "data/<set>")
    repair = f"export LC_ALL=C; utils/fix_data_dir.sh {ddir} && utils/validate_data_dir.sh --no-feats {ddir}"
    if sig == "not-sorted":
        name = file.rsplit("/", 1)[-1] if file else "a data file"
        what = f"{file or name} not sorted (C locale) or has duplicate ids"
        text = (f"{file or name} is not sorted in byte order or repeats an utterance id. Usual causes: sorting under a UTF-8 locale, "
                "ids appended twice by re-running data prep (>>), or identical file names from several folders.")
        fix = (f"Find duplicates: cut -d' ' -f1 {file or ddir + '/' + name} | sort | uniq -d | head",
               f"Repair: {repair}",
               f"If data prep appends, rm -r {ddir} and rerun the stage.")
    elif sig == "speaker-prefix":
        what = "speaker ids are not prefixes of utterance ids"
        text = ("Sorting utt2spk by utterance and by speaker gives different orders: utterance ids do not start with their speaker "
                "id (e.g. utt0001_spk3 instead of spk3-utt0001), or numeric ids are not zero-padded.")
        fix = ("Rename utterances as <speaker>-<utt> with zero-padded numbers in local/data.sh, then sort with LC_ALL=C.",
               f"Then: {repair}")
    elif sig == "lists-differ":
        other = str(facts.get("other") or "text")
        what = f"utt2spk and {other} list different utterances in {ddir}"
        text = (f"In {ddir}, utt2spk and {other} do not contain the same utterance ids (some audio without transcript or the reverse, "
                "or different id spellings).")
        fix = (f"Repair by keeping only common utterances: {repair}",
               f"Check the id format in both files: head -3 {ddir}/utt2spk {ddir}/{other}")
    elif sig == "non-printable":
        count = facts.get("count")
        what = f"text has {count} lines with non-printable characters"
        text = f"{count} transcript lines contain non-printable characters (BOM, control characters, wrong encoding)."
        fix = (f"Find them: grep -nP '[^[:print:][:space:]]' {ddir}/text | head; clean the source transcripts (UTF-8, no BOM).",)
    elif sig == "nothing-left":
        what = "no utterance is present in every file"
        text = ("fix_data_dir.sh kept no utterances: the files share no ids at all (different id schemes in wav.scp, text and "
                "utt2spk, or an empty file).")
        fix = (f"Compare ids: head -2 {ddir}/wav.scp {ddir}/text {ddir}/utt2spk - they must use the same utterance ids.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"what": what})
