"""Computed diagnosis for mpi.abort: which rank aborted, and what its errorcode says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rank = facts.get("rank")
    world = facts.get("world_rank")
    code = facts.get("errorcode")
    comm = facts.get("communicator")
    who = rank if rank is not None else world
    derived: dict[str, Any] = {"with_code": f" with errorcode {code}" if code is not None else ""}
    if who is None:
        return Explanation(text="An MPI process called MPI_Abort; its own message just above the banner is the cause.", derived=derived)
    derived["rank"] = who
    parts = [f"Rank {who} called MPI_Abort and the MPI library killed every other process of the job with it."]
    if comm and comm not in ("MPI_COMM_WORLD",) and rank is not None:
        parts.append(f"It aborted on communicator {comm}, so {rank} is its rank inside that communicator" + (f" (world rank {world})." if world is not None else "; the world rank may differ."))
    parts.append(f"MPI_Abort is the program stopping itself: the reason is what rank {who} printed just before this banner (a Python traceback, an error routine's message, a failed assert).")
    fix = [f"Read rank {who}'s last lines before the banner; re-run with rank-tagged output (mpirun --tag-output, mpiexec -l, srun --label) if they are mixed with other ranks' output."]
    if code == 0:
        parts.append("errorcode 0 means mpirun exits with status 0: scripts and CI see success although the job was killed.")
        fix.append("Make the program pass a non-zero code to MPI_Abort / comm.Abort(1) so the job's exit status shows the failure.")
    elif code == 1:
        parts.append("errorcode 1 is the generic error value; python -m mpi4py uses it after printing an uncaught exception.")
    elif code is not None and (code > 255 or code < -255):
        parts.append(f"errorcode {code} is not a meaningful status: the program passed an uninitialised or internal error value; its printed message is what counts.")
    elif code is not None:
        parts.append(f"errorcode {code} is chosen by the program; look it up in that program's documentation or source (its error routine), and mpirun will exit with it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
