"""Computed diagnosis for flwr.simulation-crashed: how many virtual clients the actors let run at once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_float
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cpus, gpus = as_float(facts.get("num_cpus")), as_float(facts.get("num_gpus"))
    if cpus is None and gpus is None:
        return None
    ccpu, cgpu = as_float(facts.get("cluster_cpus")), as_float(facts.get("cluster_gpus"))
    derived: dict[str, Any] = {}
    lines = [f"Each virtual client asks for {cpus:g} CPU and {gpus:g} GPU." if cpus is not None and gpus is not None else ""]
    fix: list[str] = ["Read the first traceback printed above 'Your simulation crashed': it is the real error."]
    concurrent = None
    if ccpu and cpus:
        concurrent = int(ccpu // cpus)
        if cgpu and gpus:
            concurrent = min(concurrent, int(cgpu // gpus))
    if concurrent is not None:
        derived["concurrent_clients"] = concurrent
        lines.append(f"Ray can run {concurrent} clients at the same time on this machine.")
    if gpus == 0 and cgpu:
        derived["diagnosis"] = "actors share the GPU without a GPU share"
        lines.append(f"num_gpus is 0 while Ray sees {cgpu:g} GPU(s): if the clients train on the GPU, all "
                     f"{concurrent if concurrent is not None else 'the'} actors load a model onto it at once (OOM).")
        per = 4
        fix.append(f"client_resources={{'num_cpus': {cpus:g}, 'num_gpus': {1 / per:g}}}  # at most {int(per * cgpu)} clients on {cgpu:g} GPU(s)")
    elif gpus is not None and gpus > 0 and cgpu is not None and gpus > cgpu:
        derived["diagnosis"] = "no node can host one client"
        lines.append(f"A client needs {gpus:g} GPU but Ray sees only {cgpu:g}: no actor can start.")
        fix.append(f"Lower num_gpus to at most {cgpu:g} (e.g. {cgpu / 2:g} for two clients per GPU).")
    elif cpus is not None and ccpu is not None and cpus > ccpu:
        derived["diagnosis"] = "no node can host one client"
        lines.append(f"A client needs {cpus:g} CPUs but Ray sees only {ccpu:g}.")
        fix.append(f"Lower num_cpus to at most {ccpu:g}.")
    else:
        derived["diagnosis"] = "client or strategy raised (see the traceback above)"
        fix.append("If an out-of-memory error is above it, give each client a larger share so fewer actors run at once "
                   "(raise num_gpus / num_cpus in client_resources).")
    return Explanation(text=" ".join(x for x in lines if x), fix=tuple(fix), derived=derived)
