"""Computed diagnosis for compile.recompile-limit: which guard keeps failing and the matching fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _classify(reason: str) -> tuple[str, str, str]:
    """(kind, what it means, fix) for the last guard failure."""
    m = re.search(r"tensor '([^']+)' size mismatch at index (\d+)\. expected (\d+), actual (\d+)", reason)
    if m:
        name, idx, exp, act = m.groups()
        param = "Guard failed on a parameter" in reason
        fix = (f"Mark the dimension dynamic: torch._dynamo.mark_dynamic({_pyname(name)}, {idx}) before the call, or torch.compile(..., dynamic=True); "
               f"or pad dimension {idx} to a few bucket sizes.")
        if param:
            fix = "Parameters are static by default: set torch._dynamo.config.force_parameter_static_shapes = False (or compile per parameter shape group)."
        return ("shape", f"dimension {idx} of {name} keeps changing ({exp} -> {act})" + (" on a parameter" if param else ""), fix)
    m = re.search(r"tensor '([^']+)' stride mismatch", reason)
    if m:
        return ("stride", f"the strides of {m.group(1)} change (contiguous vs. non-contiguous or channels_last inputs)",
                "Make the input layout consistent (x.contiguous() or a fixed memory_format) before the compiled call.")
    m = re.search(r"tensor '([^']+)' (requires_grad|dtype|device) mismatch", reason)
    if m:
        return (m.group(2), f"the {m.group(2)} of {m.group(1)} alternates between calls",
                "Keep it consistent for each compiled callable (e.g. separate compiled functions for train and eval, or for no_grad and grad paths).")
    if "___check_obj_id" in reason or "___check_type_id" in reason or "ID_MATCH" in reason or "TYPE_MATCH" in reason:
        src = re.search(r"#\s*(.+)$", reason)
        return ("object", "a different Python object (module, closure, config, bound method) reaches the compiled code on each call" + (f" at `{src.group(1).strip()}`" if src else ""),
                "Compile once and reuse the same compiled module/function; do not call torch.compile inside the loop or create new modules/closures per call.")
    if "___check_global_state" in reason or "GLOBAL_STATE" in reason:
        return ("global", "global state (grad mode, autocast, default device/dtype, deterministic flags) differs between calls",
                "Call the compiled function under the same global modes every time, or compile separate callables per mode.")
    m = re.search(r"(L\[[^\]]+\](?:\[[^\]]+\])*|[A-Za-z_][\w.\[\]']*) == ([-\d.]+|'[^']*'|True|False|None)", reason)
    if m:
        return ("constant", f"the Python value {m.group(1)} is specialised as a constant ({m.group(2)}) and changes between calls",
                "Pass it as a tensor (torch.tensor(value)) or keep it out of the compiled function; for ints, dynamic=True lets Dynamo treat them symbolically.")
    return ("other", f"the guard `{reason[:160]}` keeps failing", "Rerun with TORCH_LOGS=recompiles_verbose to see every failing guard and remove the source of variation.")


def _pyname(name: str) -> str:
    m = re.match(r"L\['([^']+)'\](.*)", name)
    return (m.group(1) + m.group(2)) if m else name


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    limit, value = facts.get("limit"), facts.get("limit_value")
    fn, loc, reason = facts.get("function"), facts.get("location"), str(facts.get("reason") or "").strip()
    hard = facts.get("cause") or facts.get("cause_flag") or facts.get("cause_hard")
    derived: dict[str, Any] = {"where": f" in {fn}" if fn else ""}
    parts: list[str] = []
    fix: list[str] = []
    lim = f"{limit} ({value})" if limit and value else (limit or "the recompile limit")
    if hard or (limit and value is None):
        parts.append(f"Dynamo reached {lim}" + (f" for {fn} ({loc})" if fn else "") + f" and, because of {hard or 'fullgraph=True'}, raised instead of falling back to eager.")
    else:
        parts.append(f"Dynamo recompiled {fn or 'a function'}" + (f" ({loc})" if loc else "") + f" until it reached {lim}; from now on that function runs eagerly (no error, no speedup).")
    if reason:
        kind, what, how = _classify(reason)
        derived["guard"] = kind
        parts.append(f"Last guard failure: {what}.")
        fix.append(how)
    else:
        fix.append("Rerun with TORCH_LOGS=recompiles to see the guard failure that causes each recompilation.")
    new_name = (limit or "").startswith(("recompile", "accumulated_recompile")) or bool(facts.get("cause_hard"))
    name = "recompile_limit" if new_name else "cache_size_limit (recompile_limit from PyTorch 2.6)"
    fix.append(f"Only if the number of variants is bounded: raise torch._dynamo.config.{name} ({f'now {value}' if value else 'default 8'}) to cover them.")
    if hard:
        fix.append("Or drop fullgraph=True / fail_on_recompile_limit_hit to allow the eager fallback while you fix the guard.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
