"""Computed diagnosis for demucs.input-too-short-for-padding: which model and front end hit the pad1d assert."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    frame = str(facts.get("frame") or "")
    if not frame:
        return None
    model = str(facts.get("model") or "")
    uvr = facts.get("_signature") == "uvr-error-box"
    line = str(facts.get("line") or "")
    at = f"{frame} line {line}" if line else frame
    derived: dict[str, str] = {}
    branch = {"htdemucs": "Hybrid Transformer Demucs (htdemucs, htdemucs_ft, htdemucs_6s)",
              "hdemucs": "Hybrid Demucs (hdemucs / mdx_extra family)"}.get(model, "a hybrid Demucs model")
    derived["model_family"] = branch
    where = "in Ultimate Vocal Remover" if uvr else "in Demucs"
    segment = ("set the Demucs Segment back to 'Default' in UVR's settings" if uvr
               else "drop --segment (or set the model's default) so every chunk is longer than the padding")
    return Explanation(
        text=(f"{branch} {where} padded a chunk before its spectrogram and the check in pad1d ({at}) failed: the chunk "
              "is empty or only a few samples long, or its samples are NaN because a silent (all-zero) or one-sample "
              "track was divided by its standard deviation of 0."),
        fix=("Check the file: ffprobe -v error -show_entries format=duration -of csv=p=0 <file> (0 or a few ms?) and "
             "its peak level (all zeros?)",
             "Convert it to a plain WAV (ffmpeg -i <file> -ar 44100 -ac 2 out.wav) and separate that; skip silent clips",
             segment[0].upper() + segment[1:]),
        derived=derived,
    )
