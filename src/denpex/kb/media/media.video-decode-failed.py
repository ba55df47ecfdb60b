"""Computed diagnosis for media.video-decode-failed: FFmpeg error codes and demuxer messages decoded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# FFmpeg AVERROR values (FFERRTAG) and their errno-magnitude forms as PyAV / decord print them
_AVERR = {
    -1381258232: "AVERROR_STREAM_NOT_FOUND (no decodable stream of the wanted type)",
    -1094995529: "AVERROR_INVALIDDATA (invalid data found when processing input)",
    1094995529: "AVERROR_INVALIDDATA (invalid data found when processing input)",
    -541478725: "AVERROR_EOF (end of file reached early)",
    541478725: "AVERROR_EOF (end of file reached early)",
    -1128613112: "AVERROR_DECODER_NOT_FOUND (no decoder for the codec)",
    1128613112: "AVERROR_DECODER_NOT_FOUND (no decoder for the codec)",
}

_SCAN = ("Find every unreadable clip once: for f in videos: ffprobe -v error -show_entries stream=codec_type -of csv=p=0 \"$f\" "
         "(empty output or errors = bad), or wrap decord.VideoReader/av.open in try/except over the annotation list.")
_REENCODE = "Re-encode to a widely supported codec: ffmpeg -i in.mp4 -c:v libx264 -pix_fmt yuv420p -c:a aac out.mp4."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = facts.get("backend")
    code = facts.get("av_code")
    errno = facts.get("av_errno")
    av_log = str(facts.get("av_log") or "")
    av_err = str(facts.get("av_error") or "")
    file = str(facts.get("file") or "").strip("'\"")
    name = f"'{file}'" if file else "the video"
    fix: list[str] = []
    if facts.get("_signature") == "decord-error-reading" and not av_err:
        what = f"decord could not open {file or 'a video'}"
        text = (f"decord.VideoReader raised 'Error reading {file or '<file>'}': FFmpeg could not open {name}. The reason is on "
                "decord's 'ERROR opening: <file>, <reason>' line just before it (most often No such file or directory: the "
                "annotation path does not exist under the data root).")
        fix.append(f"ls -l {file or '<file>'} from the job's working directory; fix the data root or drop the entry.")
        fix.append(_SCAN)
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if facts.get("_signature") == "torchvision-videoreader-no-pyav":
        backend = "PyAV"
    if backend == "PyAV":
        what = "torchvision video functions need PyAV (pip install av)"
        text = "torchvision.io.read_video and the video datasets (Kinetics, UCF101, HMDB51) decode through PyAV, which is not installed."
        fix.append("pip install av (conda install -c conda-forge av); versions 14+ may need a recent torchvision - pin av<14 with older torchvision if imports fail.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if backend in ("video_reader", "cuda"):
        what = f"torchvision's {backend} video backend is not built into this torchvision"
        text = (f"torchvision.set_video_backend('{backend}') was requested, but pip/conda wheels are built without the {backend} "
                "decoder (it needs a source build against FFmpeg" + (" and NVIDIA Video Codec SDK" if backend == "cuda" else "") + ").")
        fix.append("Use the default PyAV backend: torchvision.set_video_backend('pyav') (pip install av), or decord / torchcodec for fast decoding.")
        fix.append(f"Or build torchvision from source with FFmpeg development libraries installed to get {backend}.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    meaning = _AVERR.get(code) if isinstance(code, int) else None
    if errno is not None and meaning is None:
        meaning = _AVERR.get(errno if isinstance(errno, int) else 0)
    if "moov atom not found" in av_log:
        what = f"{file or 'video'} is an incomplete MP4 (moov atom not found)"
        text = (f"FFmpeg cannot find the 'moov' index atom of {name}: MP4 writers put it at the end, so the file was cut off "
                "(interrupted download/upload/copy) or the recording was never finalised. The data before the cut is unindexed.")
        fix.append("Re-download or re-copy the file (compare its size with the source); -movflags faststart cannot recreate a missing moov.")
        fix.append("For a recording you must recover, untrunc with a healthy reference file from the same device can rebuild the index.")
        fix.append(_SCAN)
    elif isinstance(code, int) and code == -1381258232 or facts.get("stream_index") is not None:
        what = "decord found no decodable video stream (AVERROR_STREAM_NOT_FOUND)"
        text = ("decord asked FFmpeg for the best video stream and got AVERROR_STREAM_NOT_FOUND (-1381258232): the file is an empty or "
                "tiny stub (failed download), truncated, audio-only, or its codec is not decodable by decord's bundled FFmpeg "
                "(decord 0.6 wheels cannot decode AV1).")
        fix.append(_SCAN)
        fix.append("ffprobe a failing file: no video stream or an 'av1' codec_name tells which case; re-download stubs, re-encode AV1/VP9 clips.")
        fix.append(_REENCODE)
    elif isinstance(code, int) and abs(code) == 1094995529 and av_err == "":
        what = "video data is corrupt mid-file (av_read_frame failed with AVERROR_INVALIDDATA)"
        text = ("The container opened, but reading a packet failed with AVERROR_INVALIDDATA (1094995529): the stream is damaged inside "
                "(partial overwrite, bad concatenation, bit rot), and decord stops when seeking to a sampled frame hits it.")
        fix.append("Repair by re-muxing while dropping corrupt packets: ffmpeg -fflags +discardcorrupt -i in.mp4 -c copy out.mp4 (or re-encode with -err_detect ignore_err).")
        fix.append(_SCAN)
    elif av_err:
        low = av_err.lower()
        if "no such file" in low:
            what = f"video path not found: {file or '?'}"
            text = f"decord could not open {name}: {av_err.rstrip('.')}. The path in the annotation file does not exist from the working directory."
            fix.append("Check the data root/prefix joined with the annotation paths; ls -l the file from where the job runs.")
        else:
            what = f"video could not be opened: {av_err.rstrip('.')}"
            text = f"FFmpeg (via decord) could not open {name}: {av_err}. The file is truncated, empty or not a video."
            fix.append(_SCAN)
            fix.append("Re-download or re-encode the file, or drop it from the annotation list.")
    elif errno is not None or "invalid data" in (av_log + av_err).lower() or file:
        what = f"FFmpeg could not parse {file or 'the input'} (Invalid data found when processing input)"
        text = (f"No FFmpeg demuxer could read {name}: the file is empty, cut off, an HTML/LFS pointer saved under a video name, or "
                "not a media file" + (f" (demuxer said: {av_log})" if av_log else "") + ".")
        fix.append(f"Inspect it: ls -l {file or '<file>'}; ffprobe -hide_banner {file or '<file>'}; head -c 64 {file or '<file>'} | xxd.")
        fix.append("Re-download or drop it; " + _SCAN)
    elif meaning:
        what = f"video decoding failed: {meaning}"
        text = f"The reader failed with FFmpeg error {code}: {meaning}."
        fix.append(_SCAN)
    else:
        return None
    derived: dict[str, Any] = {"what": what}
    if meaning:
        derived["av_meaning"] = meaning
    return Explanation(text=text, fix=tuple(fix), derived=derived)
