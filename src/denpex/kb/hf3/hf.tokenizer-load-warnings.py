"""Computed diagnosis for hf.tokenizer-load-warnings: legacy flag vs a tokenizer class mismatch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _family(name: str) -> str:
    return name.replace("Fast", "").replace("Tokenizer", "").lower()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig in ("default-legacy", "legacy-special-tokens"):
        cls = str(facts.get("tokenizer_class") or "the tokenizer").rsplit(".", 1)[-1]
        return Explanation(text=f"{cls} keeps the legacy handling of text after special tokens (legacy not set): same tokenization as before, informational.",
                           fix=(f"Silence it with {cls}.from_pretrained(..., legacy=True) (unchanged behaviour) - use legacy=False only with a model trained that way.",),
                           derived={"what": f"{cls}: legacy tokenization kept (harmless)"})
    ck, called = facts.get("checkpoint_class"), facts.get("called_class")
    if not (isinstance(ck, str) and isinstance(called, str)):
        return Explanation(text="tokenizer_config.json names another tokenizer class than the one used to load it.",
                           fix=("Compare tokenizer_class in tokenizer_config.json with your code; use AutoTokenizer.",),
                           derived={"what": "tokenizer class differs from tokenizer_config.json"})
    if _family(ck) == _family(called):
        text = (f"tokenizer_config.json says '{ck}', the code uses '{called}': the same tokenizer under another spelling "
                "(old conversion). Harmless, but AutoTokenizer will fail on the old name.")
        fix = (f"Edit tokenizer_config.json: \"tokenizer_class\": \"{called}\".",)
        return Explanation(text=text, fix=fix, derived={"what": f"tokenizer name {ck} vs {called} (same tokenizer, harmless)"})
    text = (f"The checkpoint's tokenizer is '{ck}' but it is being loaded as '{called}': a different tokenizer family, so ids may "
            "not match what the model was trained with (garbage or degraded outputs).")
    fix = (f"Load it as {ck} (or with AutoTokenizer), not {called}; or fix tokenizer_class if the config is wrong.",)
    return Explanation(text=text, fix=fix, derived={"what": f"tokenizer {ck} loaded as {called} (different family)"})
