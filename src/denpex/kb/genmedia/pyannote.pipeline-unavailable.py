"""Computed diagnosis for pyannote.pipeline-unavailable: which gated repos to accept and how to pass the token."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# pipeline -> gated models it loads (model cards of pyannote/speaker-diarization*)
_DEPENDS = {
    "pyannote/speaker-diarization-3.1": ["pyannote/segmentation-3.0"],
    "pyannote/speaker-diarization-3.0": ["pyannote/segmentation-3.0"],
    "pyannote/speaker-diarization": ["pyannote/segmentation"],
    "pyannote/overlapped-speech-detection": ["pyannote/segmentation"],
    "pyannote/voice-activity-detection": ["pyannote/segmentation"],
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    repo = str(facts.get("repo_id") or "")
    if not repo and facts.get("_signature") == "none-after-from-pretrained":
        return Explanation(
            text=("pyannote's Pipeline.from_pretrained returned None - it does that instead of raising when the Hugging Face "
                  "download of a gated pipeline or model fails - so .to(device) ran on None. Look above for its 'Could not "
                  "download ...' message, which names the repo."),
            fix=(
                "Log in as the account that owns your token and accept the conditions of the pipeline and of the models it loads "
                "(https://hf.co/pyannote/speaker-diarization-3.1 and https://hf.co/pyannote/segmentation-3.0).",
                "Pass a valid read token: use_auth_token=os.environ['HF_TOKEN'] (pyannote.audio 4: token=...), whisperX --hf_token, "
                "or run huggingface-cli login; make sure HF_TOKEN is actually set in that environment.",
            ),
            derived={},
        )
    if not repo:
        return None
    kind = str(facts.get("kind") or "pipeline")
    base = repo.split("@")[0]
    deps = _DEPENDS.get(base, [])
    also = "".join(f" and https://hf.co/{d}" for d in deps)
    if not also:
        also = " (gated separately from the pipeline that loads it)" if kind == "model" else " (with the account that owns the token)"
    derived: dict[str, Any] = {"also": also}
    parts = [f"pyannote could not fetch the gated {kind} {base} from the Hugging Face Hub and returned None (it printed the message instead of raising)."]
    if kind == "model":
        parts.append(f"The {kind} is usually loaded by a pipeline whose own repo you may already have accepted: {base} is gated separately.")
    if deps:
        parts.append(f"{base} also loads {', '.join(deps)}, gated separately: accept both with the same account.")
    parts.append("Any later 'NoneType' object has no attribute 'to' / is not callable is a consequence of this.")
    fix = [
        f"Log in as the account that owns your token and accept the conditions at https://hf.co/{base}" + "".join(f" and https://hf.co/{d}" for d in deps) + ".",
        f"Pass a valid read token: Pipeline.from_pretrained('{base}', use_auth_token=os.environ['HF_TOKEN']) (pyannote.audio 4: token=...); "
        "whisperX: whisperx <audio> --diarize --hf_token $HF_TOKEN or DiarizationPipeline(use_auth_token=...); or run huggingface-cli login.",
        "Fine-grained tokens need 'Read access to contents of all public gated repos you can access'.",
    ]
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
