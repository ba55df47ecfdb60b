"""Computed diagnosis for env.static-tls-exhausted: name the library and the preload line for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("library") or "").strip()
    if facts.get("_signature") == "dlopen-no-more-static-tls" and not path:
        return Explanation(
            text=("glibc refused one more late-loaded library with static TLS: older glibc (before 2.23) caps how many such "
                  "modules dlopen may add after startup. The module imported at this point is the one that did not fit."),
            fix=("Import the failing module first in the script (or LD_PRELOAD its .so), or use a distribution with glibc 2.23+.",),
            derived={"library_name": "a late-loaded library"},
        )
    if not path:
        return None
    name = path.rsplit("/", 1)[-1]
    fix = [f"export LD_PRELOAD={path}  # load it at process start, before anything uses the static TLS surplus"]
    low = name.lower()
    if "gomp" in low or "iomp" in low or "omp" in low:
        kind = "the OpenMP runtime"
        if "-" in name.split(".so", 1)[0]:
            fix.append("This is a wheel-vendored copy (e.g. scikit-learn's): import that package first, before torch/tensorflow/pyarrow/opencv.")
        elif "/envs/" in path or "/conda" in path or "/mamba" in path or "/bin/../lib/" in path:
            fix.append("It comes from the conda environment: recreate the environment so one OpenMP runtime is used, or preload it as above.")
        else:
            fix.append("Import the package that needs OpenMP (sklearn, cv2, torch_npu) first in the entry script.")
    elif "tcmalloc" in low or "jemalloc" in low:
        kind = "a memory allocator"
        fix.append("Or drop the allocator from LD_LIBRARY_PATH/LD_PRELOAD chains; extensions should link jemalloc built with --disable-initial-exec-tls.")
    else:
        kind = "a library"
    fix.append("glibc 2.32+: export GLIBC_TUNABLES=glibc.rtld.optional_static_tls=2048 to enlarge the surplus.")
    text = (f"{name} ({kind}) uses initial-exec thread-local storage and was dlopen'ed after other libraries had used up "
            "the static TLS surplus glibc reserves at startup. Free memory is irrelevant; the load order decides.")
    if "aarch64" in path:
        text += " On aarch64 the surplus is especially small, which is why this shows up on Jetson/ARM hosts."
    return Explanation(text=text, fix=tuple(fix), derived={"library_name": name})
