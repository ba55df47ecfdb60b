"""Computed diagnosis for media.audio-decode-failed: which decoder refused which kind of file, and what reads it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FFMPEG_ONLY = {".m4a", ".aac", ".mp4", ".m4v", ".mov", ".webm", ".wma", ".amr", ".3gp", ".mkv", ".ac3", ".caf", ".ape"}
_SNDFILE_OK = {".wav", ".wave", ".flac", ".ogg", ".oga", ".aiff", ".aif", ".au", ".snd", ".w64", ".rf64", ".opus"}
_CONVERT = "Convert once with FFmpeg: ffmpeg -i <in> -ac 1 -ar 16000 <out>.wav (pick your model's sample rate), and point the manifest at the WAVs."


def _unquote(f: str) -> str:
    f = f.strip()
    if len(f) >= 2 and f[0] in "'\"" and f[-1] == f[0]:
        return f[1:-1]
    return f


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("file") or "")
    path = _unquote(raw)
    is_obj = path.startswith("<")
    base = path.replace("\\", "/").rsplit("/", 1)[-1]
    ext = ("." + base.rsplit(".", 1)[-1].lower()) if ("." in base and not is_obj) else ""
    sf_err = str(facts.get("sf_error") or "")
    av_err = str(facts.get("av_error") or "")
    sox_err = str(facts.get("sox_error") or "")
    fix: list[str] = []
    derived: dict[str, Any] = {}
    name = f"'{path}'" if path and not is_obj else (path or "the file")
    if facts.get("format") is not None:
        what = "torchaudio has no audio backend installed"
        text = (f"torchaudio's dispatcher found no backend able to load {name}: soundfile is not installed and no usable FFmpeg "
                "(4-6 for torchaudio 2.1-2.8) or sox libraries were found, so torchaudio.list_audio_backends() is empty.")
        fix.append("pip install soundfile (reads wav/flac/ogg and, with soundfile >= 0.12, mp3).")
        if ext in _FFMPEG_ONLY:
            fix.append(f"{ext} needs FFmpeg: install FFmpeg shared libraries of a supported major version (conda install -c conda-forge 'ffmpeg<7'), or convert the files to WAV.")
        fix.append("Check: python -c \"import torchaudio; print(torchaudio.list_audio_backends())\" must list at least one backend.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if facts.get("nobackend"):
        what = "librosa could not decode the file with soundfile or audioread (no FFmpeg)"
        text = ("librosa first tried soundfile (libsndfile), which could not read the file"
                + (" (it warned 'PySoundFile failed. Trying audioread instead.')" if facts.get("sf_fallback") else "")
                + ", then audioread, which found no system decoder: FFmpeg (or GStreamer/CoreAudio) is not installed, or the file is not audio.")
        fix.append("Install FFmpeg (apt-get install ffmpeg / conda install -c conda-forge ffmpeg) so audioread can decode mp3/m4a/aac.")
        fix.append("Or upgrade soundfile (pip install -U 'soundfile>=0.12') for mp3, or convert the data to WAV/FLAC once.")
        fix.append("If only some files fail, check them with ffprobe: they may be empty or not audio.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    reason = sf_err or av_err or sox_err
    low = reason.lower()
    if "system error" in low or "no such file" in low or "permission denied" in low or sox_err == "failed to open file":
        what = f"audio file {name} could not be opened (path or permission)"
        text = (f"The loader could not open {name} at all ({reason.rstrip('.')}): the path does not exist from the working directory, "
                "is not readable, or (Windows) contains characters the library cannot open.")
        if sox_err:
            text += " (The sox backend uses the same message for unreadable formats: check the file with ffprobe if the path exists.)"
        fix.append(f"ls -l {path if path and not is_obj else '<path>'} from the directory the job runs in; use absolute paths in the manifest.")
        fix.append("Windows non-ASCII paths: open the file in Python and pass the file object (sf.read(open(p, 'rb'))).")
    elif sox_err == "unknown length":
        what = f"legacy torchaudio sox backend could not read {base or 'the file'} (stream length unknown)"
        text = (f"libsox opened {name} but could not tell how many samples it holds (typical of MP3s without a length header, "
                "VBR or streamed files), and the old torchaudio sox backend (torchaudio < 0.8) reads only files whose length is known.")
        fix.append("Upgrade torchaudio (sox_io / FFmpeg / soundfile backends read such files) or load it with soundfile >= 0.12 / librosa.")
        fix.append("Or re-encode the file once: ffmpeg -i <in>.mp3 -c:a pcm_s16le <out>.wav.")
    elif is_obj:
        what = "in-memory audio (file object) could not be decoded"
        text = (f"The decoder got a file object ({path}) instead of a named file, so it could not use an extension; its bytes are "
                "not a recognised audio format, are empty, or the read position is at the end.")
        fix.append("Call f.seek(0) first and pass the format explicitly: sf.read(f, format='WAV') (RAW needs samplerate=, channels=, subtype=).")
        fix.append("Print len(data) and data[:16]: WAV starts with RIFF....WAVE, FLAC with fLaC, OGG with OggS, MP3 with ID3 or ff fb; webm/m4a need FFmpeg.")
    elif ext == ".mp3" and sf_err:
        what = f"{base}: this libsndfile cannot read MP3 (needs soundfile >= 0.12)"
        text = (f"libsndfile refused {name} ('{sf_err}'). MP3 support arrived in libsndfile 1.1.0, bundled from soundfile 0.12; "
                "older soundfile/libsndfile (or a system libsndfile < 1.1) cannot read MP3 at all.")
        fix.append("pip install -U 'soundfile>=0.12' and check soundfile.__libsndfile_version__ >= 1.1.0.")
        fix.append("Or decode MP3 with FFmpeg (torchaudio ffmpeg backend, librosa + audioread with ffmpeg installed).")
        fix.append("If the version is already >= 1.1, the file itself is broken or not MP3: check it with ffprobe.")
    elif ext in _FFMPEG_ONLY and sf_err:
        what = f"{base}: libsndfile cannot read {ext} (needs FFmpeg)"
        text = (f"{name} is a {ext} file; libsndfile (soundfile) does not read MP4/M4A/AAC/WebM/WMA-type containers at any version, "
                "so soundfile reports it as an unrecognised format.")
        fix.append("Decode it with an FFmpeg-based loader (torchaudio with FFmpeg, librosa + audioread with ffmpeg installed, pydub, torchcodec), or:")
        fix.append(_CONVERT)
    elif "invalid data" in low:
        what = f"FFmpeg could not parse {base or 'the input'} (Invalid data found when processing input)"
        text = (f"FFmpeg opened {name} but no demuxer recognised its content: the file is empty, truncated (an MP4 without its "
                "moov atom), an HTML/LFS pointer saved under an audio name, or not audio at all.")
        fix.append(f"Inspect it: ls -l {path or '<path>'}; ffprobe -hide_banner {path or '<path>'}; head -c 64 {path or '<path>'} | xxd.")
        fix.append("Re-download or re-extract it, or drop it from the manifest; scan the dataset once with ffprobe to find others.")
    elif ext in _SNDFILE_OK or sf_err:
        what = f"{base or 'the file'} is not a readable {ext or 'audio'} file (empty, not audio, or an unusual codec)"
        text = (f"libsndfile normally reads {ext or 'this'} files, so {name} itself is the problem ('{reason}'): 0 bytes or truncated, "
                "an HTML page or Git LFS pointer, another format renamed (MP3/M4A saved as .wav), or a codec libsndfile lacks.")
        fix.append(f"Check it: ls -l {path or '<path>'}; ffprobe -hide_banner {path or '<path>'} (shows the real container and codec).")
        fix.append("Re-download / git lfs pull broken files, or re-encode them: ffmpeg -i <in> -c:a pcm_s16le <out>.wav.")
    elif reason:
        what = f"audio decoder refused {base or 'the input'} ({reason.rstrip('.')})"
        text = f"The decoder could not open {name}: {reason}."
        fix.append(f"Check the file with ffprobe -hide_banner {path or '<path>'} and the path from the working directory.")
    else:
        return None
    if ext:
        derived["ext"] = ext
    derived["what"] = what
    return Explanation(text=text, fix=tuple(fix), derived=derived)
