"""Computed diagnosis for invokeai.configure-failed: what the quoted exception text of the installer's configure step means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("error") or "").strip().strip('"')
    sig = str(facts.get("_signature") or "")
    low = err.lower()
    stage = "2.x configure/initialize" if sig == "initialization-error" else "3.x installer configure step"
    fix: list[str] = []
    if "expected string or bytes-like object" in low:
        diagnosis = "a starter model in this release's default list can no longer be downloaded (install itself is fine)"
        text = ("InvokeAI 3.3's installer hit a default starter model that is no longer available upstream; the package and "
                "root directory were set up, only that download failed.")
        fix += ["Launch invoke.bat / invoke.sh option 1 and use InvokeAI; add models from the model manager or option 5.",
                "Or rerun the installer and deselect the starter models."]
    elif "'nonetype' object is not iterable" in low and sig == "initialization-error":
        diagnosis = "bug in the 2.2.0 binary installer (fixed in the re-uploaded installer)"
        text = "This exact message came from a bug in the first InvokeAI 2.2.0 installer package, not from your system."
        fix += ["Download the installer again from the v2.2 release page (or a newer release) and rerun it."]
    elif sig == "network-error" or any(k in low for k in ("connection", "timed out", "timeout", "ssl", "proxy", "max retries", "name resolution")):
        diagnosis = "a download failed on the network"
        text = f"The configure step could not download a model: {err or 'network error'}."
        fix += ["Check proxy/firewall/SSL interception and that huggingface.co is reachable, then run launcher option 7.",
                "Or skip model downloads now and install models later from the UI."]
    elif any(k in low for k in ("401", "403", "unauthorized", "gated", "token", "access to model")):
        diagnosis = "a model download needs Hugging Face authentication"
        text = f"The model host refused the download ({err}): the model is gated or needs a token."
        fix += ["Run huggingface-cli login (or set HF_TOKEN) with an account that accepted the model's license, then rerun option 7."]
    elif "404" in low or "not found" in low:
        diagnosis = "a model or file the installer wants is not (or no longer) at that address"
        text = f"A file the configure step downloads was not found: {err}."
        fix += ["Update to the newest installer of your release line, or skip that model and add another from the UI."]
    elif sig == "os-error" or any(k in low for k in ("no space left", "errno 28", "permission denied", "access is denied", "winerror", "errno 13")):
        diagnosis = "the OS refused a write (disk space, permissions or path length)"
        text = f"The configure step could not write to disk: {err or 'OS error'}."
        fix += ["Free disk space, install into a short path you own (not Program Files), enable Windows long paths, then rerun option 7."]
    else:
        diagnosis = f"configure step raised: {err[:120]}" if err else "configure step raised an exception"
        text = f"The installer's configure step (root dir, config file, model downloads) failed with: {err or '(no message)'}."
        fix += ["Launch InvokeAI anyway to see whether only models are missing; rerun launcher option 7 (fix a broken install) for the full traceback."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "stage": stage})
