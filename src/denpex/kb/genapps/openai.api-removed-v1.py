"""Computed diagnosis for openai.api-removed-v1: the 1.x replacement of the removed 0.x symbol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPLACEMENT = {
    "ChatCompletion": "client.chat.completions.create(model=..., messages=[...]); reply in response.choices[0].message.content",
    "Completion": "client.completions.create(model=..., prompt=...) (legacy models) or client.chat.completions.create",
    "Embedding": "client.embeddings.create(model=..., input=[...]); vectors in response.data[i].embedding",
    "Image": "client.images.generate(...) / client.images.edit(...) / client.images.create_variation(...)",
    "Audio": "client.audio.transcriptions.create(model=..., file=...) / client.audio.translations.create(...)",
    "Moderation": "client.moderations.create(input=...)",
    "FineTune": "client.fine_tuning.jobs.create(training_file=..., model=...)",
    "FineTuningJob": "client.fine_tuning.jobs.create(training_file=..., model=...)",
    "File": "client.files.create(file=..., purpose=...)",
    "Model": "client.models.list() / client.models.retrieve(id)",
    "Edit": "nothing (the Edits endpoint is gone): use client.chat.completions.create with an instruction",
    "Engine": "nothing (engines are gone): pass model=... to the client call",
    "Customer": "nothing (removed)",
    "Deployment": "AzureOpenAI(...) client with azure_deployment=...",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    symbol = str(facts.get("symbol") or "").strip()
    if not symbol:
        return None
    head = symbol.split(".")[0]
    repl = _REPLACEMENT.get(head)
    derived: dict[str, Any] = {"replacement": f" (use {repl})" if repl else ""}
    text = (f"The code calls openai.{symbol}, an openai 0.x module-level API, but openai >= 1.0 is installed, where it "
            "was removed; nothing was sent to the API.")
    fix = [
        f"Port the call: client = OpenAI(); {repl}." if repl else "Port the call to the OpenAI() client API (see the migration guide).",
        "Or run `openai migrate` in the project, or pin pip install \"openai==0.28.*\" for code you cannot change.",
        "If openai." + head + " is called inside a library or custom node, upgrade that library instead of downgrading openai.",
    ]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
