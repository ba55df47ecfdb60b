"""Computed diagnosis for jvm.java-heap-space: which JVM (driver or executor) ran out of heap."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DRIVER = ("dispatcher-event-loop", "task-result-getter", "main", "driver", "spark-listener", "broadcast-exchange")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "Java heap space")
    thread = str(facts.get("thread") or "")
    gc = "GC overhead" in kind
    what = "spent almost all time in GC with a nearly full heap" if gc else "could not allocate in a full heap"
    if thread.startswith("Executor task launch worker"):
        where = " in a Spark executor"
        text = f"A Spark executor JVM {what} (thread '{thread}'): a task's partition, join or cache is too big for the executor heap."
        fix = ("Raise --conf spark.executor.memory (e.g. double it) and split the data into more partitions "
               "(df.repartition(n) / spark.sql.shuffle.partitions).",)
    elif thread and any(thread.startswith(p) or thread == p for p in _DRIVER):
        where = " in the Spark driver"
        text = (f"The driver JVM {what} (thread '{thread}'): results, broadcasts or task closures held in the driver "
                "(or every task, in local mode) exceed its heap.")
        fix = ("Start the driver with more heap: spark-submit --driver-memory 8g, or os.environ['PYSPARK_SUBMIT_ARGS'] = "
               "'--driver-memory 8g pyspark-shell' before the first SparkSession (builder.config after start is ignored);",
               "avoid collect()/toPandas() of large data.")
    else:
        where = ""
        text = (f"A JVM {what}" + (f" (thread '{thread}')" if thread else "") +
                ". Find which JVM (driver vs executor) from the surrounding lines and give that one more heap.")
        fix = ("Driver: --driver-memory at launch; executor: spark.executor.memory plus more partitions; other JVM tools: raise -Xmx.",)
    return Explanation(text=text, fix=fix, derived={"where": where})
