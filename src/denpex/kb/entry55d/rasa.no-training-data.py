"""Computed diagnosis for rasa.no-training-data: which data kind was missing and which argument to fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# signature id -> (data kind, display text, argument the subcommand reads)
_KINDS = {
    "nlu-data-missing": ("nlu", "NLU training data (rasa train nlu)", "--nlu"),
    "stories-missing": ("stories", "stories (rasa train core)", "--stories"),
    "training-data-missing": ("all", "training data: neither stories nor NLU data (rasa train)", "--data"),
    "interactive-initial-model": ("nlu+stories", "NLU data and stories for the first model (rasa interactive)", "--data"),
}


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig not in _KINDS:
        return None
    kind, kind_text, default_arg = _KINDS[sig]
    cli_arg = str(facts.get("cli_arg") or "").strip() or default_arg
    provided = str(facts.get("provided") or "")
    derived: dict[str, Any] = {"data_kind": kind, "data_kind_text": kind_text, "cli_arg_text": cli_arg}
    fix: list[str] = [f"Check the path given with {cli_arg} (relative to the directory the command runs in) "
                      "holds the training files."]
    if kind == "nlu":
        text = ("rasa train nlu loaded no NLU examples: the files under the NLU path are missing or in a format "
                "the loader skips (1.x Markdown sections need '## intent:<name>'; 2.x+ YAML needs an 'nlu:' key).")
        fix += ["rasa data validate --data data/  # reports the files it could not read",
                "1.x Markdown: headers as '## intent:<name>'; or convert: rasa data convert nlu -f yaml --data data/nlu.md --out data/"]
    elif kind == "stories":
        text = ("rasa train core loaded no stories: the story files are missing or unrecognised (1.x '## story' "
                "blocks with '* intent' lines; 2.x+ YAML under a 'stories:' or 'rules:' key).")
        fix += ["rasa data validate stories --data data/",
                "1.x Markdown stories: rasa data convert core -f yaml --data data/stories.md --out data/"]
    elif kind == "all":
        flows = "flows" in provided
        text = ("rasa train found neither stories" + (", flows" if flows else "") + " nor NLU data under the data "
                "path: a wrong path, or every file in a format the loader skips (1.x Markdown with Rasa 3.x, YAML "
                "without 'version:'/'nlu:'/'stories:' keys).")
        fix += ["rasa data validate --data data/",
                "Convert 1.x Markdown: rasa data convert nlu -f yaml --data data/ --out data/ (and rasa data convert core)"]
        if not facts.get("cli_arg") and "dialogue" in provided:
            derived["wording_era"] = "pre-1.0"
    else:
        text = ("rasa interactive has no model and could not train one: the story or the NLU folder under --data "
                "is empty; interactive learning needs both.")
        fix += ["Add NLU data and at least one story under data/, or train first with rasa train and pass --model."]
    if not facts.get("cli_arg") and kind in ("nlu", "stories"):
        derived["wording_era"] = "pre-1.0"
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError):
        return None
