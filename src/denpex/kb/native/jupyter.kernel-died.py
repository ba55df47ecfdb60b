"""Computed diagnosis for jupyter.kernel-died: which front end reported it, whether the host ran out of RAM, and where the kernel's own error went."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RAM_FIX = ("Use less host RAM: a smaller batch or chunk size, stream the dataset (datasets load_dataset(..., streaming=True), a generator or "
            "np.memmap) instead of loading it whole, avoid dense copies (todense, to_categorical, np.concatenate of everything), load models "
            "with low_cpu_mem_usage=True / torch_dtype=float16 / device_map, and del + gc.collect() what earlier cells keep.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    nb, kernel, restart, mx = facts.get("notebook"), facts.get("kernel"), facts.get("restart"), facts.get("max_restarts")
    parts: list[str] = []
    fix: list[str] = []

    if facts.get("ram") or facts.get("kaggle_ram"):
        where = "Colab" if facts.get("ram") else "Kaggle"
        derived: dict[str, Any] = {"what": f"{where} runtime ran out of host RAM",
                                   "advice": "use less RAM (smaller batches, stream the data)" + (" or a High-RAM runtime" if where == "Colab" else "")}
        parts.append(f"{where} killed the notebook kernel because the VM's host RAM was full (not GPU memory: CUDA out-of-memory is a Python "
                     "exception, this is the whole process being killed). Everything in the session is lost; the cell that was running, "
                     "or data that earlier cells left in memory, needed more RAM than the runtime has"
                     + (" (about 12-13 GB on a standard Colab runtime)." if where == "Colab" else " (Kaggle notebooks have a fixed RAM quota)."))
        fix.append(_RAM_FIX)
        if where == "Colab":
            fix.append("Or switch to a High-RAM runtime (Runtime > Change runtime type > High-RAM, Colab Pro) if the data must fit in memory.")
        else:
            fix.append("Or move the job to a machine with more RAM; Kaggle's quota cannot be raised.")
        fix.append("Find the cell that peaks: run it as a script (!python script.py) with free -h / psutil prints, or in a memory profiler (memory_profiler, tracemalloc).")
        return Explanation(text=" ".join(parts).strip(), fix=tuple(fix), derived=derived)

    if facts.get("unknown") or facts.get("auto_restart") or facts.get("kernel_id"):
        derived = {"what": "Colab kernel crashed" + (" for an unknown reason" if facts.get("unknown") else ""),
                   "advice": "the kernel's last error is in Runtime > View runtime logs; run the code as a script to see it"}
        parts.append("The Colab kernel process died and Colab restarted it. "
                     + ("Colab did not attribute it to RAM ('unknown reason'), so it is usually a native crash: a segfault or abort in a compiled library "
                        "(a pip install that replaced torch/numpy/CUDA libraries with mismatched builds, an illegal instruction, a C++ exception), "
                        "or code that exits the process (os._exit, some notebooks restart themselves on purpose). "
                        if facts.get("unknown") else
                        "The notice does not say why: check whether the RAM gauge was full (then it is host memory) or the runtime log shows a native error. "))
        fix.append("Open Runtime > View runtime logs and read the lines just before 'WARNING:root:kernel ... restarted': the kernel's last stderr (a C++ abort, Fatal Python error, Segmentation fault, cudnn symbol error) is there.")
        fix.append("Run the failing code as a script in a cell (!python -X faulthandler script.py): the process's own error and a Python stack are printed instead of a bare crash.")
        fix.append("If it started after a !pip install, restart from a fresh runtime (Runtime > Disconnect and delete runtime) and install versions that match Colab's preinstalled torch/CUDA.")
        fix.append("If RAM was near full before the crash, treat it as memory: " + _RAM_FIX[0].lower() + _RAM_FIX[1:])
        return Explanation(text=" ".join(parts).strip(), fix=tuple(fix), derived=derived)

    derived = {"what": f"kernel for {nb}" if nb else (f"kernel '{kernel}'" if kernel else "the notebook kernel"),
               "advice": "the cause is in the kernel's stderr (server terminal, dmesg for the OOM killer)"}
    parts.append(f"The Jupyter kernel process{f' for {nb}' if nb else ''}{f' ({kernel})' if kernel else ''} died; the notebook UI only sees the process vanish. "
                 "The cause is in the kernel's own stderr, which the notebook does not show: usually the host OOM killer (a large tensor, dataset or model in RAM), "
                 "or a native crash (segfault, abort, OpenMP Error #15, illegal instruction) in a library the cell called.")
    if restart is not None:
        parts.append(f"The server is restarting it (attempt {restart}" + (f" of {mx}" if mx is not None else "") + "): a crash that repeats on start (an import in a startup file, a broken package) will exhaust the restarts.")
    fix.append("Read the kernel's stderr: the terminal where jupyter lab/notebook was started, or in VS Code the Jupyter output channel (View > Output > Jupyter).")
    fix.append("Check for the OOM killer: dmesg -T | grep -i -E 'killed process|out of memory' (or journalctl -k) at the crash time; watch RAM with free -h while the cell runs.")
    fix.append("Reproduce outside Jupyter: export the cell to a script and run python -X faulthandler script.py - the real error (Killed, Segmentation fault, OMP: Error #15, ...) is printed there.")
    return Explanation(text=" ".join(parts).strip(), fix=tuple(fix), derived=derived)
