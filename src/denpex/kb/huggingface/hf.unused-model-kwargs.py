"""Computed diagnosis for hf.unused-model-kwargs: for each keyword generate() rejected, where it came from
(tokenizer output, a typo of a generation parameter, a tokenizer or pipeline argument, a parameter newer than the
installed transformers) and the change that removes it."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# GenerationConfig parameters (transformers 4.57) and generate()'s own arguments: the names a typo is compared with.
_GEN = (
    "bad_words_ids begin_suppress_tokens bos_token_id cache_config cache_implementation constraints "
    "decoder_start_token_id diversity_penalty do_sample dola_layers early_stopping encoder_no_repeat_ngram_size "
    "encoder_repetition_penalty eos_token_id epsilon_cutoff eta_cutoff exponential_decay_length_penalty "
    "force_words_ids forced_bos_token_id forced_eos_token_id guidance_scale length_penalty low_memory max_length "
    "max_matching_ngram_size max_new_tokens max_time min_length min_new_tokens min_p no_repeat_ngram_size "
    "num_assistant_tokens num_assistant_tokens_schedule num_beam_groups num_beams num_return_sequences "
    "output_attentions output_hidden_states output_logits output_scores pad_token_id penalty_alpha "
    "prompt_lookup_num_tokens remove_invalid_values renormalize_logits repetition_penalty return_dict_in_generate "
    "sequence_bias stop_strings suppress_tokens temperature token_healing top_k top_p typical_p use_cache "
    "watermarking_config assistant_confidence_threshold assistant_early_exit assistant_lookbehind compile_config "
    "disable_compile prefill_chunk_size target_lookbehind "
    "inputs generation_config logits_processor stopping_criteria prefix_allowed_tokens_fn synced_gpus "
    "assistant_model streamer negative_prompt_ids negative_prompt_attention_mask tokenizer"
).split()
# first release (of 4.42.4 / 4.43.0 / 4.46.3 / 4.57.6 checked) whose GenerationConfig accepts the name
_NEWER = {"dola_layers": "4.43", "assistant_confidence_threshold": "4.46", "assistant_early_exit": "4.57",
          "assistant_lookbehind": "4.57", "target_lookbehind": "4.57", "compile_config": "4.57",
          "disable_compile": "4.57", "prefill_chunk_size": "4.57"}
_TOKENIZER_OUT = {"token_type_ids": "the tokenizer output (BERT-style tokenizers of decoder-only models return it)",
                  "special_tokens_mask": "the tokenizer output (return_special_tokens_mask=True)",
                  "offset_mapping": "the tokenizer output (return_offsets_mapping=True)",
                  "overflowing_tokens": "the tokenizer output", "num_truncated_tokens": "the tokenizer output",
                  "length": "the tokenizer output (return_length=True)"}
_TOKENIZER_ARGS = {"padding", "truncation", "return_tensors", "add_special_tokens", "return_attention_mask",
                   "skip_special_tokens", "clean_up_tokenization_spaces", "return_token_type_ids"}
_PIPELINE_ARGS = {"return_full_text", "return_text", "return_tensors", "handle_long_generation", "prefix",
                  "clean_up_tokenization_spaces", "stop", "stop_sequences", "stop_sequence", "max_tokens",
                  "n", "best_of", "presence_penalty", "frequency_penalty", "seed", "echo", "logprobs", "stream"}


def classify(name: str) -> tuple[str, str]:
    """(kind, advice) for one unused keyword."""
    if name in _TOKENIZER_OUT:
        return "tokenizer-output", (f"'{name}' comes from {_TOKENIZER_OUT[name]}: tokenizer(..., return_token_type_ids=False) "
                                    f"or inputs.pop('{name}') before model.generate(**inputs).") if name == "token_type_ids" else \
            f"'{name}' comes from {_TOKENIZER_OUT[name]}: drop it from the dict passed to generate()."
    if name in _NEWER:
        return "newer", f"'{name}' is a generation parameter that the installed transformers predates (present from {_NEWER[name]} among the sampled releases): pip install -U 'transformers>={_NEWER[name]}' or drop it."
    if name in _TOKENIZER_ARGS:
        return "tokenizer-arg", f"'{name}' is a tokenizer/decode argument, not a generate() argument: pass it to tokenizer(...) or tokenizer.decode(...)."
    if name in _PIPELINE_ARGS:
        hint = {"stop": "stop_strings=[...] together with tokenizer=tokenizer (transformers >= 4.39)",
                "stop_sequences": "stop_strings=[...] together with tokenizer=tokenizer (transformers >= 4.39)",
                "stop_sequence": "stop_strings=[...] with tokenizer=tokenizer, or eos_token_id",
                "max_tokens": "max_new_tokens", "n": "num_return_sequences", "seed": "transformers.set_seed(...) before generating"}.get(name)
        return "pipeline-arg", (f"'{name}' is an argument of another API (OpenAI-style server, pipeline, vLLM) that generate() does not have"
                                + (f"; use {hint}." if hint else "."))
    close = difflib.get_close_matches(name, _GEN, n=1, cutoff=0.75)
    if close:
        return "typo", f"'{name}' looks like a typo of '{close[0]}'."
    return "model", (f"'{name}' is neither a generation parameter nor an input this model's forward()/prepare_inputs_for_generation accepts: "
                     "a kwarg meant for another model class (e.g. pixel_values / images for a text-only class), or custom code expecting it.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("unused") or "")
    names = re.findall(r"'([^']+)'", raw) or [n.strip() for n in raw.strip("[]").split(",") if n.strip()]
    if not names:
        return None
    kinds = [classify(n) for n in names]
    fix = tuple(dict.fromkeys(a for _, a in kinds))
    summary = {"tokenizer-output": "a tokenizer output", "newer": "newer than the installed transformers",
               "tokenizer-arg": "a tokenizer argument", "pipeline-arg": "another API's argument", "typo": "a typo",
               "model": "not accepted by this model"}
    what = ", ".join(f"{n} ({summary[k]})" for n, (k, _) in zip(names, kinds))
    text = ("generate() checks every keyword it receives against the generation parameters and the model's forward() "
            f"inputs and refuses the rest: {what}.")
    return Explanation(text=text, fix=fix, derived={"what": what})
