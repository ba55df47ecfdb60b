"""Computed diagnosis for asr.whisper-decoder-length-exceeded: the overflow and the max_new_tokens / label limit to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    total, limit = as_int(facts.get("total")), as_int(facts.get("limit"))
    if total is None or limit is None:
        return None
    derived: dict[str, Any] = {"overflow": max(total - limit, 0), "model": "Whisper decoder"}
    if sig == "hf-generate":
        mnt = as_int(facts.get("max_new_tokens"))
        if mnt is None:
            return None
        prefix = total - mnt
        ok = max(limit - prefix, 1)
        derived["max_new_tokens_ok"] = ok
        text = (f"The decoder would need {total} positions: {prefix} prompt/start tokens + max_new_tokens={mnt}; Whisper has {limit}.")
        fix = [f"Set max_new_tokens <= {ok} (= {limit} - {prefix}), or leave it unset."]
        if prefix > 8:
            fix.append(f"The prompt alone uses {prefix} positions: shorten prompt_ids / initial prompt to leave room for the transcript.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if sig == "hf-labels":
        text = (f"A training/eval sample has {total} label tokens; Whisper's decoder holds {limit}. Its transcript is too long for one "
                "30 s window (long audio, merged utterances, or a script that tokenises into many byte tokens).")
        fix = (f"Filter before training: ds = ds.filter(lambda x: len(x['labels']) < {limit}).",
               "Also drop or split audio longer than 30 s; check the sample's transcript matches its audio.")
        return Explanation(text=text, fix=fix, derived=derived)
    if sig == "ct2-position-encodings":
        whisper = bool(facts.get("whisper_context")) or (limit == 448 and not facts.get("ct2_call") == "translate_batch")
        if not whisper:
            derived["model"] = "CTranslate2 model"
            call = facts.get("ct2_call")
            text = (f"A CTranslate2 model with {limit} position encodings got position {total}"
                    + (f" in {call}" if call else "")
                    + ". Nothing in the log points to Whisper, so this is most likely a translator or generator converted to "
                    "CTranslate2 (IndicTrans2, NLLB, M2M100, OPUS-MT ...): the source or, more often, the generated output "
                    "ran past the positions the model has.")
            if limit < 256:
                text += f" translate_batch's default max_decoding_length (256) is larger than this model's {limit}."
            fix = (f"Cap the output: translate_batch(..., max_decoding_length={limit}) (and max_input_length for long sources).",
                   "Split long inputs into sentences before translating (IndicTrans2 works at sentence level).")
            return Explanation(text=text, fix=fix, derived=derived)
        if limit == 448:
            text = (f"CTranslate2's Whisper decoder reached position {total} of {limit}: prompt tokens (initial_prompt, hotwords, "
                    "previous-text conditioning) plus the segment's output overflowed the decoder window.")
            fix = ("Shorten initial_prompt / hotwords (a few dozen terms) and pass only one of them.",
                   "Or set condition_on_previous_text=False so earlier text is not prepended, and update faster-whisper.")
        else:
            text = (f"A CTranslate2 model with {limit} learned positions got position {total}: the input or output is longer than "
                    "the model supports.")
            fix = (f"Truncate or split the input so input + max_decoding_length stays under {limit}.",)
        return Explanation(text=text, fix=fix, derived=derived)
    return None
