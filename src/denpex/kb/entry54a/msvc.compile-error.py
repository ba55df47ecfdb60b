"""Computed diagnosis for msvc.compile-error: error-code family, the quoted name, the library and package involved."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_API = {"C2661", "C2660", "C2039", "C2664", "C2440", "C2672", "C2665", "C2668", "C2064", "C2280", "C2027"}
_SYNTAX = {"C2059", "C2143", "C2146", "C2061", "C2332", "C2447", "C2334", "C2238", "C4430", "C2988", "C2062"}
_UNDECLARED = {"C2065", "C3861", "C2653", "C2871", "C2275"}
_MEANING = {
    "C2661": "no overloaded function takes that many arguments", "C2660": "function does not take that many arguments",
    "C2039": "is not a member of", "C2664": "cannot convert argument", "C2440": "cannot convert from one type to another",
    "C2672": "no matching overloaded function found", "C2059": "syntax error", "C2143": "syntax error: missing token",
    "C2146": "syntax error: missing token before identifier", "C2061": "syntax error: identifier",
    "C4430": "missing type specifier", "C2065": "undeclared identifier", "C3861": "identifier not found",
    "C2653": "is not a class or namespace name", "C2280": "attempting to reference a deleted function",
}
# namespace prefix -> library
_LIBS = {"ov": "OpenVINO", "InferenceEngine": "OpenVINO (Inference Engine)", "stan": "Stan Math (pystan)",
         "Eigen": "Eigen", "torch": "PyTorch (libtorch)", "at": "PyTorch ATen", "c10": "PyTorch c10",
         "pybind11": "pybind11", "Ort": "onnxruntime", "onnxruntime": "onnxruntime", "cv": "OpenCV",
         "boost": "Boost", "google": "protobuf/abseil", "absl": "abseil", "tensorflow": "TensorFlow",
         "ggml": "ggml", "llama": "llama.cpp", "thrust": "CUDA Thrust", "cub": "CUDA CUB"}
_QUOTED = re.compile(r"['\"“‘]([^'\"”’\r\n]{1,200})['\"”’]")


def _package(path: str) -> str | None:
    low = path.replace("\\", "/")
    m = re.search(r"/site-packages/([A-Za-z0-9_.-]+)/", low, re.IGNORECASE)
    if m:
        return m.group(1)
    m = re.search(r"/pip-(?:install|req-build)-[^/]+/([A-Za-z0-9_.-]+?)_[0-9a-f]{16,}/", low, re.IGNORECASE)
    if m:
        return m.group(1)
    if re.search(r"(?:^|/)(?:ggml|llama)[^/]*\.(?:h|c|cpp)$", low, re.IGNORECASE) or "/llama.cpp" in low.lower():
        return "llama.cpp/ggml"
    return None


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("code") or "").upper()
    if not re.fullmatch(r"C\d{4}", code):
        return None
    path = str(facts.get("source_file") or "")
    what = str(facts.get("what") or "")
    what = re.sub(r"\s*\[[^\]\s]*(?:\.vcxproj\])?\s*$", "", what).strip()
    file_name = re.split(r"[\\/]", path)[-1] if path else "?"
    quoted = _QUOTED.findall(what)
    name = quoted[0].strip() if quoted else ""
    derived: dict[str, Any] = {"file_name": file_name}
    if name:
        derived["symbol"] = name
    pkg = _package(path)
    if pkg:
        derived["package"] = pkg
    lib = None
    for cand in quoted:
        m = re.match(r"\s*(?:class |struct )?:{0,2}([A-Za-z_]\w*)::", cand)
        if m and m.group(1) in _LIBS:
            lib = _LIBS[m.group(1)]
            break
    if pkg and pkg.lower().startswith("pystan"):
        lib = _LIBS["stan"]
    if lib:
        derived["library"] = lib
    nargs = re.search(r"(?:takes|接受|toma|admite) (\d+) ", what)
    fix: list[str] = []
    where = f" in {pkg}" if pkg else ""
    if code in _API:
        family = "api-mismatch"
        conv = re.search(r"from ['\"“‘]([^'\"”’]{1,120})['\"”’] to ['\"“‘]([^'\"”’]{1,120})['\"”’]", what)
        if conv and code in {"C2440", "C2664"}:
            subj = f"the conversion from '{conv.group(1)}' to '{conv.group(2)}'"
            derived.pop("symbol", None)
        else:
            subj = f"'{name}'" if name else "the code"
        text = (f"{code} ({_MEANING.get(code, 'overload/conversion error')}){where}: {subj} does not fit the declarations "
                f"in the headers being compiled against" + (f" ({lib})" if lib else "") + ": the source and that "
                "library are different versions.")
        if pkg and pkg.lower().startswith("pystan"):
            text = (f"{code} ({_MEANING.get(code, 'overload/conversion error')}) in pystan's bundled Stan Math "
                    f"({file_name}): pystan 2's C++ no longer compiles with this MSVC toolset (code and compiler versions "
                    "do not match).")
        if nargs and code in {"C2661", "C2660"}:
            derived["arg_count"] = int(nargs.group(1))
            text += f" The call passes {nargs.group(1)} arguments; the installed headers have no such overload."
        fix.append(f"Install the {lib or 'library'} version this source was written for (see its README / release "
                   "notes), or use the package release made for your installed version.")
        if pkg and pkg.lower().startswith("pystan"):
            fix.append("prophet: pip install 'prophet>=1.1' (cmdstanpy backend, prebuilt wheels) instead of building pystan 2.")
        fix.append("Prefer a prebuilt wheel: pip install --only-binary :all: <package>")
    elif code in _SYNTAX or code.startswith("C7"):
        family = "syntax-or-standard"
        text = (f"{code} ({_MEANING.get(code, 'language-mode error')}){where} in {file_name}: MSVC does not accept this code "
                "- the toolset is older than the code expects or the /std: mode is too low; the errors after the first "
                "are follow-ups.")
        fix += ["Install the current Visual Studio 2022 Build Tools ('Desktop development with C++') and build from the "
                "x64 Native Tools prompt.",
                "Build with the C++ standard the code needs: set CL=/std:c++17 (or -DCMAKE_CXX_STANDARD=17)."]
    elif code in _UNDECLARED:
        family = "undeclared-identifier"
        if name in {"M_PI", "M_E", "M_SQRT2", "M_PI_2", "M_LN2", "M_2_PI", "M_PI_4"}:
            text = (f"{code}: '{name}' is undeclared{where}: MSVC's <cmath> defines it only with _USE_MATH_DEFINES, "
                    "which GCC/Clang builds do not need.")
            fix.append("set CL=/D_USE_MATH_DEFINES before pip install, or add define_macros=[('_USE_MATH_DEFINES', None)] in setup.py.")
        else:
            text = (f"{code}: " + (f"'{name}' " if name else "a name ") + f"is not declared{where}: a header, SDK or "
                    "library version that lacks it, or a GCC/POSIX-only name MSVC does not provide.")
            fix.append("Install the library/SDK version the source expects, or the Windows-specific define/header it needs.")
    else:
        family = "other"
        text = f"{code} ({_MEANING.get(code, 'compile error')}){where} in {file_name}: cl.exe rejected the source."
        fix.append("Look up the code in Microsoft's compiler error reference and fix the first error line.")
    derived.update(code_family=family, code_family_text=f" ({family.replace('-', ' ')})")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError, IndexError):
        return None
