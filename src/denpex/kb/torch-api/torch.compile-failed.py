"""Computed diagnosis for torch.compile-failed: which stage failed and what the inner error points to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DEBUG = "Rerun with TORCHDYNAMO_VERBOSE=1 TORCH_LOGS='+dynamo,graph_breaks' for the full internal stack."
_BISECT = "Bisect: torch.compile(model, backend='eager') (tracing only), then backend='aot_eager'; if both pass, the failure is in Inductor/Triton/C++."
_STOPGAP = "Stopgap only: torch._dynamo.config.suppress_errors = True falls back to eager for failing frames (slower, hides the cause)."

_TRITON_NAMES = {"triton_key", "get_cuda_stream", "compiledkernel", "attrsdescriptor", "instance_descriptor", "knobs", "cuda_utils"}


def _is_triton_import(short: str | None, name: str | None) -> bool:
    if short not in ("ImportError", "ModuleNotFoundError", "AttributeError"):
        return False
    n = (name or "").lower()
    return "triton" in n or n in _TRITON_NAMES


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if not facts:
        return None
    backend = facts.get("backend") or ("inductor" if facts.get("wrapper") == "InductorError" else None)
    itype = facts.get("inner_type")
    iname = facts.get("inner_name")
    short = str(itype).rsplit(".", 1)[-1] if itype else None
    derived: dict[str, Any] = {}
    if backend and not facts.get("backend"):
        derived["backend"] = backend
    if short:
        derived["inner_error"] = f"{short} {iname}" if iname else short
    fix: list[str] = []

    if facts.get("missing") == "triton" or short == "TritonMissing":
        derived["stage"] = "triton is not installed"
        derived.setdefault("inner_error", "TritonMissing")
        text = "Inductor needs triton to generate GPU kernels and found no working triton installation (not installed, or too old for this torch)."
        fix += ["Install it: on Linux triton ships with the CUDA torch wheels (reinstall torch from its index); on Windows pip install triton-windows.",
                "Or compile with backend='aot_eager' / run eager until triton is available."]
    elif facts.get("triton_backends") is not None:
        n, tgt = facts["triton_backends"], facts.get("triton_target", "cuda")
        if n >= 2:
            derived["stage"] = f"{n} Triton installations provide a {tgt} backend"
            text = (f"Triton found {n} backends that claim the {tgt} target where it needs exactly one: two Triton distributions are "
                    "installed into the same environment (typically triton and pytorch-triton, the nightly torch's copy), and both "
                    "register their backend plugins.")
            fix += ["List them: pip list | grep -i triton; keep only the one torch pins (pip show torch names it): "
                    "pip uninstall -y triton pytorch-triton, then reinstall torch from its index (or pip install the pinned one).",
                    "Do not pip install triton on top of a nightly torch (which brings pytorch-triton), or the other way round."]
        else:
            derived["stage"] = f"no Triton backend for {tgt}"
            text = (f"Triton found {n} backends for the {tgt} target: its backend plugins (triton/backends/...) are missing from the "
                    "installed package - a broken or partial install, or a build without that backend.")
            fix += ["Reinstall the Triton torch pins: pip install --force-reinstall 'triton==<version from pip show torch>' (or reinstall torch from its index)."]
    elif facts.get("gpu") or facts.get("cc"):
        gpu, cc, mincc = facts.get("gpu", "this GPU"), facts.get("cc", "?"), facts.get("min_cc", "7.0")
        derived["stage"] = f"Triton cannot target {gpu} (capability {cc})"
        text = f"{gpu} has CUDA compute capability {cc}; Triton, Inductor's GPU code generator, needs >= {mincc}. Inductor cannot run on this GPU."
        fix += ["Use a backend that does not need Triton: torch.compile(model, backend='aot_eager') or backend='cudagraphs'.", "Or skip torch.compile on this GPU type."]
    elif _is_triton_import(short, iname):
        derived["stage"] = f"{backend or 'inductor'} backend: triton does not match torch ({iname})"
        text = (
            f"The {backend or 'inductor'} backend failed with {short} for '{iname}': the installed triton package lacks what this torch build expects, "
            "so triton and torch versions are mismatched (triton was installed or upgraded on its own)."
        )
        fix += ["Reinstall the triton torch pins: pip show torch lists it (e.g. triton==3.1.0 for torch 2.5) - pip install --force-reinstall 'triton==<that version>', or reinstall torch from its index.",
                "Do not pip install triton (or packages that pull another triton) separately from torch."]
    elif short in ("CppCompileError", "InvalidCxxCompiler", "CUDACompileError") or (short == "CalledProcessError" and backend in (None, "inductor")):
        derived["stage"] = "Inductor C++ compilation"
        text = "Inductor generated C++ (CPU kernels or the C++ wrapper) and the host compiler failed or is missing."
        if facts.get("target"):
            text += f" Inductor looked for a compiler in {facts['target']}."
        fix += ["Install a compiler and Python headers: apt-get install build-essential python3-dev (conda: gxx_linux-64).",
                "Read the compiler output after 'C++ compile error' ('Output:') for the first real error (missing header, unknown flag, OpenMP).",
                "Or point Inductor at a working compiler: export CXX=/usr/bin/g++ (TORCHINDUCTOR_CXX on some versions)."]
    elif facts.get("reason"):
        reason = str(facts["reason"])[:200]
        derived["stage"] = "Dynamo could not trace the code (Unsupported)"
        text = f"Dynamo could not trace a construct: {reason}. With fullgraph=True or torch.export this is fatal; otherwise Dynamo would graph-break there."
        fix += ["Drop fullgraph=True to allow graph breaks, or rewrite the construct (no .item()/.tolist()/data-dependent Python branches in compiled code; torch.cond for control flow).",
                "List every break with TORCH_LOGS=graph_breaks."]
    elif facts.get("node_kind"):
        tgt = facts.get("target", "?")
        derived["stage"] = f"fake-tensor tracing failed at {tgt}"
        text = (f"Dynamo ran {facts['node_kind']} {tgt} on fake tensors and it raised an ordinary PyTorch error: the model code is wrong for these inputs "
                "(shape, device or dtype mismatch - see the lines after this one) or the op has no fake/meta kernel.")
        fix += ["Run the same inputs without torch.compile to get the plain error and fix it (see torch.shape-mismatch / torch.device-mismatch / torch.dtype-mismatch).",
                "If eager works, the op lacks a meta/fake implementation: wrap the function with torch.compiler.disable and report it."]
    elif facts.get("wrapper") == "InternalTorchDynamoError":
        derived["stage"] = f"internal Dynamo error ({short})"
        text = f"An unexpected {short} inside TorchDynamo itself - a Dynamo bug in this PyTorch release triggered by some construct in the traced code."
        fix += ["Upgrade PyTorch, or exclude the offending function with torch.compiler.disable.", "Report it with a minimal repro (TORCHDYNAMO_REPRO_AFTER='dynamo')."]
    elif short:
        derived["stage"] = f"{backend or 'backend'} raised {short}"
        text = f"The {backend or 'compiler'} backend raised {short}" + (f" ('{iname}')" if iname else "") + "; that inner error (printed right after 'raised:') is the cause."
        fix += ["Fix the inner error; if it looks like a compiler bug (AssertionError, LoweringException), get a minimal repro with TORCHDYNAMO_REPRO_AFTER='aot' and try a newer PyTorch."]
    else:
        derived["stage"] = f"{backend or 'backend'} compiler failed"
        text = f"The {backend or 'compiler'} backend failed; the inner error is printed on the line after 'raised:'."
    fix += [_DEBUG, _BISECT, _STOPGAP]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
