"""Computed diagnosis for openslide.slide-read-error: which decoder failed, from the error text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_JPEG = ("corrupt jpeg data", "not a jpeg file", "premature end of jpeg", "restart marker", "bogus marker",
         "unsupported marker", "jpeglib", "invalid jpeg", "huffman")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = facts.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        return None
    r = reason.strip()
    low = r.lower()
    fix: list[str] = []
    if low.startswith("openjpeg") or "tcd_decode" in low or "jpeg 2000" in low:
        problem = "JPEG 2000 tile could not be decoded"
        text = (f"OpenJPEG failed on a JPEG 2000 tile ({r}): an Aperio JPEG 2000 slide with a damaged tile, "
                "or an old OpenJPEG build.")
        fix.append("pip install -U openslide-bin openslide-python  # OpenSlide 4.x with a current OpenJPEG")
        fix.append("md5sum the slide against its manifest and re-download if it differs")
    elif any(k in low for k in _JPEG):
        problem = "damaged JPEG tile data"
        text = (f"libjpeg rejected the tile data ({r}): the bytes stored for that tile are not a complete JPEG "
                "stream - a truncated/corrupted file or a tile the scanner wrote badly.")
        fix.append("md5sum the slide against its manifest (TCGA GDC lists md5) and re-download/copy it")
    elif "tiff" in low or "raw tile" in low or "directory" in low:
        problem = "TIFF tile could not be read"
        text = (f"libtiff could not read the tile ({r}): missing or damaged tiles, common in slides converted "
                "to generic tiled TIFF or written by unsupported scanners.")
        fix.append("re-export/convert the slide (vips tiffsave --tile --pyramid) or read it with tifffile/pyvips")
    elif "unsupported" in low and "compression" in low:
        problem = "compression not supported by this OpenSlide"
        text = f"The slide uses a compression this OpenSlide build cannot decode ({r})."
        fix.append("convert the slide with vips to a JPEG-compressed pyramidal TIFF, or upgrade OpenSlide")
    else:
        problem = "OpenSlide read error"
        text = f"OpenSlide reported: {r}."
        fix.append("check the file (md5, size) and try opening it in another reader")
    text += " The OpenSlide handle keeps this error: reopen the slide before reading again."
    fix.append("wrap read_region in try/except openslide.OpenSlideError: close+reopen the slide and skip the tile/slide")
    return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
