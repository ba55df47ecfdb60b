"""Computed diagnosis for tvm.check-failed: the failed condition and message split apart, the TVM
area from the source path (runtime, Relay, Relax, TIR, codegen, tuning), and the fix for the known
user-facing checks (input dtype/shape assert, missing loader/target/codegen, storage plan, double libtvm)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_AREAS = (
    ("runtime/memory", "the runtime memory manager"),
    ("runtime/relax_vm", "the Relax virtual machine (running the compiled model)"),
    ("runtime/vm", "the Relay virtual machine (running the compiled model)"),
    ("runtime/graph_executor", "the graph executor (running the compiled model)"),
    ("runtime/", "the TVM runtime (loading / calling compiled modules)"),
    ("relay/frontend", "the Relay model importer"),
    ("relay/", "a Relay graph-level pass or op type relation"),
    ("relax/", "a Relax pass, op or the Relax build"),
    ("tir/", "TIR lowering / a TIR transform"),
    ("arith/", "the arithmetic simplifier"),
    ("target/", "code generation for the target"),
    ("codegen/", "code generation for the target"),
    ("meta_schedule/", "MetaSchedule tuning"),
    ("auto_scheduler/", "the auto-scheduler (Ansor)"),
    ("autotvm", "AutoTVM tuning"),
    ("te/", "the tensor-expression schedule"),
    ("s_tir/", "TIR scheduling"),
    ("ir/", "the IR core (types, modules, transforms)"),
    ("node/", "the object / reflection system"),
)
_IS_FALSE = re.compile(r"^\((?P<cond>.+?)\) is false: ?(?P<msg>.*)")
_EQ_FALSE = re.compile(r"^(?P<cond>.+?) == false: ?(?P<msg>.*)")
_BINARY = re.compile(r"^(?P<cond>.+?) \((?P<a>[^()]{0,80}) vs\. (?P<b>[^()]{0,80})\) ?: ?(?P<msg>.*)")
_COLON = re.compile(r"^(?P<cond>[^:]{1,200}?): (?P<msg>.*)")


def _split(check: str) -> tuple[str, str, tuple[str, str] | None]:
    for rx in (_IS_FALSE, _EQ_FALSE, _BINARY, _COLON):
        m = rx.match(check)
        if m:
            vals = (m.group("a"), m.group("b")) if "a" in m.groupdict() else None
            return m.group("cond").strip(), m.group("msg").strip(), vals
    return check.strip(), "", None


def _area(src: str) -> str | None:
    s = src.replace("\\", "/")
    if "/src/" in s:
        s = s.rsplit("/src/", 1)[1]
    elif "/include/" in s:
        s = "include/" + s.rsplit("/include/", 1)[1]
    for key, name in _AREAS:
        if s.startswith(key) or f"/{key}" in s:
            return name
    return None


def _short(src: str) -> str:
    s = src.replace("\\", "/")
    for cut in ("/src/", "/include/"):
        if cut in s:
            return cut.strip("/") + "/" + s.rsplit(cut, 1)[1]
    return s


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    check = facts.get("check")
    if facts.get("_signature") == "loop-var-narrower":
        return Explanation(
            text=("TVM logged its For-loop dtype check (an int32 loop variable with an int64 bound) while compiling. MLC LLM's "
                  "TVM build prints it during compilation and the compile continues: it is not the failure. "
                  "If the compile stopped, the error after these lines is the one to read."),
            fix=("Ignore these lines when mlc_llm compile finishes and writes the library.",),
            derived={"condition": "e.dtype().bits() <= loop_var.dtype().bits()",
                     "what": "loop-variable dtype check logged during compilation (harmless; the compile continues)"})
    if not check:
        return None
    cond, msg, vals = _split(str(check))
    src = facts.get("source_file") or ""
    line = facts.get("source_line")
    where = f"{_short(src)}:{line}" if src and line else (_short(src) if src else "")
    area = _area(src) if src else None
    derived: dict[str, Any] = {"condition": cond}
    if msg:
        derived["check_message"] = msg
    if area:
        derived["tvm_area"] = area
    parts: list[str] = []
    fix: list[str] = []
    loc = f" in {area} ({where})" if area and where else (f" at {where}" if where else "")
    low = msg.lower()
    m_dtype = re.search(r"arg\.?_?(?P<arg>[\w.]+?)\.dtype is expected to be (?P<dt>\w+)", msg)
    m_ndim = re.search(r"arg\.?_?(?P<arg>[\w.]+?)\.ndim is expected to equal (?P<n>\d+)", msg)
    m_shape = re.search(r"(?:Argument )?arg\.?_?(?P<arg>[\w.]+?)\.shape\[(?P<i>\d+)\] has an unsatisfied constraint: \((?P<c>[^)]*)\)", msg)
    if "assert fail" in low and (m_dtype or m_ndim or m_shape):
        if m_dtype:
            derived["what"] = f"input {m_dtype['arg']} must be {m_dtype['dt']}"
            parts.append(f"The compiled function checked its argument {m_dtype['arg']} and found another dtype: it was built for {m_dtype['dt']}. This is an input mismatch, not a compiler bug.")
            fix.append(f"Pass {m_dtype['arg']} as {m_dtype['dt']} (numpy: x.astype('{m_dtype['dt']}')), or rebuild the module with the dtype you feed it.")
        elif m_ndim:
            derived["what"] = f"{m_ndim['arg']} must have rank {m_ndim['n']} (compiled shape)"
            parts.append(f"The compiled function expected {m_ndim['arg']} to have rank {m_ndim['n']} and got another rank: the array passed (or the output buffer TVM allocated from the shape function) does not match the compiled shapes.")
            fix.append(f"Give {m_ndim['arg']} rank {m_ndim['n']} (reshape / expand_dims), or rebuild with the shapes you run; if the shapes come from TVM itself (an output), it is a shape-function bug - report it.")
        else:
            derived["what"] = f"input {m_shape['arg']} shape[{m_shape['i']}] violates {m_shape['c']}"
            parts.append(f"The compiled function checks the static shape of {m_shape['arg']}: dimension {m_shape['i']} must satisfy {m_shape['c']}, and the input's does not.")
            fix.append(f"Resize / pad {m_shape['arg']} to the compiled shape, or rebuild with that dimension dynamic (relay.Any() / a symbolic Relax shape).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    m_loader = re.search(r"Loader for `(?P<ext>[^`]*)` files is not registered", msg)
    m_target = re.search(r"Target (?P<t>\w+) is not enabled", msg)
    if m_loader:
        ext = m_loader["ext"]
        derived["what"] = f"no loader for `{ext}` files in this TVM runtime"
        parts.append(f"tvm.runtime.load_module / Module::LoadFromFile resolved the file's extension to `{ext}` and this runtime has no loader for it" + (" - an empty extension means the path has no suffix (a directory, a typo or a relative path resolved elsewhere)." if ext in ("", ".") else "."))
        fix.append("Load the exported library by its full path with its real extension (lib.so / lib.dylib / lib.tar), and check the file exists.")
        fix.append("Use a runtime built with the same TVM version and options as the library (and for the same architecture).")
    elif m_target or ("is not enabled" in low):
        t = m_target["t"] if m_target else "the requested target"
        derived["what"] = f"target {t} is not enabled in this TVM build"
        parts.append(f"This libtvm was built without {t} support, so it cannot compile for that target.")
        fix.append(f"Rebuild TVM with {t} enabled (config.cmake: set(USE_{t.upper()} ON) / a path to llvm-config for llvm) or install a build that has it; check with tvm.support.libinfo().")
    elif "no such function in module" in low or "cannot find function" in low:
        fn = msg.rsplit(":", 1)[-1].strip()
        derived["what"] = f"function {fn} missing from the compiled module"
        parts.append(f"The runtime looked up {fn} in the loaded module and it is not there: the external codegen (BYOC: DNNL, TensorRT, CMSIS-NN...) that should have produced it is not compiled into this TVM, or the module was built by another TVM version.")
        fix.append("Build TVM with the codegen the model was partitioned for (USE_DNNL / USE_TENSORRT_CODEGEN / ... ON) for both compile and runtime, or do not partition for it.")
    elif "storage allocation failure" in low:
        m = re.search(r"attempted to allocate (?P<n>\d+) at offset (?P<o>\d+) in region that is (?P<r>\d+) ?bytes", msg)
        derived["what"] = "the planned memory region is too small" + (f" ({m['n']} bytes wanted, region {m['r']} bytes)" if m else "")
        parts.append("TVM's statically planned memory is smaller than this run needs" + (f": {m['n']} bytes at offset {m['o']} in a region of {m['r']} bytes" if m else "") + ". The plan is fixed when the model is compiled (upper bounds of dynamic shapes); an input beyond them, or a library compiled for other shapes, breaks it.")
        if m and m["r"] == "0":
            parts.append("A region of 0 bytes means the pool was never sized for this function: a build / runtime mismatch or a dynamic dimension without an upper bound.")
        fix.append("Recompile with upper bounds that cover the inputs you run (MLC LLM: rebuild the model library with your context_window_size / prefill_chunk_size), or keep inputs within them.")
        fix.append("Use the same TVM commit to compile the model library and run it.")
    elif "is already registered" in low:
        derived["what"] = "two libtvm copies loaded in one process"
        parts.append("A global function was registered twice: two different libtvm libraries were loaded into the same process (a package bundling its own TVM plus another TVM).")
        fix.append("Use a single TVM: import tvm before the package that bundles a runtime, or uninstall one of them.")
    elif "is not presented" in low or ("symbol" in low and "not" in low):
        derived["what"] = msg[:120] or cond
        if "__tvm_main__" in msg:
            parts.append("The runtime asked the module for its default entry function (__tvm_main__: mod.entry_func, time_evaluator(mod.entry_name), calling the module itself) and the module has none: it was built from several functions or lowered without a default entry.")
            fix.append("Call the function by its name: mod['<func name>'] / mod.time_evaluator('<func name>', dev); build with tvm.build(s, args, name='<func name>') and use that name.")
        else:
            parts.append(f"The module lacks the symbol the runtime asked for ({msg}): it was compiled by another TVM version or exported without that function.")
        fix.append("Rebuild and export the module with the TVM version you run it with.")
    else:
        txt = f"{cond}" + (f" ({vals[0]} vs. {vals[1]})" if vals else "")
        derived["what"] = (msg[:100] if msg else txt[:100]) + (f" in {_short(src)}" if src else "")
        parts.append(f"TVM's internal invariant `{txt}` failed{loc}" + (f": {msg}." if msg else "."))
        runtime = bool(src) and "runtime" in src.replace("\\", "/")
        if runtime:
            parts.append("The check is in the runtime: the compiled module was called with arguments, devices or files it does not accept, or it was built by a different TVM.")
            fix.append("Check what you pass to the module (dtype, shape, device) against the build, and run with the same TVM version that compiled it.")
        else:
            parts.append("A compiler invariant broke: the model uses an op or pattern this pass does not handle, or it is a bug in this TVM version.")
            fix.append("Find the pass: rebuild with tvm.transform.PassContext(opt_level=1 or 2), or with disabled_pass=[...] for the pass named in the backtrace; if that builds, keep it off.")
            fix.append("Simplify or replace the op that triggers it, upgrade TVM, and report a minimal script at https://github.com/apache/tvm/issues.")
        if vals:
            derived["compared"] = f"{vals[0]} vs. {vals[1]}"
    if where:
        derived["where"] = where
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
