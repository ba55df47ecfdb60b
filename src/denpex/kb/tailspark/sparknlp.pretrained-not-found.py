"""Computed diagnosis for sparknlp.pretrained-not-found: which part of the ResourceRequest to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    if not name:
        if facts.get("_signature") == "check-name":
            return Explanation(text="Spark NLP found no resource under that name: check the exact model/pipeline name on the Models Hub.", fix=(), derived={})
        return None
    lang = facts.get("lang") or "None"
    folder = str(facts.get("folder") or "")
    nlp = str(facts.get("nlp_version") or "?")
    spark = str(facts.get("spark_version") or "?")
    parts = [f"Spark NLP {nlp} on Spark {spark} asked the Models Hub for '{name}' (lang {lang}, folder {folder}) and got no compatible resource."]
    fix = [f"Check the exact name and language of '{name}' on https://sparknlp.org/models and its 'Spark NLP version' / compatibility."]
    if lang == "None":
        fix.append(f"Pass the language explicitly, e.g. PretrainedPipeline('{name}', lang='en').")
    if folder and not folder.startswith("public"):
        parts.append(f"The folder '{folder}' is not the public one: this is a licensed model and needs the licensed library and credentials.")
    if spark.startswith("2."):
        parts.append("Spark 2.x builds receive only models published for Spark 2; most newer models target Spark 3.")
    major = nlp.split(".")[0]
    if major.isdigit():
        fix.append(f"If the card needs a newer release than {nlp}: pip install -U spark-nlp and use the matching spark-nlp jar (sparknlp.start() loads it), or download the model zip and load it with .load(path).")
    fix.append("If the name and versions are right, the download itself failed: check internet/proxy access to the Models Hub S3 bucket and the cache_folder settings.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={})
