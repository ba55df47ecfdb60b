"""Computed diagnosis for torchaudio.backend-api-removed: which removed name, who called it, pin vs upgrade."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CALLER_FIX = {
    "pyannote": "pip install -U 'pyannote.audio>=4' torchcodec (pyannote.audio 4 reads audio through TorchCodec; pipelines take token= instead of use_auth_token=)",
    "whisperx": "pip install -U whisperx (releases after Oct 2025 depend on a pyannote.audio that supports torchaudio 2.9), or pin torch/torchaudio 2.8",
    "speechbrain": "pip install -U 'speechbrain>=1.0.4' (guards list_audio_backends and reads through speechbrain.dataio.audio_io)",
    "silero_vad": "pip install -U silero-vad (or load audio with soundfile and pass the tensor instead of read_audio)",
}

_REPLACEMENT = {
    "info": "soundfile.info(path) or torchcodec.decoders.AudioDecoder(path).metadata (sample_rate, num_channels, duration_seconds)",
    "AudioMetaData": "torchcodec.decoders.AudioDecoder(path).metadata",
    "list_audio_backends": "nothing: torchaudio 2.9 has a single TorchCodec path; drop the check",
    "get_audio_backend": "nothing: drop the call",
    "set_audio_backend": "nothing: drop the call (backends no longer exist)",
    "io": "torchcodec.decoders.AudioDecoder / VideoDecoder (StreamReader) and torchcodec.encoders.AudioEncoder",
    "sox_effects": "torchaudio.functional / torchaudio.transforms ops, or the sox CLI",
    "backend": "torchcodec.decoders.AudioDecoder(path).metadata instead of torchaudio.backend.common.AudioMetaData",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "").strip()
    if not attr:
        return None
    if facts.get("_signature") == "deprecated-warning":
        return Explanation(
            text=f"torchaudio 2.8 warns that torchaudio.{attr} is deprecated; it is removed in 2.9, so this code breaks on the next torch upgrade.",
            fix=("Pin torch/torchaudio to 2.8 until the calling library supports 2.9, or migrate the call to torchcodec / soundfile now.",),
            derived={"kind": "deprecation warning"},
        )
    caller = str(facts.get("caller") or "").strip()
    short = attr.split(".")[0]
    text = f"'{attr}' was removed from torchaudio in 2.9 (TorchCodec migration)"
    text += f"; the call comes from {caller}, which predates torchaudio 2.9." if caller else "; the installed torchaudio is 2.9 or newer."
    fix = []
    if caller in _CALLER_FIX:
        fix.append(_CALLER_FIX[caller])
    fix.append("Or pin the pair: pip install 'torch==2.8.*' 'torchaudio==2.8.*' from the same PyTorch index.")
    if short in _REPLACEMENT and caller not in _CALLER_FIX:
        fix.append(f"In your own code replace torchaudio.{short} with {_REPLACEMENT[short]}.")
    return Explanation(text=text, fix=tuple(fix), derived={"kind": "removed in 2.9", "caller": caller or "unknown"})
