"""Computed diagnosis for trl.sft-dataset-config: which TRL generation printed the message (the wording tells),
what the dataset lacks, and the SFTConfig / dataset change that fixes it for that generation."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TEXTY = ("text", "content", "prompt", "completion", "messages", "conversations", "instruction", "output", "input", "response", "chosen")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    if "api" in g:
        new = "SFTConfig" in g["api"]
        era = "TRL 0.9 - 0.11 (arguments live on SFTConfig)" if new else "TRL <= 0.8 (arguments passed to SFTTrainer)"
        where = "SFTConfig(dataset_text_field=\"<column>\", ...)" if new else "SFTTrainer(..., dataset_text_field=\"<column>\")"
        return Explanation(
            text=(f"This is {era}. With packing=False it tokenizes one text column per example and needs to know which: "
                  "no dataset_text_field was given, no formatting_func, and the dataset was not recognised as a chat ('messages') "
                  "or instruction format it can format by itself."),
            fix=(f"Name the text column: {where}, or pass formatting_func=<fn returning the training strings>.",
                 "Or upgrade TRL (>= 0.12 defaults dataset_text_field to 'text' and formats 'messages' / 'prompt'+'completion' datasets itself); "
                 "then pass the tokenizer as processing_class= (the tokenizer= keyword was removed).",
                 "If the dataset is already tokenized (input_ids), set dataset_kwargs={'skip_prepare_dataset': True}."),
            derived={"what": f"no dataset_text_field or formatting_func ({era.split(' (')[0]})"},
        )
    if "text_field" in g:
        f = g["text_field"]
        return Explanation(
            text=(f"SFTTrainer reads each example's '{f}' column (dataset_text_field, default 'text' since TRL 0.12) and this dataset has no such column."),
            fix=(f"Set dataset_text_field in SFTConfig to the column that holds the full training text, or rename it: dataset = dataset.rename_column('<col>', '{f}').",
                 "For chat data use a 'messages' column (list of {role, content}); for instruction data a 'prompt' and 'completion' column; TRL >= 0.12 formats both itself.",
                 "Or build the text with a formatting_func (print(dataset.column_names) shows what the dataset really has; a script's default dataset may have changed, e.g. *_tokenized variants)."),
            derived={"what": f"dataset has no '{f}' column"},
        )
    if "keys" in g:
        keys = re.findall(r"'([^']+)'", g["keys"])
        have = ", ".join(keys) if keys else g["keys"]
        guess = [k for k in keys if k.lower() in _TEXTY]
        fix = ["Rename the columns so each example has 'messages' (chat) or 'text' (plain), or 'prompt' and 'completion'."]
        if guess:
            fix.append(f"Candidates in this dataset: {', '.join(guess)} (e.g. dataset.rename_column('{guess[0]}', 'messages' or 'text')).")
        return Explanation(
            text=f"The collator got examples with the keys [{have}] and recognises none of the formats it supports.",
            fix=tuple(fix),
            derived={"what": f"examples have keys [{have}]"},
        )
    if g.get("kind") == "list":
        return Explanation(
            text=("TRL maps the dataset in batches and calls formatting_func with a batch (a dict of lists); the function returned a single "
                  "string, so only one text would be produced for the whole batch."),
            fix=("Make formatting_func loop over the batch and return a list of strings: return [fmt(q, a) for q, a in zip(batch['question'], batch['answer'])].",
                 "Note: TRL >= 0.12 calls formatting_func per example (returning one string) - check which TRL the tutorial was written for."),
            derived={"what": "formatting_func returned a string, not a list"},
        )
    if g.get("kind") == "constant":
        return Explanation(
            text="packing=True builds fixed-length sequences from a text stream and needs dataset_text_field or formatting_func to get that text.",
            fix=("Pass dataset_text_field='<column>' or formatting_func=..., or set packing=False for a pre-tokenized dataset with dataset_kwargs={'skip_prepare_dataset': True}.",),
            derived={"what": "packing without a text field"},
        )
    return None
