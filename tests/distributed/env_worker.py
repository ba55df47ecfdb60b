"""worker.py under launchers that do not set torch's env:// variables (mpirun, srun).

Maps Open MPI's ``OMPI_COMM_WORLD_RANK/SIZE/LOCAL_RANK`` or Slurm's ``SLURM_PROCID/NTASKS/LOCALID``
to ``RANK/WORLD_SIZE/LOCAL_RANK`` (``MASTER_ADDR``/``MASTER_PORT`` come from the test's environment),
then runs worker.py as ``__main__`` with the same arguments. Run it as ``python -m mpi4py
env_worker.py ...`` and an uncaught exception prints its traceback and calls MPI_Abort, as mpi4py
programs do.
"""

import os
import runpy
import sys
from pathlib import Path

for rank, size, local in (
    ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK"),
    ("SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID"),
):
    if rank in os.environ:
        os.environ.setdefault("RANK", os.environ[rank])
        os.environ.setdefault("WORLD_SIZE", os.environ[size])
        os.environ.setdefault("LOCAL_RANK", os.environ.get(local, "0"))
        break
os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
if "mpi4py" in sys.modules:  # run as "python -m mpi4py": initialise MPI so that mpi4py can abort
    from mpi4py import MPI  # noqa: F401

worker = Path(__file__).with_name("worker.py")
sys.argv[0] = str(worker)
runpy.run_path(str(worker), run_name="__main__")
