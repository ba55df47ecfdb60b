"""Computed diagnosis for hf.hf-transfer-download-failed: read the Rust error behind the wrapper."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("hft_error") or "")
    low = err.lower()
    if not err:
        return Explanation(
            text="hf_transfer failed without its own error in the log; the wrapper hides the cause.",
            fix=("Rerun with HF_HUB_ENABLE_HF_TRANSFER=0 to get the default downloader's retries and its real error.",),
            derived={"diagnosis": "hf_transfer failed (cause not shown)"},
        )
    if "os error 32" in low or "being used by another process" in low:
        diagnosis = "Windows file lock (os error 32)"
        text = ("hf_transfer could not delete/replace the partial file because another process holds it open "
                "(antivirus scanning the cache, a second download of the same file, a viewer).")
        fix = ("Exclude the Hugging Face cache folder from antivirus scanning and run one download at a time.",)
    elif "incompletebody" in low or "unexpectedeof" in low or "connection reset" in low or "broken pipe" in low:
        diagnosis = "connection dropped mid-file"
        text = "The server or a proxy closed the connection before the file's body was complete; hf_transfer cannot resume."
        fix = ()
    elif "timed out" in low or "timeout" in low:
        diagnosis = "transfer timed out"
        text = "A chunk request timed out; slow or congested link for hf_transfer's many parallel connections."
        fix = ()
    elif "os error 28" in low or "no space" in low:
        diagnosis = "disk full"
        text = "The disk ran out of space while writing the file."
        fix = ("Free space on the cache disk or set HF_HOME to a larger disk.",)
    elif "403" in low or "401" in low:
        diagnosis = "access refused by the CDN"
        text = "A range request was refused (expired signed URL or missing access)."
        fix = ()
    else:
        diagnosis = "hf_transfer error"
        text = f"hf_transfer failed with: {err[:200]}"
        fix = ()
    fix = fix + ("Set HF_HUB_ENABLE_HF_TRANSFER=0 and rerun; the default downloader retries and resumes.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
