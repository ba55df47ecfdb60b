"""Computed diagnosis for elasticsearch.knn-field-not-dense-vector: which wrapper and which field to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DEFAULT_FIELD = {
    "langchain_elasticsearch": ("LangChain ElasticsearchStore", "vector"),
    "langchain_community": ("LangChain ElasticsearchStore", "vector"),
    "langchain/vectorstores": ("LangChain ElasticVectorSearch", "vector"),
    "llama_index": ("LlamaIndex ElasticsearchStore", "embedding"),
    "@elastic/transport": ("the JavaScript client (langchainjs ElasticVectorSearch)", "embedding"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    field = str(facts.get("field") or "")
    client = str(facts.get("client") or "")
    if sig == "knn-field-not-indexed" and field:
        text = (f"The field [{field}] is a dense_vector mapped with index: false, so it has no kNN graph; "
                "this is the 7.x default or an explicit setting, and it cannot be switched on in place.")
        fix = (f"Create a new index whose mapping has \"{field}\": {{\"type\": \"dense_vector\", \"dims\": N, \"index\": true, "
               "\"similarity\": \"cosine\"}, then POST _reindex from the old index and switch the alias.",)
        return Explanation(text=text, fix=fix,
                           derived={"field_desc": f"field [{field}] (dense_vector with index: false)",
                                    "diagnosis": "dense_vector not indexed for kNN"})
    wrapper, default = _DEFAULT_FIELD.get(client, ("", ""))
    if wrapper:
        text = (f"The search came through {wrapper}, which queries the field '{default}' by default. In this index that "
                "field is not a dense_vector: the index was created (or first written) without the vector mapping, so "
                "dynamic mapping typed the vectors as float, or the vectors live under another field name.")
        fix = (f"curl \"$ES_URL/<index>/_mapping\" and look at '{default}': if it is float/object, delete the index and re-ingest "
               f"through {wrapper} so it creates the dense_vector mapping, or pass the real vector field name.",)
    else:
        text = ("The kNN field in this index is not mapped as dense_vector (dynamic float mapping from writes that came "
                "before the vector mapping, or the query names the wrong field).")
        fix = ("Check GET <index>/_mapping for the queried field; recreate the index with a dense_vector mapping and re-ingest.",)
    return Explanation(text=text, fix=fix,
                       derived={"field_desc": f"the '{default}' field" if default else "the queried field",
                                "diagnosis": "kNN field not mapped as dense_vector"})
