"""Computed diagnosis for pyspark.java-gateway-exited: name the launcher error printed before it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CAUSES = {
    "JAVA_HOME is not set": ("JAVA_HOME is not set, so spark-class found no java.",
                             "Install a JDK supported by your Spark and export JAVA_HOME=/usr/lib/jvm/<jdk> before starting Python."),
    "java: command not found": ("No java binary on PATH.", "Install a JDK (openjdk 17) and set JAVA_HOME / PATH."),
    "java: not found": ("No java binary on PATH.", "Install a JDK (openjdk 17) and set JAVA_HOME / PATH."),
    "UnsupportedClassVersionError": ("The Java in use is older than the one the Spark jars were built for.",
                                     "Point JAVA_HOME to a newer JDK (17 for Spark 3.5/4.x) or install a pyspark version built for your Java."),
    "getSubject is supported only if a security manager is allowed": (
        "The JDK is newer (Java 23+) than this Spark/Hadoop supports.",
        "Use Java 17 or 21 (JAVA_HOME) or upgrade pyspark."),
    "Could not reserve enough space for object heap": ("spark.driver.memory asks for more heap than the machine/container allows.",
                                                       "Lower spark.driver.memory / PYSPARK_SUBMIT_ARGS --driver-memory."),
    "Could not find or load main class": ("The Spark jars/launcher are broken or SPARK_HOME points to a different install.",
                                          "Unset SPARK_HOME (for pip pyspark) or fix it to a complete Spark distribution."),
    "Unrecognized VM option": ("An option in JAVA_TOOL_OPTIONS/spark.driver.extraJavaOptions is not valid for this Java.",
                               "Remove the option or use the Java version it belongs to."),
    "No such file or directory": ("A path in SPARK_HOME/JAVA_HOME does not exist.", "Fix SPARK_HOME and JAVA_HOME to existing directories."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cause = str(facts.get("cause") or "")
    if not cause:
        return Explanation(
            text="The JVM started by pyspark exited before it opened the Py4J gateway; its own error is in the stderr lines above the traceback.",
            fix=("Run \"$SPARK_HOME/bin/spark-submit --version\" in the same environment to see it; check java -version and JAVA_HOME.",),
            derived={"cause_note": ""},
        )
    why, fix = _CAUSES.get(cause, (f"The launcher printed: {cause}.", "Fix the Java/Spark setup named there."))
    return Explanation(text=f"The gateway JVM never started: {why}", fix=(fix,), derived={"cause_note": f" ({cause})"})
