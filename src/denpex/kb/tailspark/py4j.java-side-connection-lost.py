"""Computed diagnosis for py4j.java-side-connection-lost: the gateway address and where to look for the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    addr = facts.get("address")
    sig = facts.get("_signature")
    if not addr and not sig:
        return None
    where = f" at {addr}" if addr else ""
    local = bool(addr) and (str(addr).startswith("127.") or str(addr).startswith("localhost"))
    text = f"The Python side lost its Py4J gateway JVM{where}"
    text += " (a local JVM, so it exited rather than a network failing)." if local or not addr else "."
    text += " Find why the JVM ended: java.lang.OutOfMemoryError or 'Killed' earlier in the log, the driver log, or an hs_err_pid file."
    fix = (
        "Restart the kernel/session with more driver heap: SparkSession.builder.config('spark.driver.memory', '8g') (a running JVM cannot be resized).",
        "Avoid pulling large results to the driver (aggregate/limit before collect()/toPandas(), or write to storage).",
    )
    return Explanation(text=text, fix=fix, derived={"address_text": where})
