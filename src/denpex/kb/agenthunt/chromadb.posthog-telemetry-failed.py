"""Computed diagnosis for chromadb.posthog-telemetry-failed: which telemetry failure this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    event = facts.get("event")
    if not event:
        return None
    if facts.get("_signature") == "get-settings-missing":
        text = (f"Chroma's telemetry could not send '{event}' because the old 0.4.x telemetry module looked up "
                "chromadb.get_settings, which that release does not export. The collection call itself went through.")
        fix = ("Upgrade chromadb (the telemetry module was rewritten after 0.4.10), or ignore the line.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": "chromadb 0.4 telemetry settings lookup (benign)"})
    takes, given = facts.get("takes"), facts.get("given")
    text = (f"Chroma's telemetry event '{event}' failed inside posthog.capture()"
            + (f" (the library accepts {takes} positional argument, Chroma passed {given})" if takes and given else "")
            + ": posthog 6 or newer is installed next to a chromadb that calls it positionally. Benign - the vector "
            "store operation succeeded; look past these lines for the real error, if any.")
    fix = ('pip install "posthog<6"  # e.g. posthog==5.4.0',
           "or: logging.getLogger('chromadb.telemetry.product.posthog').setLevel(logging.CRITICAL)")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "posthog>=6 API change (benign)"})
