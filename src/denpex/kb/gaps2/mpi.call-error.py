"""Computed diagnosis for mpi.call-error: what the MPI error class says was wrong with the failing call,
with the sizes or ranks the library printed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

_CLASSES: dict[str, tuple[str, str]] = {
    "MPI_ERR_TRUNCATE": (
        "the receive buffer was smaller than the message that matched it",
        "Make the receiver's buffer as large as what the sender sends for that source and tag (send the length first when it varies); "
        "with mpi4py's lowercase irecv() of a large pickled object pass buf=bytearray(n) or use a blocking recv().",
    ),
    "MPI_ERR_RANK": (
        "the call addressed a rank that does not exist in the communicator",
        "Start the job with the number of processes the program addresses (mpirun -np N), or derive neighbours and roots from comm.Get_size().",
    ),
    "MPI_ERR_COMM": (
        "the communicator is null, freed, or belongs to another MPI library",
        "Check the communicator is still valid at that point, and that mpi4py was built against the same MPI as the mpirun used "
        "(python -c 'import mpi4py; print(mpi4py.get_config())' vs mpirun --version).",
    ),
    "MPI_ERR_COUNT": (
        "the element count is invalid - usually larger than a C int (2^31-1) for a large array",
        "Send large arrays in chunks below 2^31-1 elements, or use the MPI-4 large-count calls.",
    ),
    "MPI_ERR_TYPE": ("the datatype argument is invalid or not committed", "Pass a committed MPI datatype that matches the buffer (numpy dtype to MPI type)."),
    "MPI_ERR_BUFFER": ("the buffer pointer is invalid", "Pass a real, contiguous buffer (numpy.ascontiguousarray) of the stated size."),
    "MPI_ERR_TAG": ("the tag is negative or above MPI_TAG_UB", "Use tags between 0 and comm.Get_attr(MPI.TAG_UB)."),
    "MPI_ERR_ROOT": ("the root rank of a collective is outside the communicator or differs between ranks", "Pass the same valid root on every rank."),
    "MPI_ERR_OTHER": ("the library hit an error it does not classify further", "Read the lines just above: a transport failure, memory exhaustion or a peer that died is the cause."),
    "MPI_ERR_INTERN": ("the library hit an internal error", "Read the lines just above for the transport or memory failure; update the MPI library if it recurs."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("error_class") or "")
    desc = str(facts.get("description") or "")
    call = str(facts.get("mpi_call") or "")
    if not cls and desc:
        low = desc.lower()
        for name in _CLASSES:
            if name[8:].lower() in low:
                cls = name
                break
    derived = {
        "mpi_call_text": f"{call} " if call else "an MPI call ",
        "error_class_text": cls or desc or "an MPI error",
    }
    meaning, fix = _CLASSES.get(cls, ("the call's arguments did not fit the state of the job", "Read the class and the call, then compare the arguments on the failing rank with its peer's matching call."))
    where = f"{call} failed" if call else "An MPI call failed"
    parts = [f"{where} with {cls or desc or 'an MPI error'}: {meaning}."]
    if facts.get("process") is not None:
        parts.append(f"Rank {facts['process']} (in MPI_COMM_WORLD) reported it" + (f" on communicator {facts['communicator']}." if facts.get("communicator") else "."))
    got, buf = facts.get("received_bytes"), facts.get("buffer_bytes")
    if isinstance(got, int) and isinstance(buf, int):
        parts.append(f"{fmt_bytes(got)} arrived" + (f" from rank {facts['source_rank']}" if facts.get("source_rank") is not None else "")
                     + f" for a {fmt_bytes(buf)} receive buffer: the receiver must post at least {got} bytes.")
    bad, size = facts.get("bad_rank"), facts.get("comm_size")
    if isinstance(bad, int) and isinstance(size, int):
        parts.append(f"The program addressed rank {bad} in a communicator of {size} processes (valid ranks 0-{size - 1}).")
        fix = f"Run with at least {bad + 1} processes (mpirun -np {bad + 1}) if the program needs them, or fix the rank it computes (valid ranks 0-{size - 1})."
    return Explanation(text=" ".join(parts), fix=(fix,), derived=derived)
