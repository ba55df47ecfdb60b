"""Computed diagnosis for esm.esm3-protein-error-result: which call failed (from the attribute) and what the code means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STAGE = {
    "to_protein_chain": "a generate()/fold call (ESMProtein expected)",
    "sequence": "a generate()/decode call (ESMProtein expected)",
    "coordinates": "a generate()/fold call (ESMProtein expected)",
    "plddt": "a generate()/fold call (ESMProtein expected)",
    "ptm": "a generate()/fold call (ESMProtein expected)",
    "hidden_states": "a logits()/forward call with return_hidden_states (LogitsOutput expected)",
    "embeddings": "a logits() call with return_embeddings (LogitsOutput expected)",
    "mean_embedding": "a logits() call with return_mean_embedding (LogitsOutput expected)",
    "logits": "a logits() call (LogitsOutput expected)",
    "structure": "an encode() call (ESMProteinTensor expected)",
}
_CODES = {
    400: "the request was invalid (sequence too long, bad characters, or refused by the safety filter)",
    401: "the Forge token is missing or invalid",
    403: "the token has no access to this model",
    404: "the model name is unknown to Forge",
    422: "the input could not be processed (length/characters)",
    429: "rate limited",
    500: "server error",
    502: "gateway/network error",
    503: "service unavailable",
    504: "timeout",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    sig = facts.get("_signature")
    code = facts.get("error_code")
    try:
        code = int(code) if code is not None else None
    except (TypeError, ValueError):
        code = None
    meaning = _CODES.get(code) if code else None
    code_text = f" (error_code {code}: {meaning})" if meaning else (f" (error_code {code})" if code else "")
    if attr:
        stage = _STAGE.get(str(attr), "an ESM SDK call")
        then = f", then .{attr} was read from it"
        text = (f"{stage[0].upper()}{stage[1:]} returned ESMProteinError instead of a result, and the code then read .{attr} on it.")
    elif sig == "error-passed-as-input":
        stage = "an encode() call (ESMProteinTensor expected)"
        then = " and that error object was passed on to logits()/forward_and_sample()"
        text = ("encode() failed and returned ESMProteinError; the next call (logits / forward_and_sample) "
                "refused it as input, so the real failure is the encode() request.")
    elif code is not None:
        stage = "an ESM SDK call"
        then = ", and the error object was printed or collected as the result"
        text = ("An ESM SDK call returned the error object ESMProteinError in place of its result "
                "(batch helpers keep it in the result list).")
    else:
        return None
    text += (f" error_code {code}: {meaning}." if meaning else " The real reason is in the object's error_code / error_msg.")
    fix = ["Print it: out = <call>; print(type(out).__name__, getattr(out, 'error_code', None), getattr(out, 'error_msg', None))"]
    if code in (401, 403, 404):
        fix.append("Check the Forge token and that your account has access to the model name used.")
    elif code in (429, 500, 502, 503, 504):
        fix.append("Retry with backoff and fewer concurrent requests (batch_executor max_attempts/max_workers); "
                   "a 500 whose error_msg says 'Input must be an ESMProteinTensor' means the encode step failed first - check the token.")
    else:
        fix.append("Check the input sequence (length, only standard amino-acid letters) or run a local open model (esm3-open / esmc_300m) to see the error locally.")
    headline = f"{stage[0].upper()}{stage[1:]} returned ESMProteinError{code_text}{then}"
    return Explanation(text=text, fix=tuple(fix),
                       derived={"stage": stage, "code": code_text if meaning else "", "headline": headline})
