"""Computed diagnosis for jax.pjrt-plugin-version-mismatch: which pair is skewed and which side to move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "args-size":
        struct, exp, got = facts.get("struct"), facts.get("expected"), facts.get("got")
        if struct is None or exp is None or got is None:
            return None
        direction = str(facts.get("direction") or "")
        side = {"later": "the plugin is newer than jaxlib", "newer": "the plugin is newer than jaxlib",
                "earlier": "the plugin is older than jaxlib", "older": "the plugin is older than jaxlib"}.get(direction, "")
        text = (f"{struct} is {got} bytes on one side and {exp} on the other: jaxlib and its PJRT plugin "
                "(jax-cuda12-plugin / jax-cuda12-pjrt on GPU, libtpu on TPU) were compiled against different PJRT C API versions"
                + (f"; {side}." if side else "."))
        fix = ("pip list | grep -iE '^(jax|jaxlib|jax-cuda1[0-9]|libtpu)'  # find the odd one out",
               "GPU: pip install -U \"jax[cuda12]==<v>\" jaxlib==<v> jax-cuda12-plugin==<v> jax-cuda12-pjrt==<v>",
               "TPU: pip install -U \"jax[tpu]==<v>\" (matching libtpu)")
        return Explanation(text=text, fix=fix, derived={"problem": f"{struct} size {got} vs {exp}"})
    if sig == "plugin-not-compatible":
        plugin, pv, jv = facts.get("struct"), facts.get("plugin_version"), facts.get("jaxlib_version")
        if not (plugin and pv and jv):
            return None
        pkg = str(plugin).replace("_", "-")
        text = f"{plugin} {pv} is installed next to jaxlib {jv}; JAX will fail or skip the GPU backend until both are the same release."
        fix = (f"pip install {pkg}=={jv}" + (f" {pkg.replace('plugin', 'pjrt')}=={jv}" if "plugin" in pkg else ""),
               f"Or upgrade jax and jaxlib to {pv}: pip install -U \"jax[cuda12]=={pv}\"")
        return Explanation(text=text, fix=fix, derived={"problem": f"{plugin} {pv} vs jaxlib {jv}"})
    if sig == "pallas-libtpu-too-old":
        return Explanation(
            text="The installed jax's Pallas TPU lowering refuses this libtpu: its build date is older than the one this jax release requires (no environment override).",
            fix=("pip install -U \"jax[tpu]\"  # upgrades libtpu to the build matching jax",
                 "Or install the older jax whose required libtpu date your image's libtpu satisfies."),
            derived={"problem": "libtpu older than Pallas TPU allows"},
        )
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError):
        return None
