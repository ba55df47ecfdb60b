"""Computed diagnosis for pyarrow.libhdfs-load-failed: which library, why dlopen failed, what to set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = facts.get("library")
    if not lib:
        return None
    detail = str(facts.get("detail") or "").strip()
    low = detail.lower()
    sig = facts.get("_signature")
    fix: list[str] = []
    if sig == "prior-attempt":
        text = "An earlier connect in this process already failed to load libhdfs; the real error is the first 'Unable to load' message. Fix the environment and restart the process."
    elif lib == "libjvm":
        text = "pyarrow could not load the JVM library (libjvm) from JAVA_HOME"
        if detail:
            text += f" ({detail})"
        text += "."
        fix.append("export JAVA_HOME=<JDK dir that contains lib/server/libjvm.so> (check: ls $JAVA_HOME/lib/server/libjvm.so).")
    else:
        text = "pyarrow could not load Hadoop's libhdfs"
        if detail:
            text += f" ({detail})"
        text += "."
        fix.append("export ARROW_LIBHDFS_DIR=$HADOOP_HOME/lib/native (the folder holding libhdfs.so) and CLASSPATH=$(hadoop classpath --glob).")
    if "module could not be found" in low or "modul wurde nicht gefunden" in low or "winerror" in low:
        text += " This is a Windows loader message: pyarrow's JNI HDFS client needs a Linux/macOS libhdfs; Windows is not supported."
        fix.append("Run the HDFS access from Linux (WSL, container, edge node) or use WebHDFS (fsspec 'webhdfs://').")
    elif "wrong elf class" in low or "incompatible architecture" in low or "mach-o" in low:
        text += " The library exists but was built for another CPU architecture."
        fix.append("Use a Hadoop build for this architecture (or an x86_64 Linux container).")
    elif "no such file" in low:
        text += " The file is not at that path."
    derived = {"detail_text": f": {detail}" if detail else ""}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
