"""Computed diagnosis for data.unicode-decode: what the failing byte, its offset and the codec say about the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# cp1252 leaves these five bytes undefined: a 'charmap' failure on them means the file is not cp1252 (usually UTF-8)
_CP1252_UNDEFINED = {0x81, 0x8D, 0x8F, 0x90, 0x9D}
# cp1252 / Latin-1 characters that commonly appear in text saved in a Western code page
_CP1252_CHARS = {
    0x85: "an ellipsis '…'", 0x91: "a curly quote '‘'", 0x92: "a curly apostrophe '’'", 0x93: "a curly quote '“'",
    0x94: "a curly quote '”'", 0x96: "an en dash '–'", 0x97: "an em dash '—'", 0xA0: "a non-breaking space",
    0xA3: "a pound sign '£'", 0xA9: "a copyright sign '©'", 0xAE: "a registered sign '®'", 0xB0: "a degree sign '°'",
    0xB4: "an acute accent '´'", 0xE0: "'à'", 0xE1: "'á'", 0xE4: "'ä'", 0xE7: "'ç'", 0xE8: "'è'", 0xE9: "'é'",
    0xEA: "'ê'", 0xED: "'í'", 0xF1: "'ñ'", 0xF3: "'ó'", 0xF6: "'ö'", 0xFA: "'ú'", 0xFC: "'ü'", 0xDF: "'ß'",
    0xC4: "'Ä'", 0xD6: "'Ö'", 0xDC: "'Ü'", 0xC9: "'É'",
}
# magic numbers: (offset, byte) -> what the file is
_MAGIC = {
    (0, 0x80): "a pickle (the PROTO opcode 0x80 starts every protocol 2+ pickle: .pkl, legacy .pt/.bin checkpoints)",
    (0, 0x89): "a PNG image",
    (0, 0xFF): "either a UTF-16 little-endian text file (byte-order mark FF FE) or a JPEG image (FF D8)",
    (0, 0xFE): "a UTF-16 big-endian text file (byte-order mark FE FF)",
    (1, 0x8B): "a gzip-compressed file (1F 8B)",
    (0, 0xFD): "an xz-compressed file",
    (1, 0xB5): "a zstd-compressed file (28 B5 2F FD)",
    (0, 0x93): "a NumPy .npy file (93 'NUMPY')",
    (0, 0xD0): "an old Office document (.xls/.doc, D0 CF 11 E0)",
}
_UTF8_LOCALE_FIX = "Open the file as UTF-8: open(path, encoding='utf-8') (pd.read_csv(..., encoding='utf-8')), or run Python in UTF-8 mode: set PYTHONUTF8=1"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("byte") or "")
    try:
        b = int(raw, 16)
    except ValueError:
        b = None
    codec = str(facts.get("codec") or "").lower().replace("_", "-")
    pos = facts.get("position")
    reason = str(facts.get("reason") or "")
    loader = str(facts.get("loader") or "")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    is_pickle_loader = any(k in loader for k in ("pickle", "torch.load", "np.load", "numpy.load"))
    where = f"byte {raw} at offset {pos}" if b is not None else "a byte sequence"

    if is_pickle_loader and codec in ("ascii", "utf-8", "utf8"):
        derived["file_kind"] = "Python 2 pickle"
        derived["what"] = f"{loader} could not decode a Python 2 pickle ({codec} codec, {where})"
        parts.append(f"{loader} is reading a pickle written by Python 2: its 8-bit strings are decoded with '{codec}' by default, and {where} is not valid {codec}.")
        fix.append("Load it with encoding='latin1' (pickle.load(f, encoding='latin1'); torch.load(path, encoding='latin1') for legacy checkpoints), or encoding='bytes' to keep byte strings.")
        fix.append("Then re-save it with Python 3 (pickle protocol 4+, or JSON/NumPy/safetensors) so it loads without options.")
    elif b is not None and pos is not None and (pos, b) in _MAGIC:
        kind = _MAGIC[(pos, b)]
        derived["file_kind"] = kind
        if pos == 0 and b in (0xFF, 0xFE):
            derived["what"] = f"'{codec}' decoder hit {raw} at offset 0: the file starts with a UTF-16 byte-order mark (or is an image)"
            parts.append(f"The file starts with {raw}: it is {kind}, not {codec} text.")
            fix.append("If it is text: open(path, encoding='utf-16') or re-save it as UTF-8 (PowerShell: Out-File -Encoding utf8; or use > only in cmd/bash).")
            fix.append("If it is an image or other binary, the path is wrong: pass the text/JSON file the loader expects.")
        else:
            derived["what"] = f"a binary file ({kind.split(' (')[0]}) was read as {codec} text"
            parts.append(f"{raw} at offset {pos} is the signature of {kind}: a binary file was opened as text.")
            if b == 0x80:
                parts.append("Typically a weights file (pytorch_model.bin, model.pt, .pkl) was passed where a config/tokenizer/JSON path or a model directory was expected.")
                fix.append("Pass the model directory (or Hub id) to from_pretrained, not the weights file; load weights with torch.load/safetensors, never with open(...).read()/json.load.")
            elif b == 0x8B:
                fix.append("Decompress it (gzip.open(path, 'rt', encoding='utf-8')) or keep the .gz extension so datasets/pandas decompress it automatically.")
            else:
                fix.append("Check the path: give the loader the text/JSON/CSV file it expects, or the right loader for this binary format.")
    elif b == 0x80 and codec in ("utf-8", "utf8") and isinstance(pos, int) and pos < 512:
        derived["file_kind"] = "PyTorch zip checkpoint"
        derived["what"] = f"a PyTorch checkpoint (zip with a pickle inside) was read as UTF-8 text (0x80 at offset {pos})"
        parts.append(f"0x80 at offset {pos}, just after a short ASCII header, is how a torch.save() zip checkpoint looks: a local-file header 'PK..archive/data.pkl' followed by the pickle's 0x80 opcode. A .pt/.pth/.bin checkpoint was opened as text.")
        fix.append("Pass the model directory (config.json + weights) to from_pretrained, or load the checkpoint with torch.load(path, map_location='cpu') and its own model class.")
    elif codec in ("charmap", "cp1252", "cp1250", "cp1251", "cp437", "mbcs"):
        derived["what"] = f"a UTF-8 file was read with the Windows code page ('{codec}' codec, {where})"
        if b in _CP1252_UNDEFINED:
            parts.append(f"{raw} is one of the five bytes the Windows-1252 code page leaves undefined; it occurs inside UTF-8 sequences (e.g. E2 80 9D is '”'). The file is UTF-8 and open() used the Windows default code page.")
        else:
            parts.append(f"'{codec}' is the Windows locale code page Python uses when open() gets no encoding=; the file is almost certainly UTF-8.")
        fix.append(_UTF8_LOCALE_FIX + " (Windows: set PYTHONUTF8=1 in the environment, or python -X utf8).")
    elif codec in ("gbk", "gb2312", "cp936", "gb18030", "big5", "cp950", "shift-jis", "shift_jis", "cp932", "euc-kr", "cp949"):
        derived["what"] = f"a UTF-8 file was read with the East Asian Windows code page ('{codec}' codec, {where})"
        parts.append(f"'{codec}' is the locale code page of Chinese/Japanese/Korean Windows, used because open() got no encoding=; UTF-8 multibyte characters are not valid {codec} sequences.")
        fix.append(_UTF8_LOCALE_FIX + " (or python -X utf8).")
    elif codec == "ascii":
        derived["what"] = f"text was decoded as ASCII ({where}): the process runs with a C/POSIX locale"
        if b is not None and 0xC2 <= b <= 0xF4:
            parts.append(f"{raw} starts a multi-byte UTF-8 character ({'an accented Latin letter' if b in (0xC3, 0xC5) else 'punctuation such as ’ “ ” – or a CJK/emoji character' if b >= 0xE2 else 'a non-ASCII character'}); the file is UTF-8.")
        elif b is not None and b < 0xC2:
            parts.append(f"{raw} cannot start a UTF-8 character: the data is binary or in a legacy 8-bit encoding (a pickle or a Latin-1 file).")
        parts.append("Python fell back to ASCII because LANG/LC_ALL is unset or C/POSIX (typical in minimal containers, cron, systemd) or the code decodes with 'ascii' explicitly.")
        fix.append("Set a UTF-8 locale for the process: ENV LANG=C.UTF-8 (and PYTHONUTF8=1) in the Dockerfile / job script, or pass encoding='utf-8' to open().")
    elif codec in ("utf-8", "utf8", "utf-8-sig"):
        if "unexpected end of data" in reason and any(k in loader for k in ("decodeBytes", "decode_bytes", "tokenizer.decoder")):
            derived["what"] = "token bytes decoded one by one end inside a UTF-8 character"
            parts.append("The code decodes the bytes of individual byte-level BPE tokens as UTF-8; one token can hold only part of a multi-byte character "
                         "(Chinese, emoji, accented letters), so decoding token by token stops mid-character.")
            fix.append("Decode the concatenated bytes of the whole sequence with tokenizer.decode(ids), or buffer bytes until they form complete characters "
                       "(codecs.getincrementaldecoder('utf-8')()), or decode with errors='replace' for streaming output.")
        elif "unexpected end of data" in reason:
            derived["what"] = f"UTF-8 text ends in the middle of a character (offset {pos})"
            parts.append("The data ends in the middle of a multi-byte UTF-8 character: the file is truncated, or the code decodes fixed-size byte chunks that split a character.")
            fix.append("Re-download/re-create the file if it is truncated; when reading in chunks use an incremental decoder (codecs.getincrementaldecoder('utf-8')) or open the file in text mode.")
        elif b is not None and b in _CP1252_CHARS:
            derived["what"] = f"the file is not UTF-8: byte {raw} is {_CP1252_CHARS[b]} in cp1252/Latin-1"
            parts.append(f"{raw} at offset {pos} is not valid UTF-8 here but is {_CP1252_CHARS[b]} in Windows-1252/Latin-1: the file was saved in a Western legacy code page (Excel CSV export, old corpora, Windows tools).")
            if b >= 0xA1:
                parts.append("If the text is Chinese/Japanese, the same byte is part of a GBK/Shift-JIS character instead - check which reading looks right.")
            fix.append("Read it with its encoding: open(path, encoding='cp1252') (or 'latin-1'), pd.read_csv(path, encoding='cp1252'); or convert once: iconv -f cp1252 -t utf-8 in > out.")
            fix.append("For GBK text: encoding='gbk' / iconv -f gbk -t utf-8.")
        elif b is not None and 0x81 <= b <= 0xFE:
            derived["what"] = f"the file is not UTF-8 ({where}): a legacy 8-bit/multibyte encoding or binary data"
            parts.append(f"{raw} at offset {pos} is {'never valid in UTF-8' if b in (0xC0, 0xC1) or b >= 0xF5 else 'not a valid UTF-8 sequence here'}: the file is in a legacy encoding (GBK/Big5/Shift-JIS for CJK text, cp1252/Latin-1 for Western text) or is binary.")
            fix.append("Detect the encoding (python -m charset_normalizer <file>, or file -i <file>) and open with it, or convert the file to UTF-8 once (iconv -f <enc> -t utf-8).")
        else:
            derived["what"] = f"invalid UTF-8 ({where})"
            parts.append(f"{where} is not valid UTF-8.")
            fix.append("Inspect the bytes around the offset and open the file with its real encoding, or fix the bad bytes.")
        if isinstance(pos, int) and pos > 1_000_000:
            parts.append(f"The offset is {pos:,} bytes into the data: most of the file decoded, so only some lines are bad (a mixed-encoding corpus).")
            fix.append("Find the bad lines (grep -naxv '.*' <file> under a UTF-8 locale) and fix or drop them, or read with errors='replace' and count replacements.")
    else:
        derived["what"] = f"'{codec}' codec cannot decode {where}"
        parts.append(f"The '{codec}' decoder rejected {where}: the file is not in that encoding.")
        fix.append("Open the file with its real encoding (detect with charset_normalizer or file -i), or convert it to UTF-8.")
    if facts.get("unicode_error"):
        derived["what"] = f"a Python source file is not UTF-8 ({where})"
        parts = [f"Python could not read a .py source file: {where} is not valid {codec or 'UTF-8'}. Source files are read as UTF-8 unless they declare another encoding; this one was saved in a local code page (GBK/cp1252) by an editor."]
        fix = ["Re-save the file named in the traceback as UTF-8 (editor: Save with Encoding -> UTF-8; or iconv -f gbk -t utf-8), or declare its encoding on line 1-2: # -*- coding: gbk -*-."]
    derived["byte_value"] = b
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
