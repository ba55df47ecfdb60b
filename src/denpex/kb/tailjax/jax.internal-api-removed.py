"""Computed diagnosis for jax.internal-api-removed: which JAX name is missing, which way to move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (module, name or "") -> (JAX release that no longer has it, public replacement, library fix)
_REMOVED: dict[tuple[str, str], tuple[str, str, str]] = {
    ("jax.experimental.maps", ""): ("0.4.31", "jax.sharding.Mesh (and jax.set_mesh / with mesh:)",
                                    "upgrade haliax/levanter/the repository, or pin jax<0.4.31"),
    ("jax.experimental", "maps"): ("0.4.31", "jax.sharding.Mesh", "upgrade the library, or pin jax<0.4.31"),
    ("jax.linear_util", ""): ("0.4.24", "jax.extend.linear_util", "upgrade the library, or pin jax<0.4.24"),
    ("jax.interpreters", "masking"): ("0.3.16", "nothing (shape polymorphism lives in jax.export)",
                                      "upgrade flaxformer/aqt/vit_jax, or pin jax<0.3.16"),
    ("jax.interpreters.masking", ""): ("0.3.16", "nothing (shape polymorphism lives in jax.export)",
                                       "upgrade the library, or pin jax<0.3.16"),
    ("jax.ops", "index_update"): ("0.3.2", "x.at[idx].set(v)", "edit the call, or pin jax<0.3.2"),
    ("jax.ops", "index_add"): ("0.3.2", "x.at[idx].add(v)", "edit the call, or pin jax<0.3.2"),
    ("jax.ops", "index_mul"): ("0.3.2", "x.at[idx].multiply(v)", "edit the call, or pin jax<0.3.2"),
    ("jax.ops", "index_min"): ("0.3.2", "x.at[idx].min(v)", "edit the call, or pin jax<0.3.2"),
    ("jax.ops", "index_max"): ("0.3.2", "x.at[idx].max(v)", "edit the call, or pin jax<0.3.2"),
    ("jax.ops", "index"): ("0.3.2", "plain indexing with x.at[...]", "edit the call, or pin jax<0.3.2"),
    ("jax.config", "config"): ("0.4.25", "from jax import config", "edit the import, or upgrade the library"),
    ("Config", "define_bool_state"): ("0.4.25", "jax.config.update / flax's own flags",
                                      "upgrade flax to >= 0.8 (or pin jax<0.4.25)"),
    ("Config", "jax_experimental_name_stack"): ("0.3.25", "nothing (name stacks are always on)",
                                                "upgrade dm-haiku to >= 0.0.9"),
    ("jax.numpy", "DeviceArray"): ("0.4.14", "jax.Array", "upgrade flax/the repository, or edit isinstance checks to jax.Array"),
    ("jax", "tree_map"): ("0.6.0", "jax.tree.map (or jax.tree_util.tree_map)", "upgrade the library, or pin jax<0.6"),
    ("jax", "tree_multimap"): ("0.3.16", "jax.tree.map", "upgrade the library"),
    ("jax.extend.core.primitives", "xla_pmap_p"): ("0.10.0", "nothing public (pmap is implemented with jit/shard_map)",
                                                   "upgrade numpyro, or pin jax<0.10"),
    ("jax", "unzip2"): ("0.1.6x", "jax.util.unzip2 (internal)", "upgrade jaxnet/the library"),
}
_TRACE_ATTRS = {"level", "main", "sublevel", "_trace"}
_NEWER = {("jax.core", "eval_context"): "a flax release newer than the installed JAX (flax 0.2.2 on an old jax)",
          ("jax.api_util", "debug_info"): "flax >= 0.10.4 on jax 0.5.0 (needs jax >= 0.5.1)",
          ("jax", "tree"): "the jax.tree namespace (jax.tree.map ...) exists only from JAX 0.4.25; brax and other current libraries use it"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or facts.get("type") or "")
    name = str(facts.get("name") or "")
    if not module and not name:
        return None
    caller = str(facts.get("caller") or "")
    who = f"the library '{caller}'" if caller and caller not in {"jax", "jaxlib"} else "the code"
    shown = f"{module}.{name}" if name else module
    derived: dict[str, Any] = {"name_sep": "." if name else ""}
    key = (module, name)
    if key not in _REMOVED and (module, "") in _REMOVED:
        key = (module, "")
    if module.startswith("jaxlib") or module == "jaxlib":
        diagnosis = "jax and jaxlib are from different releases"
        text = (f"jax imports '{name or module}' from jaxlib and the installed jaxlib does not have it: jax and jaxlib come "
                "from different releases (jax looks for a module that this jaxlib renamed, dropped or has not added yet).")
        fix = ("Install a matching pair: pip install -U jax jaxlib (or pip install -U 'jax[cuda12]' / 'jax[tpu]'), then check python -c 'import jax, jaxlib; print(jax.__version__, jaxlib.__version__)'.",)
    elif facts.get("type") in {"EvalTrace", "MainTrace", "JVPTrace", "BatchTrace", "DynamicJaxprTrace", "JaxprTrace"} and name in _TRACE_ATTRS:
        diagnosis = "library predates JAX 0.4.36 stackless tracing"
        derived["removed_in"] = "0.4.36"
        text = (f"{who.capitalize()} reads {facts.get('type')}.{name}, the trace level JAX used before 0.4.36. JAX 0.4.36 made "
                "tracing stackless and dropped trace levels, so a flax (< 0.10.2), haiku or other library release from before "
                "that change fails on the first init/apply/jit.")
        fix = ("Upgrade the library in the traceback (pip install -U flax for flax/core/tracers.py) to a release made for your JAX.",
               "Or pin JAX below 0.4.36: pip install 'jax<0.4.36' 'jaxlib<0.4.36'.")
    elif key in _REMOVED:
        removed_in, replacement, lib_fix = _REMOVED[key]
        diagnosis = f"{shown} is gone since JAX {removed_in}"
        derived.update(removed_in=removed_in, replacement=replacement)
        text = (f"{who.capitalize()} uses {shown}, which JAX no longer has since release {removed_in} (public replacement: "
                f"{replacement}). The installed JAX is newer than the one {who} was written for.")
        fix = (f"{lib_fix[0].upper()}{lib_fix[1:]}.",
               f"In your own code: use {replacement}.",
               f"Check versions: python -c \"import jax; print(jax.__version__)\" (needs < {removed_in} for the old code).")
    elif key in _NEWER:
        diagnosis = "library newer than the installed JAX"
        text = (f"{shown} is a newer JAX API: {_NEWER[key]}. The installed JAX is older than the library expects.")
        fix = ("Upgrade JAX to the version the library requires: pip install -U jax jaxlib (see the library's setup/pyproject pin).",
               "Or install the library release that matches your JAX.")
    else:
        diagnosis = "library and JAX versions do not match"
        text = (f"{who.capitalize()} needs {shown}, which the installed JAX does not provide: either JAX removed it (library "
                "older than JAX - the usual case for jax.interpreters / jax.experimental / jax._src names) or it was added "
                "after the installed release (library newer than JAX).")
        fix = ("Compare versions: python -c \"import jax; print(jax.__version__)\" and pip show <library>; upgrade the library first, "
               "and pin jax to the release the library's setup.py/pyproject names if that does not help.",)
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
