"""Computed diagnosis for text2sql.llm-prose-in-generated-sql: which kind of non-SQL text led the reply."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LABELS = ("Question", "SQLQuery", "SQLResult", "Answer", "Query")
_FENCE = ("sql", "SQL", "```")
_PREAMBLE = ("Sure", "Here", "Certainly", "Based")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("token") or "").strip()
    token = raw.rstrip(":!,.").replace("'s", "")
    quoted = f'"{raw}"' if raw else "the first word of the reply"
    fix: list[str] = []
    if token.startswith(_LABELS):
        diagnosis = "the model repeated the prompt's Question:/SQLQuery: labels"
        text = (f"The statement begins with {quoted}, a label of the text-to-SQL prompt: the model restated the "
                "question and the labels instead of continuing with the SQL only.")
        fix.append("Cut the completion to the text after 'SQLQuery:' and before 'SQLResult:' (custom response parser), and add 'SQLResult:' as a stop sequence.")
    elif token.startswith(_FENCE):
        diagnosis = "the model wrapped the SQL in a markdown ```sql fence"
        text = (f"The statement begins with {quoted}: the reply was a markdown code block, and the fence (or its "
                "'sql' language tag left after the backticks were removed) reached the database.")
        fix.append("Strip ```sql ... ``` fences (language tag included) from the completion before executing it.")
    elif token.startswith(_PREAMBLE):
        diagnosis = "the model put a chat preamble before the SQL"
        text = (f"The statement begins with {quoted}: a chat-style sentence ('Sure! Here is the query ...') came "
                "before the SQL, and the database failed on it.")
        fix.append("Keep only the SQL statement from the reply (first SELECT/WITH ... up to ';'), or use a model/prompt that returns SQL only, temperature 0.")
    else:
        diagnosis = "the LLM reply was not pure SQL"
        text = f"The database failed on {quoted}, which is text from the LLM reply, not SQL."
        fix.append("Print the raw completion (verbose=True) and extract the SQL before executing it.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "token_quoted": quoted})
