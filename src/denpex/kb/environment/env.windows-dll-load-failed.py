"""Computed diagnosis for env.windows-dll-load-failed: what the WinError code means for the DLL that
failed, and the fix for that code and that package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUDA_DLL_PREFIXES = ("cudnn", "cublas", "cufft", "cusparse", "cusolver", "curand", "nvrtc", "caffe2_detectron_ops_gpu", "torch_cuda", "c10_cuda", "cudart")


def _code(facts: Mapping[str, Any]) -> int | None:
    raw = facts.get("winerror")
    if raw is not None and str(raw) != "":
        try:
            return int(raw)
        except ValueError:
            pass
    reason = str(facts.get("reason") or "").lower()
    if "initialization routine failed" in reason or "初始化例程失败" in reason:
        return 1114
    if "not a valid win32" in reason:
        return 193
    if "paging file" in reason or "页面文件太小" in reason:
        return 1455
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dll_path = str(facts.get("dll") or "").replace("\\\\", "\\").strip()
    module = str(facts.get("module") or "").strip()
    dll = dll_path.rsplit("\\", 1)[-1].rsplit("/", 1)[-1] if dll_path else (module or "")
    low = dll_path.lower()
    is_torch = "\\torch\\" in low or "/torch/" in low or dll.lower() in ("c10.dll", "torch_cpu.dll", "torch_python.dll", "shm.dll") or module == "_C"
    is_cuda = any(dll.lower().startswith(p) for p in _CUDA_DLL_PREFIXES)
    code = _code(facts)
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    name = dll or "a DLL"
    if code is None and dll_path and not facts.get("winerror"):
        # ctypes 'Could not find module'
        derived["what"] = f"{name} or a DLL it depends on is not on the DLL search path"
        parts.append(f"ctypes could not load {name}: the file itself or one of the DLLs it imports is missing from the DLL search path. Since Python 3.8 PATH is not searched for dependencies; only the DLL's folder, System32 and folders added with os.add_dll_directory are.")
        fix.append(f"Check that {dll_path} exists; then register the folders holding its dependencies before loading it: os.add_dll_directory(r'<folder>') (CUDA bin folder, the package's lib folder).")
        fix.append(f"Find the missing dependency with Dependencies.exe (github.com/lucasg/Dependencies) on {name}; install the VC++ redistributable or the CUDA runtime it was built for.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    derived["winerror"] = code
    if code == 1114:
        derived["what"] = f"{name} failed to initialize (WinError 1114)"
        parts.append(f"{name} was found but its initialization code failed (ERROR_DLL_INIT_FAILED).")
        if is_torch:
            parts.append("For torch's c10.dll this is almost always the Microsoft Visual C++ runtime: the installed (or already loaded) msvcp140/vcruntime140 is older than the one this torch build needs - recent torch releases (2.9) on machines without an updated redistributable hit it - or another package imported first (PyQt, an app bundle) loaded its own older copy.")
            fix.append("Install the latest Microsoft Visual C++ 2015-2022 Redistributable (x64): https://aka.ms/vs/17/release/vc_redist.x64.exe, then restart the shell.")
            fix.append("import torch before PyQt/PySide/other native packages; if it began with a torch upgrade and persists, pin the previous torch release (e.g. pip install torch==2.8.*).")
        else:
            fix.append(f"Install the latest Microsoft Visual C++ 2015-2022 Redistributable (x64), and check that {name} was built for your CPU/GPU runtime (a CUDA build of the package on a machine without that CUDA, or an AVX2 build on an older CPU).")
    elif code == 1455:
        derived["what"] = f"not enough page file to load {name} (WinError 1455)"
        parts.append(f"Windows could not commit the memory {name} reserves (ERROR_COMMITMENT_LIMIT): RAM plus page file is used up.")
        if is_torch or is_cuda:
            parts.append("torch's CUDA DLLs (cuDNN, cuBLAS, caffe2_*) reserve several GB of commit in every process that loads them, and on Windows each DataLoader worker is a new spawned process that loads them again - N workers multiply it.")
        fix.append("Lower DataLoader num_workers (try 0-2) and use persistent_workers=True so workers are not re-spawned every epoch.")
        fix.append("Enlarge the page file: System -> Advanced system settings -> Performance -> Virtual memory -> custom size (e.g. 32-64 GB) on a drive with free space, then reboot.")
    elif code == 193:
        derived["what"] = f"{name} is not a valid image for this process (WinError 193: 32/64-bit mismatch or a corrupt file)"
        parts.append(f"{name} is not a loadable image for this process (ERROR_BAD_EXE_FORMAT): it is built for the other bitness (32-bit DLL in 64-bit Python or the reverse), for another architecture (ARM64), or the file is truncated/corrupt.")
        fix.append("Use 64-bit Python (python -c \"import struct; print(struct.calcsize('P')*8)\") and reinstall the package so the DLL matches: pip install --force-reinstall --no-cache-dir <package>.")
    elif code == 126:
        derived["what"] = f"{name or 'a DLL'} or one of its dependencies was not found (WinError 126)"
        parts.append("The DLL or one of the DLLs it imports is not on the DLL search path (ERROR_MOD_NOT_FOUND).")
        fix.append("Install the runtime the DLL depends on (VC++ redistributable, the CUDA version the package was built for) or add its folder with os.add_dll_directory().")
    elif code == 127:
        derived["what"] = f"{name} is from another version than the DLLs it links (WinError 127)"
        parts.append(f"{name} imports a function that the loaded dependency does not export (ERROR_PROC_NOT_FOUND): DLLs from different releases are mixed - another CUDA/torch's DLLs earlier on the search path, or a partially upgraded install.")
        fix.append("Reinstall the package cleanly (pip uninstall, then pip install --no-cache-dir) and remove other CUDA/torch bin folders from PATH.")
    elif code == 998:
        derived["what"] = f"{name} crashed while loading (WinError 998, invalid memory access)"
        parts.append(f"{name}'s initialization made an invalid memory access (ERROR_NOACCESS) - typically a DLL built for a newer CPU or a conflicting runtime.")
        fix.append("Reinstall the package from the official wheel for your CPU/GPU; install the latest VC++ redistributable.")
    else:
        derived["what"] = f"{name} could not be loaded"
        parts.append(f"Windows could not load {name}.")
        fix.append("Read the WinError code: 126 missing dependency, 193 wrong bitness/corrupt, 1114 initialization failed, 1455 page file too small.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
