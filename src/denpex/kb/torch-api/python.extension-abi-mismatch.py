"""Computed diagnosis for python.extension-abi-mismatch: which extension, which symbol (demangled), and the rebuild."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# shared-object / module basename -> pip package that ships it
_PACKAGES = {
    "flash_attn_2_cuda": "flash-attn", "flash_attn_cuda": "flash-attn", "flash_attn_3": "flash-attn",
    "fused_layer_norm_cuda": "apex", "amp_c": "apex", "apex_c": "apex", "fused_dense_cuda": "apex",
    "syncbn": "apex", "scaled_masked_softmax_cuda": "apex",
    "selective_scan_cuda": "mamba-ssm", "causal_conv1d_cuda": "causal-conv1d",
    "transformer_engine_extensions": "transformer-engine", "transformer_engine_torch": "transformer-engine",
    "libbitsandbytes_cuda": "bitsandbytes", "libbitsandbytes_cpu": "bitsandbytes",
    "_youtokentome_cython": "youtokentome",
}
_DIRS = ("xformers", "torchvision", "torchaudio", "vllm", "pytorch3d", "detectron2", "mmcv", "apex",
         "flash_attn", "deepspeed", "bitsandbytes", "torch_scatter", "torch_sparse", "torch_cluster",
         "spconv", "nvdiffrast", "tensorrt_llm", "sglang", "sgl_kernel", "vllm_flash_attn", "auto_gptq", "awq",
         "torch")


def demangle(sym: str) -> str | None:
    """Tiny Itanium demangler for nested names: _ZN3c104cuda9SetDeviceEi -> c10::cuda::SetDevice(int)."""
    s = sym.lstrip("_")
    if not s.startswith("Z"):
        return None
    s = s[1:]
    const = False
    names: list[str] = []
    i = 0
    if s.startswith("N"):
        i = 1
        if s[i:i + 1] == "K":
            const, i = True, i + 1
        while i < len(s) and s[i] != "E":
            if s[i].isdigit():
                m = re.match(r"\d+", s[i:])
                assert m is not None
                n = int(m.group(0))
                i += len(m.group(0))
                names.append(s[i:i + n])
                i += n
            elif s[i:i + 2] in ("C1", "C2", "C3") and names:
                names.append(names[-1])
                i += 2
            elif s[i:i + 2] in ("D0", "D1", "D2") and names:
                names.append("~" + names[-1])
                i += 2
            elif s[i:i + 2] == "St":
                names.append("std")
                i += 2
            else:
                break
        i += 1
    else:
        m = re.match(r"(\d+)", s)
        if not m:
            return None
        n = int(m.group(1))
        i = len(m.group(1))
        names.append(s[i:i + n])
        i += n
    if not names:
        return None
    rest = s[i:]
    simple = {"v": "", "i": "int", "a": "signed char", "c": "char", "b": "bool", "l": "long", "m": "unsigned long", "f": "float", "d": "double", "j": "unsigned int"}
    if rest in simple:
        args = simple[rest]
    elif rest:
        args = "..."
    else:
        args = ""
    return "::".join(names) + f"({args})" + (" const" if const else "")


def _extension(lib: str | None, module: str | None, symbol: str | None) -> str | None:
    if module:
        return _PACKAGES.get(module.lower(), module)
    if symbol and "::" in symbol:
        ns = symbol.split("::", 1)[0]
        return {"_c": "vllm", "vllm": "vllm", "torchvision": "torchvision", "torchaudio": "torchaudio", "xformers": "xformers", "_C": "vllm"}.get(ns, ns)
    if not lib:
        return None
    base = lib.replace("\\", "/").rsplit("/", 1)[-1]
    stem = base.split(".", 1)[0]
    if stem.lower() in _PACKAGES:
        return _PACKAGES[stem.lower()]
    parts = lib.replace("\\", "/").split("/")
    if "site-packages" in parts or "dist-packages" in parts:
        idx = max(i for i, p in enumerate(parts) if p in ("site-packages", "dist-packages"))
        if idx + 1 < len(parts) - 1:
            return parts[idx + 1].replace("_", "-") if parts[idx + 1] not in ("torch",) else "torch"
    for d in _DIRS:
        if f"/{d}/" in lib:
            return d
    if "torch_extensions" in lib:
        return f"{stem} (a torch JIT extension in ~/.cache/torch_extensions)"
    return stem


def _classify(symbol: str, pretty: str | None) -> str:
    name = pretty or symbol
    if re.match(r"(c10|at|torch|caffe2)::", name) or re.match(r"_?_ZN?K?(3c10|2at|5torch|6caffe2)", symbol):
        return "libtorch"
    if "__cxx11" in symbol:
        return "cxx11abi"
    low = symbol.lower()
    if any(k in low for k in ("cudnn", "cublas", "cusparse", "nvjitlink", "cufft", "curand", "nccl", "cusolver", "cuda")):
        return "cuda"
    if symbol.startswith(("Py", "_Py")):
        return "python"
    return "other"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib, symbol, module = facts.get("library"), facts.get("symbol"), facts.get("module")
    ext = _extension(lib, module, symbol)
    derived: dict[str, Any] = {}
    fix: list[str] = []
    parts: list[str] = []

    sym_kind = _classify(str(symbol), None) if symbol else ""
    torchy = bool(
        any(facts.get(k) for k in ("built_torch", "have_torch", "torch_cuda", "detected_cuda", "ext_cuda"))
        or sym_kind in ("libtorch", "cxx11abi", "cuda")
        or (symbol and "::" in str(symbol))
        or any(t in f"{lib or ''} {module or ''} {ext or ''}".lower() for t in ("torch", "cuda", "xformers", "vllm", "flash_attn", "apex", "mmcv", "detectron2"))
        or (ext or "") in _PACKAGES.values() or (ext or "") in _DIRS
    )
    derived["against"] = "torch/CUDA/Python" if torchy else ("Python" if sym_kind == "python" else "libraries it links against")

    def rebuild(pkg: str | None) -> None:
        p = pkg or "<package>"
        if not torchy:
            fix.append(f"Reinstall {p} so that it is built against the libraries now installed: pip install --no-binary :all: --force-reinstall --no-deps {p} (or the wheel/conda package built for them).")
            fix.append("If it links a system C library (ldd <library> shows which), make the library version and the one the module was built for the same: upgrade/downgrade the library or rebuild the module after changing it.")
            return
        fix.append(f"Rebuild against the installed torch: pip install --no-build-isolation --force-reinstall --no-deps {p}")
        fix.append(f"Or install the {p} wheel built for your exact torch version, CUDA major, cxx11abi flag and Python (python -c 'import torch; print(torch.__version__, torch.version.cuda, torch._C._GLIBCXX_USE_CXX11_ABI)').")

    def reinstall(pkg: str | None) -> None:
        """torchvision is not rebuilt: the wheel paired with the installed torch is installed instead."""
        if pkg == "torchvision":
            fix.append("Install the torchvision paired with your torch from the same index (CPU vs cuXXX must match): see https://pytorch.org/get-started/previous-versions/.")
        else:
            rebuild(pkg)

    if facts.get("built_torch") or facts.get("have_torch") or ("xformers" in str(facts.get("built_python", ""))):
        ext = "xformers"
        bt, ht = facts.get("built_torch"), facts.get("have_torch")
        derived["what"] = f"built for torch {bt}, running {ht}"
        parts.append(f"xformers was built for PyTorch {bt or '?'} (CUDA {facts.get('built_cuda', '?')}) but this environment has {ht or '?'}; its C++/CUDA kernels are disabled.")
        if facts.get("built_python") and facts.get("have_python") and facts["built_python"].rsplit(".", 1)[0] != facts["have_python"].rsplit(".", 1)[0]:
            parts.append(f"It was also built for Python {facts['built_python']} (you have {facts['have_python']}).")
        fix.append(f"Install the xformers release built for torch {ht}: pip install -U xformers --index-url https://download.pytorch.org/whl/cu<your CUDA, e.g. 121>" if ht else "Install the xformers release built for your torch.")
        if bt:
            fix.append(f"Or pin torch to the version xformers expects: pip install torch=={bt.split('+')[0]} (with the matching CUDA index).")
    elif facts.get("detected_cuda"):
        d, t = facts.get("detected_cuda"), facts.get("torch_cuda")
        derived["what"] = f"nvcc CUDA {d} vs torch CUDA {t or '?'}"
        ext = ext or "the extension being built"
        parts.append(f"The build uses nvcc from CUDA {d} but torch was compiled with CUDA {t or '?'}; cpp_extension refuses to build across CUDA major versions.")
        fix.append(f"Point the build at a CUDA {t} toolkit: export CUDA_HOME=/usr/local/cuda-{t} (PATH=$CUDA_HOME/bin:$PATH) and rebuild with --no-build-isolation." if t else "Use the CUDA toolkit whose version matches torch.version.cuda (export CUDA_HOME=...).")
        if t:
            fix.append(f"Or install the torch build for CUDA {d.split('.')[0]}.x (e.g. --index-url https://download.pytorch.org/whl/cu{d.replace('.', '')}).")
    elif facts.get("ext_cuda"):
        ext = "torchvision"
        t, v = facts.get("torch_cuda"), facts.get("ext_cuda")
        derived["what"] = f"torch CUDA {t} vs torchvision CUDA {v}"
        parts.append(f"torch was built with CUDA {t} and torchvision with CUDA {v}: they come from different indexes or releases.")
        fix.append(f"Reinstall the torchvision paired with your torch from the same index: pip install --force-reinstall --no-deps torchvision==<pair> --index-url https://download.pytorch.org/whl/cu{str(t).replace('.', '')}.")
    elif facts.get("built_api"):
        ext = ext or "a numpy C extension"
        derived["what"] = f"numpy C-API {facts['built_api']} vs {facts.get('have_api')}"
        parts.append(f"A compiled module was built against numpy C-API {facts['built_api']} but the installed numpy provides {facts.get('have_api')} (typically a module built for numpy 1.x under numpy 2.x, or the reverse).")
        fix.append("Install a numpy compatible with the compiled modules (pip install 'numpy<2') or upgrade the modules to builds for numpy 2.")
    elif facts.get("glibcxx"):
        g = facts["glibcxx"]
        derived["what"] = f"needs GLIBCXX_{g}"
        parts.append(f"{ext or 'A binary'} needs libstdc++ with GLIBCXX_{g}, but the libstdc++.so.6 loaded first is older (usually the system or an old conda copy shadowing a newer one).")
        fix.append("Use a newer libstdc++: conda install -c conda-forge 'libstdcxx-ng>=12' (or libstdcxx) in the env, or put the newer library first: export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH.")
    elif facts.get("cxxabi"):
        g = facts["cxxabi"]
        derived["what"] = f"needs CXXABI_{g}"
        parts.append(f"{ext or 'A binary'} needs the C++ ABI level CXXABI_{g} of libstdc++, but the libstdc++.so.6 loaded first is older: the process (often R via reticulate, or a system Python) loaded the OS copy before the conda environment's newer one.")
        fix.append("Load the environment's newer libstdc++ first: export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH before starting R/Python (for R: set it in ~/.Renviron or start R from the activated env), or LD_PRELOAD=$CONDA_PREFIX/lib/libstdc++.so.6.")
        fix.append("Or upgrade the system libstdc++ (newer GCC runtime) so it provides CXXABI_" + str(g) + "; strings /usr/lib64/libstdc++.so.6 | grep CXXABI lists what it has.")
    elif symbol:
        pretty = demangle(symbol) if symbol.lstrip("_").startswith("Z") else None
        if pretty:
            derived["demangled"] = pretty
        kind = _classify(symbol, pretty)
        derived["symbol_kind"] = kind
        if "::" in symbol and not symbol.startswith("_"):
            derived["what"] = f"operator {symbol} not registered"
            parts.append(f"The custom operator {symbol} is not registered: the C++ library of {ext} did not load for this torch (version/CUDA-variant mismatch or a CPU build), so its ops are missing.")
            reinstall(ext)
        else:
            derived["what"] = f"undefined symbol {pretty or symbol}"
            where = f"{ext} ({lib})" if lib and ext else (ext or lib or "a compiled extension")
            sym_txt = f"{symbol}" + (f" = {pretty}" if pretty else "")
            if "__cxx11" in symbol:
                parts.append(f"{where} needs {sym_txt}, a symbol using the C++11 std::string ABI: the extension and torch were built with different _GLIBCXX_USE_CXX11_ABI settings (or different torch versions).")
                fix.append("Pick the wheel whose cxx11abi flag matches torch._C._GLIBCXX_USE_CXX11_ABI (e.g. flash-attn ...cxx11abiFALSE... when it prints False).")
                rebuild(ext)
            elif kind == "libtorch":
                parts.append(f"{where} needs {sym_txt} from libtorch; the installed torch does not export it: the extension was built against a different torch version.")
                rebuild(ext)
            elif kind == "cuda":
                parts.append(f"{where} needs {sym_txt} from a CUDA library; the CUDA library that was loaded is another version (system CUDA on LD_LIBRARY_PATH shadowing the pip nvidia-* packages, or a cuXXX mix).")
                fix.append("Make one CUDA library set win: unset LD_LIBRARY_PATH entries that point at /usr/local/cuda*/lib64, or install matching nvidia-* pip packages; check with ldd <library> | grep -E 'cu|nv'.")
            elif kind == "python":
                parts.append(f"{where} needs the Python C-API symbol {symbol}: it was built for another Python version.")
                fix.append("Install the wheel for your Python tag (cp310, cp311, ...) or rebuild it with this interpreter.")
            else:
                parts.append(f"{where} needs {sym_txt}, which the loaded libraries do not provide: it was built against different versions of its dependencies.")
                rebuild(ext)
    elif module:
        derived["what"] = f"{module}: a DLL procedure is missing"
        parts.append(f"Windows could not find a procedure the DLL of {ext} imports: the module was built for {'another torch/CUDA version' if torchy else 'other versions of the DLLs it loads'} (the Windows form of an undefined symbol).")
        rebuild(ext)
    elif facts.get("_signature") == "compiled-c-import-cut":
        # the loader's reason was cut from the paste: what is left is that importing the compiled module failed
        ext = ext if lib and len(str(lib)) > 1 else None
        derived["what"] = "its compiled module would not load; the reason was cut from the log"
        where = f"{ext} ({lib})" if ext else "a compiled _C module"
        parts.append(
            f"Importing {where} failed in the dynamic loader; the rest of the line (usually 'undefined symbol: ...', "
            "sometimes a missing shared library) is not in the log. Under a torch extension this is almost always a "
            "build for another torch version."
        )
        fix.append("Run the import alone to see the whole message: python -c 'import torch, torchvision; from torchvision import _C' (or the failing module's import).")
        reinstall(ext)
    else:
        return None
    if ext:
        derived["extension"] = ext
    else:
        derived["extension"] = "a compiled extension"
    derived.setdefault("what", "ABI mismatch")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
