"""Computed diagnosis for mpi.init-failed: name the layer that failed from the step and error Open MPI/MPICH print."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    step = str(facts.get("failed_step") or "")
    reason = str(facts.get("reason") or "")
    code = facts.get("code")
    opal = facts.get("opal_error")
    pmix_file = facts.get("pmix_file")
    launcher = facts.get("launcher")
    call = facts.get("mpi_call")
    parts: list[str] = []
    fix: list[str] = []
    detail = ""
    low = (step + " " + reason).lower()
    if launcher:
        detail = f": direct launch by {launcher} without PMI support"
        parts.append(f"The ranks were started by {launcher}, but this Open MPI was built without the PMI/PMIx support {launcher} needs, so MPI_Init cannot learn the job layout.")
        fix.append("Launch with mpirun inside the allocation, or use srun --mpi=pmix (srun --mpi=list shows the plugins) with an Open MPI built --with-pmix / --with-slurm.")
    elif opal and pmix_file:
        detail = f": PMIx client {opal.lower()} ({pmix_file})"
        parts.append(f"'OPAL ERROR: {opal} in file {pmix_file}' means the PMIx client found launcher variables but no PMIx server to connect to: the process was started outside mpirun, or inherited SLURM_*/OMPI_*/PMIX_* variables (typical inside a container started from a job step).")
        fix.append("Start it with mpirun, or unset the inherited OMPI_*/PMIX_*/SLURM_* variables so MPI starts as a singleton; under Slurm, srun --mpi=pmix with a PMIx-enabled Open MPI.")
    elif "unpack would read past end of buffer" in low:
        detail = ": mixed Open MPI versions (Data unpack would read past end of buffer)"
        parts.append("'Data unpack would read past end of buffer' during start-up means two processes exchanged runtime messages "
                     "in different formats: mpirun, the remote orted/prted and the application are not all the same Open MPI version "
                     "(another mpirun first in PATH, a container and the host mixing installs, nodes with different builds) - see openmpi.version-mismatch.")
        fix.append("On every node compare: which mpirun; mpirun --version; ompi_info | head -3 (and the orted found over ssh: ssh <node> 'which orted'); "
                   "use one Open MPI installation everywhere (mpirun --prefix <dir> forwards it to the remote daemons).")
    elif "pml" in low or "add procs" in low or "btl" in low:
        detail = f": no usable transport ({step or reason})"
        parts.append(f"'{step}' means Open MPI could not open a point-to-point transport between the ranks (UCX missing or not matching the hardware, needed BTLs excluded, or different Open MPI builds on the nodes).")
        fix.append("Check ucx_info -d on each node and ompi_info | grep -i pml; test with mpirun --mca pml ob1 --mca btl tcp,self,vader to rule the fast transport in or out.")
    elif "rte_init" in low or "ess" in low or "daemon" in low or reason == "(null)":
        detail = f": the runtime could not be reached ({step or reason})"
        parts.append(f"Open MPI reports '{step or 'ompi_rte_init failed'}'{(' (returned ' + repr(reason) + ')') if reason else ''}: the process could not attach to the Open MPI runtime (started without mpirun, stale launcher variables, or mpirun and the library from different installations).")
        fix.append("Launch with the mpirun that belongs to the Open MPI the program links (which mpirun; ompi_info | head), and check env | grep -E '^(OMPI|PMIX|SLURM)_' for variables left over from another job.")
    elif reason and call and str(call).startswith("PMPI"):
        detail = f": {call} {reason}"
        parts.append(f"MPICH/Intel MPI failed in {call} ({reason}); the error stack below names the layer (MPID_Init / MPIDI_OFI_mpi_init_hook = network provider, PMI = launcher).")
    elif reason:
        detail = f": {reason}"
        parts.append(f"MPI initialisation failed with {reason!r}" + (f" ({code})" if code is not None else "") + ".")
    if not parts:
        parts.append(f"{call or 'MPI_Init'} failed and the process aborted before doing any work; the help message or error stack printed with it names the failed step.")
    derived = {"detail": detail}
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
