"""Computed diagnosis for torch7.luajit-not-enough-memory: which variant, and where it ran out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "cannot-create-state":
        text = ("LuaJIT could not allocate even its initial state: a non-GC64 LuaJIT cannot map its heap in the low "
                "address range (typical of LuaJIT 2.0 on macOS 10.15+ or Apple Silicon).")
        fix = ("Rebuild Torch with Lua 5.2 (TORCH_LUA_VERSION=LUA52 ./install.sh) or a GC64 LuaJIT 2.1.",)
        return Explanation(text=text, fix=fix, derived={"where": " at startup", "diagnosis": "no LuaJIT state"})
    thread = facts.get("thread")
    where = f" in torch thread {thread}" if thread is not None else ""
    text = ("The Lua heap hit LuaJIT's limit (objects must fit in the low ~2 GB of address space without GC64)"
            f"{where}. Free RAM does not help: large Lua tables or strings are the problem, not tensors.")
    fix = ["Rebuild Torch with Lua 5.2: cd ~/torch && ./clean.sh && TORCH_LUA_VERSION=LUA52 ./install.sh",
           "Or keep the data in torch tensors / tds containers instead of Lua tables."]
    if thread is not None:
        fix.append("Each torch thread has its own Lua state: load the large table once in the main thread or reduce nThreads.")
    return Explanation(text=text, fix=tuple(fix), derived={"where": where, "diagnosis": "LuaJIT heap exhausted"})
