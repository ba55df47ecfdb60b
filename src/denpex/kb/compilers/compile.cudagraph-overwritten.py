"""Computed diagnosis for compile.cudagraph-overwritten: which output was read too late, and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SKIP_HINTS = (
    ("mutated inputs", "the graph mutates one of its inputs in place (e.g. a cache or buffer update); keep it, or pass the buffer as a static input (torch._dynamo.mark_static_address) so it can be captured"),
    ("cpu device", "a CPU tensor is involved; move the tensor to the GPU or keep that code outside the compiled region"),
    ("dynamic shape", "the input sizes are dynamic; pad inputs to a few fixed sizes or compile with dynamic=False"),
    ("incompatible op", "an op that cannot be captured in a CUDA graph (e.g. one that synchronizes or allocates on the host) is in the graph"),
    ("multiple devices", "the graph touches more than one device"),
    ("non gpu", "a non-CUDA tensor is involved"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    derived: dict[str, Any] = {}
    if kind:
        file, line, func = facts.get("file"), facts.get("line"), facts.get("func")
        where = f" ({func} at {file}:{line})" if file and line is not None else ""
        derived["where"] = where
        derived["what"] = ("a .grad tensor allocated during capture was overwritten by the next replay" if kind.startswith("gradient")
                           else f"a compiled output{where} was read after a later replay overwrote it")
        origin = f"the output produced by {func} at {file}:{line}" if where else "an output of the compiled function"
        if kind.startswith("gradient"):
            text = (f"A .grad tensor that was allocated while the backward was captured in a CUDA graph lives in the graph's memory pool; "
                    "the next captured backward overwrote it before it was read - typically gradient accumulation under mode='reduce-overhead'.")
            fix = ("Allocate .grad outside capture: run one eager (uncompiled) warm-up step, or preallocate zeroed .grad tensors before the first compiled backward.",
                   "Without gradient accumulation, set .grad to None before each backward (optimizer.zero_grad(set_to_none=True)).",
                   "Or compile with mode='max-autotune-no-cudagraphs' / 'default'.")
        else:
            text = (f"With mode='reduce-overhead' (CUDA graphs) {origin} lives in a static memory pool that the next replay reuses; "
                    "the program kept that tensor and read it after calling the compiled function again, when its memory had been overwritten.")
            fix = ("Clone what you keep beyond the next call: out = compiled_fn(x).clone() (the traceback shows where the stale tensor is read).",
                   "Call torch.compiler.cudagraph_mark_step_begin() at the start of each iteration, and run backward() (or torch.no_grad() for evaluation) before the next forward.",
                   "If outputs must stay alive across calls by design, use mode='max-autotune-no-cudagraphs' or 'default' for this function.")
        return Explanation(text=text, fix=fix, derived=derived)
    reason = str(facts.get("reason") or "")
    if reason:
        hint = next((h for k, h in _SKIP_HINTS if k in reason), "see the reason in the message")
        return Explanation(
            text=f"Inductor did not use CUDA graphs for this graph ({reason.strip()[:160]}): {hint}. The graph runs correctly, only without CUDA-graph replay.",
            fix=("Nothing is broken; fix the cause only if the launch overhead of this graph matters (TORCH_LOGS=\"perf_hints\" lists the skips).",),
            derived={"what": f"graph not CUDA-graphed ({reason.strip()[:80]})"},
        )
    sizes = facts.get("sizes")
    if isinstance(sizes, int):
        return Explanation(
            text=f"CUDA graphs were recorded for {sizes} distinct input sizes; each size costs a recording and pool memory.",
            fix=("Pad inputs to a few fixed sizes (bucketing), or set torch._inductor.config.triton.cudagraph_skip_dynamic_graphs = True.",),
            derived={"what": f"graphs recorded for {sizes} distinct input sizes"},
        )
    return Explanation(
        text="CUDA-graph trees could not take the fast path because forwards ran without their backward; outputs are checkpointed, which is slower but correct.",
        fix=("Run evaluation forwards under torch.no_grad(), call backward() before the next forward, or call torch.compiler.cudagraph_mark_step_begin() before each invocation.",),
        derived={"what": "fast path unavailable (forwards ran with pending backwards)"},
    )
