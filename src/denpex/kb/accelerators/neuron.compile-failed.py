"""Computed diagnosis for neuron.compile-failed: how far over the per-core HBM the graph is, and what the exit code means."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXIT = {
    -9: "the compiler was killed with SIGKILL - almost always the host's OOM killer (not enough host RAM for this graph or too many parallel compilations)",
    -6: "the compiler aborted (SIGABRT) - an internal assertion",
    70: "an internal compiler error (EX_SOFTWARE)",
    1: "the compiler reported an error for this graph (read the ERROR [neuronx-cc] lines above)",
    -1: "the compiler did not complete (crash or unsupported construct; read the ERROR [neuronx-cc] lines above)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fix: list[str] = []
    derived: dict[str, Any] = {}
    hbm, limit = facts.get("hbm_gb"), facts.get("limit_gb")
    if hbm is not None and limit:
        hbm, limit = float(hbm), int(limit)
        factor = hbm / limit
        need = math.ceil(factor * 10) / 10
        derived["what"] = f"per-core graph needs {hbm:.1f} GB of {limit} GB HBM"
        derived["over_factor"] = round(factor, 2)
        text = (f"The compiler estimates {hbm:.2f} GB peak device memory for one NeuronCore's graph, {factor:.2f}x the {limit} GB a core has, "
                f"so the NEFF could never load. The per-core graph has to shrink by at least {1 - 1 / factor:.0%}.")
        doubling = max(1, math.ceil(math.log2(factor)))
        fix += [f"Raise tensor parallelism: each doubling of tp_degree roughly halves weights per core, so about {2 ** doubling}x the current tp_degree (within the instance's core count), or add pipeline parallelism.",
                f"Or cut activations: halve micro-batch / sequence length (activation memory scales with both), enable sequence parallelism and activation checkpointing; aim below {limit * 0.9:.0f} GB (need factor {need}x now)."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if facts.get("_signature") == "error-artifacts-stored":
        art = str(facts.get("artifacts_dir") or "")
        msg = facts.get("compiler_message")
        workdir = art.rsplit("/", 1)[0] if "/" in art else art
        derived["what"] = f"neuronx-cc error: {msg}" if msg else "neuronx-cc reported an error"
        text = ("The Neuron compiler printed an ERROR block and gave up on this graph"
                + (f" with: {msg}" + (f" ({facts.get('error_class')})" if facts.get("error_class") else "") + "." if msg else
                   "; its own message is the first ERROR [neuronx-cc] line of the block (before the driver frames and 'Version information:').")
                + (f" The compiler's inputs and intermediate files were kept in {art}." if art else ""))
        fix += [f"Read the full compiler log: less {workdir}/log-neuron-cc.txt (the failing pass and its message).",
                "Upgrade the Neuron SDK (neuronx-cc, torch-neuronx) together; if it persists, attach the artifacts directory to an aws-neuron-sdk issue."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    code = facts.get("exit_code")
    if code is not None:
        code = int(code)
        meaning = _EXIT.get(code, "the compiler exited with an error")
        derived["what"] = f"neuronx-cc exited with {code}"
        text = f"neuronx-cc exited with {code}: {meaning}."
        if code == -9:
            fix += ["Check dmesg for the OOM kill; use an instance with more host RAM or compile with fewer parallel workers (neuron_parallel_compile on a bigger host, then reuse the cache)."]
        else:
            fix += ["Open the log-neuron-cc.txt in the printed artifacts directory for the failing pass; upgrade the Neuron SDK; try NEURON_CC_FLAGS='-O1' and report the graph if it persists."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    ncc = facts.get("ncc_code")
    if ncc:
        derived["what"] = f"compiler error [{ncc}]"
        text = f"The compiler stopped with error [{ncc}] ('terminated abnormally'): an internal compiler failure, not a problem in the model definition itself."
        fix += ["Upgrade neuronx-cc to the latest SDK release; keep the artifacts directory and report the graph/kernel to aws-neuron-sdk issues."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    stage = str(facts.get("stage") or "")
    if stage.startswith("There was a compilation error"):
        derived["what"] = "a cached compile failure was replayed"
        text = ("This graph failed to compile in an earlier run and the compile cache returned that failure without recompiling; "
                "the original compiler error is in the earlier run's log (or the errored graph's directory in the cache).")
        fix += ["After fixing the cause (or upgrading the SDK), force a recompile: NEURON_CC_FLAGS=\"--retry_failed_compilation\", or delete the cache entry under /var/tmp/neuron-compile-cache."]
    elif stage:
        derived["what"] = "internal compiler error"
        text = "The Neuron compiler crashed with an internal error: a compiler bug or an unsupported construct, not a configuration the user can fix directly."
        fix += ["Upgrade to the latest Neuron SDK; try a different optimisation level (-O1) or casting (--auto-cast); report the graph from the artifacts directory."]
    else:
        derived["what"] = "neuronx-cc compilation failed"
        text = "neuronx-cc failed on a graph; the XLA layer only reports that compilation failed - the reason is in the NEURON_CC_WRAPPER / [neuronx-cc] ERROR lines earlier in the log."
        fix += ["Search the log for 'XCG', '[F' codes, 'exitcode' or 'failed with' to find the compiler's own message."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
