"""Computed diagnosis for media.image-unidentified: what the unreadable file probably is, from its name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INNER_NAME = re.compile(r"name=['\"]([^'\"]+)['\"]")

_RASTER = {".jpg", ".jpeg", ".png", ".gif", ".bmp", ".tif", ".tiff", ".ppm", ".pgm", ".jpe", ".jfif"}
_NOT_IMAGE = {
    ".txt": "a text file", ".json": "a JSON file", ".xml": "an XML file", ".csv": "a CSV file",
    ".html": "an HTML page", ".htm": "an HTML page", ".pdf": "a PDF document", ".npy": "a NumPy array",
    ".mp4": "a video", ".mov": "a video", ".avi": "a video", ".mkv": "a video", ".webm": "a video",
    ".zip": "an archive", ".tar": "an archive", ".gz": "an archive", ".pt": "a PyTorch file",
    ".pkl": "a pickle", ".ds_store": "macOS folder metadata", ".ini": "a Windows desktop.ini",
    ".db": "a thumbnail database (Thumbs.db)", ".ipynb": "a notebook", ".py": "a Python file",
}


def _path_of(file: str) -> tuple[str, str]:
    """(path, kind) from the message's file part: 'path', <_io.BufferedReader name='...'>, <_io.BytesIO ...>."""
    f = file.strip()
    if f[:1] in "'\"" and f[-1:] == f[:1]:
        return f[1:-1], "path"
    m = _INNER_NAME.search(f)
    if m:
        return m.group(1), "path"
    low = f.lower()
    if "bytesio" in low:
        return "", "bytesio"
    if "spooledtemporaryfile" in low or "temporaryfile" in low or "uploadfile" in low:
        return "", "upload"
    return "", "object"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    file = str(facts.get("file") or "")
    path, kind = _path_of(file) if file else ("", "none")
    base = path.replace("\\", "/").rsplit("/", 1)[-1]
    ext = ("." + base.rsplit(".", 1)[-1].lower()) if "." in base.lstrip(".") else (base.lower() if base.startswith(".") else "")
    derived: dict[str, Any] = {}
    if path:
        derived["path"] = path
    if ext:
        derived["ext"] = ext
    fix: list[str] = []
    where = f"'{path}'" if path else "the file"
    if base.startswith("._"):
        what = f"{base} is a macOS AppleDouble metadata file, not an image"
        text = (f"{where} starts with '._': it is the resource-fork sidecar macOS writes next to every file when copying to "
                "a non-Apple filesystem or zipping on a Mac. It matched the image glob but holds metadata, not pixels.")
        fix.append("Delete the sidecars: find <data_dir> -name '._*' -delete (or run dot_clean on a Mac before copying); "
                   "exclude names starting with '._' in the dataset scan.")
    elif ".ipynb_checkpoints" in path:
        what = "a Jupyter checkpoint file was scanned as an image"
        text = f"{where} lies in a .ipynb_checkpoints folder that ImageFolder/glob treated as data."
        fix.append("Remove the .ipynb_checkpoints folders from the data directory (find <data_dir> -name .ipynb_checkpoints -exec rm -r {} +).")
    elif ext in (".heic", ".heif"):
        what = f"HEIC/HEIF image {base} needs the pillow-heif plugin"
        text = f"{where} is a HEIF image (iPhone photos); Pillow has no built-in HEIF decoder, so no plugin recognised it."
        fix.append("pip install pillow-heif, then call: from pillow_heif import register_heif_opener; register_heif_opener() before Image.open.")
        fix.append("Or convert once: heif-convert / ImageMagick to JPEG or PNG.")
    elif ext == ".avif":
        what = f"AVIF image {base} needs Pillow 11.2+ or pillow-avif-plugin"
        text = f"{where} is AVIF; Pillow reads AVIF only from 11.2 on (older versions need the pillow-avif-plugin package)."
        fix.append("pip install -U 'pillow>=11.2' (check with python -c \"from PIL import features; print(features.check('avif'))\"), or pip install pillow-avif-plugin and import pillow_avif.")
    elif ext == ".webp":
        what = f"WebP image {base} but this Pillow may lack WebP support (or the file is not WebP)"
        text = (f"{where} has a .webp name. Pillow wheels include libwebp, but source/conda builds without libwebp cannot open it; "
                "if WebP is available the file itself is not a WebP image.")
        fix.append("Check python -c \"from PIL import features; print(features.check('webp'))\"; if False, pip install --force-reinstall pillow (binary wheel). If True, inspect the file with: file <path>.")
    elif ext in (".jxl",):
        what = f"JPEG XL image {base} is not readable by this Pillow"
        text = f"{where} is JPEG XL, which most Pillow versions cannot decode without a plugin."
        fix.append("Convert to PNG/JPEG (djxl) or install a JPEG XL plugin for Pillow (pillow-jxl-plugin).")
    elif ext == ".svg":
        what = f"{base} is an SVG (vector) file, not a raster image"
        text = f"{where} is SVG: Pillow only reads raster formats."
        fix.append("Rasterise first: cairosvg.svg2png(url=path, write_to=png_path) (or rsvg-convert), then open the PNG.")
    elif ext in _NOT_IMAGE:
        what = f"{base} is {_NOT_IMAGE[ext]}, not an image"
        text = f"{where} is {_NOT_IMAGE[ext]} that the dataset scan or index picked up as an image."
        fix.append("Filter the file list by image extensions (and content) when building the dataset; remove non-image files from image folders.")
    elif kind == "bytesio":
        what = "bytes given to Image.open (BytesIO) are not an image"
        text = ("Image.open received in-memory bytes (a download, LMDB/parquet/Arrow value or shard member) whose first bytes match no "
                "image format: typically an HTTP error page (403/404/429), an empty value, base64 text that was not decoded, "
                "or the wrong key/column.")
        fix.append("Print len(data) and data[:64] before Image.open; for downloads check response.status_code == 200 and that "
                   "Content-Type starts with image/, and retry or drop failures.")
        fix.append("For base64 fields decode first (base64.b64decode); for LMDB/shards check the key and that the value was written as encoded image bytes.")
    elif kind == "upload":
        what = "an uploaded/temporary file object is not an image (empty or read to the end)"
        text = ("Image.open received a temporary/upload file object whose content is not an image: the upload is empty, is "
                "another file type, or its position is at the end because it was read before.")
        fix.append("Call file.seek(0) before Image.open, and check the upload's size and content type.")
    elif ext in _RASTER or (path and not ext):
        shown = ext or "no extension"
        what = f"{base or 'the file'} ({shown}) is not a readable image: empty, HTML/LFS pointer or mislabeled"
        text = (f"{where} has an image name ({shown}) but its first bytes are not a known image signature. Usual contents: 0 bytes "
                "(interrupted download or copy), an HTML error page or JSON saved by a scraper, a ~130-byte Git LFS pointer "
                "('version https://git-lfs...'), or another format under the wrong extension.")
        fix.append(f"Inspect it: ls -l {path or '<path>'}; head -c 64 {path or '<path>'} | xxd (JPEG starts ff d8 ff, PNG 89 50 4e 47).")
        fix.append("Re-download the file (git lfs pull for LFS pointers) or remove it from the index; scan the dataset once with Image.open(p).verify() to find the others.")
    elif path:
        what = f"{base} ({ext}) is not a format Pillow can open"
        text = f"{where} has the extension {ext}, which no installed Pillow plugin handles, or the file is not an image."
        fix.append("Convert it to PNG/JPEG, install a Pillow plugin for the format, or drop it from the dataset.")
    else:
        return None
    if file:
        derived["file"] = file
    derived["what"] = what
    return Explanation(text=text, fix=tuple(fix), derived=derived)
