"""Computed diagnosis for tf.decode-image-invalid-data: read the reported byte count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "unknown-image-format":
        return Explanation(
            text=("decode_image did not recognise the first bytes as JPEG, PNG, GIF or BMP: the file is another format "
                  "(WebP, HEIC, TIFF) or not an image at all (.DS_Store, Thumbs.db, an HTML error page)."),
            fix=("List the files whose first bytes are not FF D8 (JPEG), 89 50 4E 47 (PNG), 47 49 46 (GIF) or 42 4D (BMP) and remove or convert them.",),
            derived={"diagnosis": "not a JPEG/PNG/GIF/BMP file"},
        )
    fmt = "PNG" if sig == "png-data-size" else "JPEG"
    size = facts.get("data_size")
    if size is None:
        return Explanation(
            text=f"libjpeg could not decode one {fmt} example (size not printed in this TensorFlow version).",
            fix=("Decode every image once in a try/except loop to list the bad files, then delete or re-save them.",),
            derived={"diagnosis": f"undecodable {fmt} file"},
        )
    try:
        n = int(size)
    except (TypeError, ValueError):
        return None
    if n == 0:
        diagnosis = "empty (0-byte) image file"
        text = f"The {fmt} data is 0 bytes: an empty file (failed download or write) or an empty image field in the TFRecord."
        fix = ("find images/ -size 0 -delete  # then rebuild the TFRecords",)
    elif n % 4096 == 0:
        diagnosis = f"file cut at a block boundary ({n} bytes = {n // 1024} KiB)"
        text = (f"The {fmt} data is exactly {n} bytes ({n // 1024} KiB, a multiple of 4096): the file was most likely cut "
                "at a buffer/block boundary by an interrupted download, copy or sync.")
        fix = (f"find images/ -size {n}c  # candidates; re-download or delete them and rebuild the TFRecords",)
    else:
        diagnosis = f"undecodable {fmt} of {n} bytes"
        text = (f"A {n}-byte file does not decode as {fmt}: truncated, in another format with a .jpg/.png name, or using "
                "an encoding libjpeg/libpng rejects.")
        fix = (f"find images/ -size {n}c  # the file with exactly this size is the culprit; re-save it with PIL or delete it",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
