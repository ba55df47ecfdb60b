"""Computed diagnosis for mpi.launcher-option-mismatch: which MPI the rejected option belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# options only Open MPI's mpirun knows (Hydra rejects them)
_OPENMPI = {"allow-run-as-root", "oversubscribe", "mca", "gmca", "bind-to", "map-by", "rank-by", "tag-output", "x", "npernode",
            "display-map", "report-bindings", "bind-to-core", "mca_base_env_list", "output-filename", "timestamp-output",
            "mca-params", "prefix", "nooversubscribe", "am", "hostfile", "machinefile", "H", "N", "use-hwthread-cpus"}
# options only MPICH / Intel MPI Hydra knows (Open MPI rejects them)
_HYDRA = {"genv", "genvall", "genvlist", "genvnone", "ppn", "hosts", "f", "iface", "launcher", "bootstrap", "rmk", "env", "envall", "binding", "l", "prepend-rank", "perhost"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arg = str(facts.get("argument") or "")
    name = arg.lstrip("-").split("=", 1)[0]
    hydra_side = facts.get("_signature") == "hydra-unrecognized-argument"
    parts: list[str] = []
    fix: list[str] = []
    if hydra_side:
        if name == "pmi_args":
            headline = "an MPICH-linked program was started by another MPI (unrecognized argument pmi_args)"
            parts.append("'pmi_args' is what MPICH's singleton start-up passes to its own mpiexec: a program or library linked against MPICH (mpi4py, ESMF) ran where another MPI (Intel MPI, Open MPI) provides mpiexec, or the environment mixes two MPIs.")
            fix.append("Keep one MPI in the environment (conda list | grep -i mpi) and make mpi4py and the launcher come from it.")
        elif name in _OPENMPI:
            headline = f"Open MPI option '{arg}' given to MPICH/Intel MPI's mpiexec"
            parts.append(f"'{arg}' is an Open MPI mpirun option; the mpiexec that parsed it is MPICH's or Intel MPI's Hydra, so the command (or the wrapper that built it: horovodrun, torchpack, a SageMaker/Kubeflow template) expects Open MPI but another MPI comes first on PATH - typically conda's mpich, installed with mpi4py.")
            fix.append("which -a mpirun; conda list | grep -Ei 'mpich|openmpi' - then install Open MPI in the environment (conda install -c conda-forge openmpi mpi4py) or put the system Open MPI first on PATH.")
        else:
            headline = f"MPICH/Intel MPI's mpiexec does not know the option '{arg}'"
            parts.append(f"Hydra (MPICH / Intel MPI) stopped at '{arg}': an option of another MPI or a typo in the command line; nothing was launched.")
            fix.append("Compare the command with `mpiexec --help` of the MPI on PATH, or use the MPI the command was written for.")
    else:
        launcher = str(facts.get("launcher") or "mpirun")
        if name in _HYDRA:
            headline = f"MPICH/Intel MPI option '{arg}' given to Open MPI's {launcher}"
            parts.append(f"'{arg}' is an MPICH / Intel MPI (Hydra) option; Open MPI's {launcher} does not have it (its environment option is -x VAR, per-node placement --map-by ppr:N:node), so the script was written for another MPI.")
            fix.append("Use Intel MPI's / MPICH's mpiexec for this script, or translate: -genv VAR val -> -x VAR=val, -ppn N -> --map-by ppr:N:node, -hosts a,b -> -H a,b.")
        else:
            headline = f"Open MPI's {launcher} does not know the option '{arg}'"
            parts.append(f"Open MPI's {launcher} stopped at '{arg}': an option of another MPI, of another Open MPI version (1.x options removed in 4.x/5.x), or a typo; nothing was launched.")
            fix.append(f"{launcher} --version and {launcher} --help; adapt the option to that version.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
