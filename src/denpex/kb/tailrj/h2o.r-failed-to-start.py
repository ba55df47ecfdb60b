"""Computed diagnosis for h2o.r-failed-to-start: Java version, launch error and the log to read."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _java_major(v: str) -> int | None:
    m = re.match(r"1\.(\d+)", v) or re.match(r"(\d+)", v)
    return int(m.group(1)) if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    java = str(facts.get("java_version") or "").strip()
    cause = str(facts.get("cause") or "").strip()
    err = str(facts.get("err_log") or "").strip()
    parts: list[str] = []
    fixes: list[str] = []
    diagnosis = "jvm-did-not-answer"
    major = _java_major(java) if java else None
    hint = f" (Java {java})" if java else ""
    if cause.startswith("ERROR: Unknown argument"):
        diagnosis = "path-with-space"
        parts.append("The JVM rejected its command line ('Unknown argument'): a user name or temp path with a space was split in two.")
        fixes.append("Set TEMP/TMPDIR (Sys.setenv(TMPDIR = 'C:/h2otmp')) or h2o.init(log_dir = ...) to a path without spaces, then restart R.")
    elif cause == "Address already in use":
        diagnosis = "port-in-use"
        parts.append("The port is held by another process (often an H2O JVM from an earlier session).")
        fixes.append("h2o.init(port = 54323) or stop the old JVM (h2o.shutdown(prompt = FALSE) from the session that started it).")
    elif cause == "Could not reserve enough space":
        diagnosis = "heap-too-large"
        parts.append("The JVM could not reserve the requested heap.")
        fixes.append("Pass a smaller max_mem_size (e.g. h2o.init(max_mem_size = '4G')) or use a 64-bit Java.")
    elif cause.startswith("UnsupportedClassVersionError") or cause.startswith("Only Java"):
        diagnosis = "java-unsupported"
        parts.append(f"The Java version{hint} is not supported by this H2O release.")
        fixes.append("Install a JDK in the range this H2O supports (Java 8-17 for most 3.x releases) and set JAVA_HOME before library(h2o).")
    if major is not None and diagnosis == "jvm-did-not-answer":
        if major > 17:
            parts.append(f"Java {major} is newer than many H2O 3.x releases support; check the release's supported range.")
            fixes.append("Try a JDK 11 or 17 (set JAVA_HOME) or upgrade the h2o R package.")
        elif major < 8:
            parts.append(f"Java {major} is too old for H2O 3.x.")
            fixes.append("Install JDK 11 or 17 and set JAVA_HOME.")
        else:
            parts.append(f"Java {major} is in the usual supported range; the JVM still did not answer.")
    if not parts:
        parts.append("The H2O JVM did not answer on its REST port.")
    if err:
        fixes.insert(0, f"Read the JVM's error log: {err} (and the matching .out file).")
    else:
        fixes.insert(0, "Read the *_started_from_r.err file printed under 'In case of errors look at the following log files:'.")
    return Explanation(text=" ".join(parts), fix=tuple(fixes), derived={"diagnosis": diagnosis, "java_hint": hint})
