"""Computed diagnosis for llamacpp.grammar-parse-failed: what kind of grammar text the parser refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "")
    if "at {" in detail or detail.rstrip().endswith("{"):
        diagnosis = "a JSON schema was given where GBNF is expected"
        text = ("The parser stopped at '{': the grammar text is JSON (a JSON schema), not GBNF. "
                "llama.cpp converts schemas itself when they are passed as a schema.")
        fix = ("Pass the schema with --json-schema / response_format json_schema / LlamaGrammar.from_json_schema, "
               "or convert it with examples/json_schema_to_grammar.py.",)
    elif "at _" in detail or "at ." in detail:
        diagnosis = "a rule name uses '_' or '.', which GBNF does not allow"
        text = ("The parser stopped at an underscore or dot inside a rule name: GBNF rule names may only use "
                "letters, digits and '-'. Grammars written for xgrammar/Lark often use underscores.")
        fix = ("Rename the rules (line_char -> line-char) and update every reference.",)
    elif "'root' symbol" in detail:
        diagnosis = "no rule named root"
        text = "The grammar has no 'root' rule; llama.cpp always starts from root."
        fix = ("Add root ::= <start rule> (or rename the start rule to root).",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
