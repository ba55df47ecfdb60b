"""Computed diagnosis for media.image-truncated: how much of the file is missing, from the bytes-not-processed count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SET_FLAG = ("If a small loss at the end of a few images is acceptable: put 'from PIL import ImageFile; "
             "ImageFile.LOAD_TRUNCATED_IMAGES = True' at module level of the dataset code so every DataLoader worker sets it.")
_SCAN = ("List every damaged file once: for p in paths: try Image.open(p).load() except OSError: print(p) "
         "(verify() is not enough - it does not decode the pixels).")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    left = facts.get("bytes_left")
    dec = facts.get("decoder_error")
    fix: list[str] = []
    if isinstance(left, int):
        if left <= 64:
            what = f"image file ends {left} bytes early (only the tail is missing)"
            text = (f"The image decoded until the file ran out with {left} buffered bytes the decoder could not use: the file "
                    "is cut just short of its end (typically a JPEG missing its last bytes / end-of-image marker after an "
                    "interrupted download or copy). Almost all pixels are present.")
            fix.append("Re-download or re-copy the file if you can; otherwise this is the case LOAD_TRUNCATED_IMAGES is meant for.")
            fix.append(_SET_FLAG)
            fix.append(_SCAN)
        else:
            what = f"image file is cut off ({left} bytes not processed)"
            text = (f"The file ended while the decoder still needed data ({left} buffered bytes unprocessed): a substantial part "
                    "of the compressed image is missing - a transfer cut off mid-file or a file read while still being written.")
            fix.append("Re-download / re-extract the file (check its size or checksum against the source) or remove it from the index.")
            fix.append(_SCAN)
            fix.append("Avoid LOAD_TRUNCATED_IMAGES here: a large part of the image would be grey.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if dec:
        what = f"image data is corrupt ({dec} when reading image file)"
        text = (f"The decoder rejected the compressed data ('{dec}'): the stream itself is damaged (corrupt shard or copy, "
                "bit rot, a partial write), not only short. Pillow cannot recover it.")
        fix.append("Replace the file from the source (verify its checksum) or drop it from the dataset.")
        fix.append(_SCAN)
        fix.append("LOAD_TRUNCATED_IMAGES may let some such files load partially, but the result is unreliable; prefer fixing the data.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if facts.get("short_read"):
        what = "image file ends inside a chunk (Truncated File Read)"
        text = ("Pillow tried to read a chunk or tag the header promised (a PNG IDAT/ancillary chunk, a TIFF strip, an ICO entry) and "
                "the file ended first: the file is incomplete. pngcheck reports such PNGs as 'EOF while reading IDAT data'.")
        fix.append("Re-download or replace the file, or drop it from the index.")
        fix.append(_SCAN)
        fix.append("LOAD_TRUNCATED_IMAGES = True lets Pillow keep the part it decoded for many such PNGs (Pillow 10.3+ also for a cut end chunk).")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    return None
