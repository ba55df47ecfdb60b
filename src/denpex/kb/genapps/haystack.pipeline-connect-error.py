"""Computed diagnosis for haystack.pipeline-connect-error: which kind of refusal, and the usual component swap."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "socket-does-not-exist":
        missing = str(facts.get("missing_socket") or "")
        avail = str(facts.get("available") or "").strip()
        if not missing:
            return None
        comp, _, sock = missing.partition(".")
        derived = {"sender": missing, "receiver": "its peer", "problem": f"socket '{sock}' does not exist on {comp}"}
        text = f"{comp} has no socket '{sock}'" + (f"; it offers: {avail}." if avail else ".")
        fix = [f"Connect one of the listed sockets of {comp}, or use the component class that has '{sock}'."]
        if sock == "embedding" and "documents" in avail:
            text += " It is a DocumentEmbedder (outputs documents); the query side needs a TextEmbedder (outputs embedding)."
            fix.insert(0, f"Replace {comp} with the matching TextEmbedder (e.g. SentenceTransformersTextEmbedder) and connect "
                          f"'{comp}.embedding' to '<retriever>.query_embedding'.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    sender = str(facts.get("sender") or "")
    receiver = str(facts.get("receiver") or "")
    reason = str(facts.get("reason") or "")
    if not sender or not receiver:
        return None
    derived: dict[str, Any] = {}
    fix: list[str] = []
    chat = bool(facts.get("chat_receiver"))
    if "already connected" in reason:
        derived["problem"] = "the receiving input already has a sender"
        text = f"{receiver} accepts one sender and is already connected ({reason})."
        fix.append(f"Merge the senders first (DocumentJoiner for documents, BranchJoiner otherwise) and connect the joiner to {receiver}.")
    elif "do not match" in reason or "no matching connections" in reason:
        derived["problem"] = "no type-compatible sockets"
        text = f"No socket of {sender} has a type that {receiver} accepts."
        if chat:
            text += " The receiver is a chat generator (messages: list[ChatMessage]) and the sender produces a plain prompt string."
            fix.append("Use ChatPromptBuilder(template=[ChatMessage.from_user(...)]) instead of PromptBuilder and connect "
                       f"'{sender.split('.')[0]}.prompt' to '{receiver.split('.')[0]}.messages'.")
        fix.append("Compare the socket types printed under the error and pick the component whose output type matches the input.")
    elif "more than one" in reason or "multiple" in reason or "ambiguous" in reason.lower():
        derived["problem"] = "several possible socket pairs"
        text = f"{sender} and {receiver} can be connected in more than one way."
        fix.append("Name both sockets explicitly: pipeline.connect('<sender>.<output>', '<receiver>.<input>').")
    else:
        derived["problem"] = reason[:120] or "connection refused"
        text = f"Haystack refused to connect {sender} to {receiver}: {reason}"
        fix.append("Check the component and socket names against the lists printed with the error.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
