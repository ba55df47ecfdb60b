"""Computed diagnosis for coqui.tts-dataset-empty: doubled metadata path, filtered-out split, what to change."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    fix: list[str] = []
    path = str(facts.get("path") or "").strip().rstrip("\\").rstrip()
    if path:
        # an absolute metadata path appended to the dataset path: ".../dataset/D:\..." or ".../dataset//home/..."
        doubled = re.search(r"[/\\](?P<abs>[A-Za-z]:[\\/].+|/(?:home|mnt|data|root|content|workspace|tmp|Users)/.+)$", path)
        if doubled and not path.startswith(doubled.group("abs")):
            derived["what"] = "The metadata path was joined twice"
            derived["fix_short"] = "give meta_file_train relative to the dataset path (e.g. 'metadata_train.csv')"
            text = (f"Coqui looked for the train metadata at {path}: an absolute meta_file_train ({doubled.group('abs')}) was appended to the "
                    "dataset path, so the file opened is not the real one and no rows were read.")
            fix.append("Set path='<dataset dir>' and meta_file_train='metadata_train.csv' (relative); in the XTTS web UIs, pass the CSV inside the dataset folder or let the tool fill it.")
        else:
            derived["what"] = f"No training rows were read from {path}"
            derived["fix_short"] = "check the file exists, has rows, and matches the formatter (delimiter/columns)"
            text = f"The formatter returned no rows for {path}: the file is missing or empty, or its layout does not match the formatter."
            fix.append(f"Check: head -3 '{path}' - ljspeech expects id|text|normalized_text with audio at wavs/<id>.wav; the XTTS 'coqui' formatter expects audio_file|text|speaker_name with a header.")
        fix.append("Test the loader alone: load_tts_samples(dataset_config, eval_split=True) and print the lengths.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)

    split = str(facts.get("split") or "")
    after = facts.get("after_filter")
    if split and after is not None and int(after) == 0:
        derived["what"] = f"Every {split} sample was filtered out"
        derived["fix_short"] = "shorten clips/texts to the limits or raise max_wav_length / max_text_length"
        text = (f"The run printed 'Total {split} samples after filtering: 0': all {split} samples exceed the length limits (XTTS drops audio longer "
                "than max_wav_length, default 255995 samples = ~11.6 s at 22.05 kHz, and text longer than max_text_length / the per-language character limit), "
                "so the DataLoader has no batch.")
        fix.append("Re-segment the audio into shorter clips (about 2-11 s) with matching transcripts, or raise max_wav_length / max_text_length (max_audio_len for other models) in the config.")
        if split == "eval":
            fix.append("Or provide a separate eval CSV with short clips, raise eval_split_size so some short clips land in eval, or set run_eval=False.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)

    derived["what"] = "The training/eval DataLoader is empty"
    derived["fix_short"] = "check the metadata file, the length filters and eval_split_size"
    text = ("The trainer got a DataLoader with zero batches: the metadata did not parse, every sample was filtered by length, or the split "
            "(often eval) is too small. The '> Total ... samples after filtering' lines above the traceback tell which.")
    fix.append("Check the metadata file and formatter, shorten or re-segment long clips, and raise eval_split_size or provide an eval CSV for small datasets.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
