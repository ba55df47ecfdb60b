"""Computed diagnosis for pycocoevalcap.java-scorer-failed: Java missing vs the JVM died."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NAMES = {"meteor": "METEOR (meteor-1.5.jar)", "spice": "SPICE (spice-1.0.jar)", "ptbtokenizer": "PTBTokenizer (Stanford CoreNLP)"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    scorer = str(facts.get("scorer") or "").lower()
    name = _NAMES.get(scorer, "a Java-based scorer")
    if sig in ("java-not-found", "py2-oserror"):
        return Explanation(
            text=f"{name} could not start because there is no java executable on PATH in this environment.",
            fix=("apt-get install -y default-jre  (or: conda install -c conda-forge openjdk)", "java -version"),
            derived={"scorer": f"{name}: java not found"},
        )
    if sig == "meteor-empty-score":
        return Explanation(
            text=("The METEOR Java process returned an empty line: it started but died (heap -Xmx2G unavailable, "
                  "incompatible Java, missing jar/paraphrase data). Its own error is on the process's stderr."),
            fix=("cd <pycocoevalcap>/meteor && echo 'SCORE ||| a cat ||| a cat' | java -jar -Xmx2G meteor-1.5.jar - - -stdio -l en -norm",
                 "Install Java 8 if the jar fails on a newer JVM; reduce -Xmx in meteor.py when memory is short."),
            derived={"scorer": "METEOR: Java process returned no score"},
        )
    return None
