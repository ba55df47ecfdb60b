"""Computed diagnosis for hf.use-auth-token-keyword-removed: which layer still passes use_auth_token."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HUB = ("hf_hub_download", "snapshot_download", "hf_hub_url", "cached_download", "model_info", "list_repo_files",
        "create_repo", "upload_file", "upload_folder")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    callee = facts.get("callee")
    if not isinstance(callee, str) or not callee:
        return None
    short = callee.rsplit(".", 1)[-1]
    if short in _HUB:
        return Explanation(
            text=(f"{callee}() is huggingface_hub, which removed use_auth_token in 1.x. A library in the traceback "
                  "(pyannote.audio 3.x, SpeechBrain, speechbox ...) still passes it: the library is older than the hub client."),
            fix=("pip install -U pyannote.audio speechbrain  # the library that raised, to a release using token=",
                 "or: pip install 'huggingface_hub<1.0'"),
            derived={"layer": "library calls huggingface_hub 1.x"},
        )
    if short == "from_pretrained" and callee.startswith(("Pipeline", "Model", "Inference")):
        return Explanation(
            text=(f"{callee}() is pyannote.audio 4.x, which renamed use_auth_token to token."),
            fix=("Pipeline.from_pretrained('pyannote/speaker-diarization-3.1', token='hf_...')",
                 "or keep use_auth_token= with: pip install 'pyannote.audio<4'"),
            derived={"layer": "pyannote.audio 4 API"},
        )
    if short == "from_hparams":
        return Explanation(
            text=f"{callee}() (SpeechBrain) takes token=, not use_auth_token=.",
            fix=("Pass token=... to from_hparams (or log in with hf auth login and omit it).",),
            derived={"layer": "SpeechBrain API"},
        )
    if short in ("_sanitize_parameters", "pipeline") or callee.endswith("Pipeline.__init__"):
        return Explanation(
            text=(f"{callee}() is a transformers pipeline that no longer accepts use_auth_token; the caller passes it "
                  "as a pipeline keyword."),
            fix=("Pass token=... to transformers.pipeline(...) instead of use_auth_token=...",
                 "For a library that passes it (speechbox), pin the transformers version it was written for."),
            derived={"layer": "transformers pipeline"},
        )
    return Explanation(
        text=f"{callee}() no longer accepts use_auth_token; Hugging Face APIs renamed it to token.",
        fix=(f"Call {callee}(..., token=...) instead.",),
        derived={"layer": "renamed keyword"},
    )
