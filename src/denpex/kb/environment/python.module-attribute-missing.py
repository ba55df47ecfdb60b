"""Computed diagnosis for python.module-attribute-missing: the numpy alias removals (1.24, 2.0) get their exact
replacement; known removals in torch/Pillow/TensorFlow/Python get their version; the rest a version check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# NumPy 1.24 removed the aliases of builtins deprecated in 1.20: np.X -> (builtin, numpy scalar type)
_NP_ALIASES = {
    "float": ("float", "np.float64"),
    "int": ("int", "np.int64 (or np.int_)"),
    "bool": ("bool", "np.bool_"),
    "object": ("object", "np.object_"),
    "complex": ("complex", "np.complex128"),
    "str": ("str", "np.str_"),
}
# NumPy 2.0 removals whose message users meet most, with the replacement (numpy prints its own hint too)
_NP2 = {
    "float_": "np.float64", "complex_": "np.complex128", "NaN": "np.nan", "Inf": "np.inf", "Infinity": "np.inf",
    "infty": "np.inf", "PINF": "np.inf", "NINF": "-np.inf", "string_": "np.bytes_", "unicode_": "np.str_",
    "product": "np.prod", "cumproduct": "np.cumprod", "alltrue": "np.all", "sometrue": "np.any", "round_": "np.round",
    "mat": "np.asmatrix", "asfarray": "np.asarray(x, dtype=float)", "issubclass_": "issubclass",
    "find_common_type": "np.result_type / np.promote_types", "sctypes": "(no replacement: list the types explicitly)",
    "cast": "np.asarray(x).astype(dtype)",
}
# (module, attribute or '*') -> (what happened, fix)
_KNOWN: dict[tuple[str, str], tuple[str, str]] = {
    ("torch.library", "register_fake"): (
        "torch.library.register_fake exists from torch 2.4 on; torchvision >= 0.19 (and recent xformers/diffusers) call it, so torch is older than its companions",
        "Install the torch that matches torchvision (torchvision 0.19 pairs with torch 2.4), or downgrade torchvision to the release paired with your torch."),
    ("torch", "compile"): ("torch.compile exists from torch 2.0 on", "Upgrade torch to >= 2.0, or run without torch.compile."),
    ("torch", "float8_e4m3fn"): ("torch float8 dtypes exist from torch 2.1 on", "Upgrade torch to >= 2.1."),
    ("torch", "float8_e5m2"): ("torch float8 dtypes exist from torch 2.1 on", "Upgrade torch to >= 2.1."),
    ("torch.nn.attention", "sdpa_kernel"): ("torch.nn.attention.sdpa_kernel exists from torch 2.3 on", "Upgrade torch to >= 2.3, or use torch.backends.cuda.sdp_kernel on older releases."),
    ("PIL.Image", "ANTIALIAS"): (
        "Pillow 10 removed Image.ANTIALIAS (and LINEAR/CUBIC); use Image.LANCZOS (or Image.Resampling.LANCZOS)",
        "Replace Image.ANTIALIAS with Image.LANCZOS, upgrade the importing library, or pin pillow<10."),
    ("distutils", "version"): (
        "setuptools >= 59.6 no longer makes distutils.version available as an attribute of distutils; torch < 1.11 (torch.utils.tensorboard) relies on it",
        "pip install setuptools==59.5.0, or upgrade torch (>= 1.11 no longer uses distutils.version)."),
    ("inspect", "getargspec"): (
        "Python 3.11 removed inspect.getargspec (deprecated since 3.0); code written for older Pythons (SentEval, bert4keras, pymorphy2, old Keras) still calls it",
        "Replace inspect.getargspec(f) with inspect.getfullargspec(f) (same first four fields), upgrade the library that calls it, or run Python <= 3.10."),
    ("inspect", "formatargspec"): (
        "Python 3.11 removed inspect.formatargspec",
        "Use str(inspect.signature(f)), upgrade the library that calls it, or run Python <= 3.10."),
    ("os", "sched_getaffinity"): ("os.sched_getaffinity exists only on Linux", "Run on Linux, or use os.cpu_count() where the code calls sched_getaffinity."),
    ("signal", "SIGKILL"): ("signal.SIGKILL does not exist on Windows", "Run on Linux/macOS (or WSL), or use a library release that supports Windows."),
    ("signal", "SIGALRM"): ("signal.SIGALRM does not exist on Windows", "Run on Linux/macOS (or WSL), or avoid the alarm-based timeout."),
    ("jax", "tree_map"): ("jax.tree_map was deprecated and removed from newer jax; use jax.tree.map (or jax.tree_util.tree_map)",
                          "Replace jax.tree_map with jax.tree.map, upgrade the library that calls it (flax, optax, ...), or pin jax to the release the code targets."),
}
# import name -> (the distribution that provides it, what the same-named PyPI package is instead): `pip install <name>`
# fetched an unrelated project, so the import works but none of the expected API is there
_WRONG_DISTRIBUTION: dict[str, tuple[str, str]] = {
    "lance": ("pylance", "the PyPI package 'lance' is an unrelated project, not the Lance columnar dataset library"),
    "autogen": ("pyautogen", "the PyPI package 'autogen' is not the Microsoft AutoGen 0.2 that autogenstudio 0.1.x and "
                "agentchat 0.2 code import (pip install pyautogen, or autogen-agentchat~=0.2)"),
}
_TF1 = {"Session", "placeholder", "ConfigProto", "get_default_graph", "global_variables_initializer", "GPUOptions",
        "variable_scope", "reset_default_graph", "InteractiveSession", "set_random_seed", "contrib", "logging"}
_COLLECTIONS_ABC = {"Mapping", "MutableMapping", "Sequence", "MutableSequence", "Iterable", "Iterator", "Callable",
                    "Set", "MutableSet", "Hashable", "Sized", "Container", "Generator"}

# the package's central entry point: every release has it, so its absence means the import found something else
_CORE_API = {("gym", "make"), ("gymnasium", "make"), ("numpy", "array"), ("numpy", "zeros"), ("torch", "tensor"),
             ("torch", "zeros"), ("cv2", "imread"), ("pandas", "DataFrame"), ("pandas", "read_csv"),
             ("yaml", "safe_load"), ("requests", "get"), ("carla", "Client"), ("mujoco", "MjModel")}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "").strip("'\"`")
    module = str(facts.get("module") or "").strip("'\"")
    np2 = str(facts.get("np2_attr") or "")
    hint = str(facts.get("numpy_hint") or "").strip()
    suggestion = facts.get("suggestion")
    if not attr and not np2:
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if np2:
        repl = _NP2.get(np2)
        derived.update(module_label="numpy", attr=np2)
        parts.append(f"NumPy 2.0 removed np.{np2}; the code (yours or a library's) was written for NumPy 1.x.")
        if repl or hint:
            fix.append(f"Replace np.{np2} with {repl or hint.rstrip('.')} in the code" + (" (numpy's own hint: " + hint + ")" if hint and repl else "") + ".")
        fix.append("Or upgrade the library that uses it to a NumPy 2 compatible release; as a stopgap pin 'numpy<2' (with the packages compiled for NumPy 1).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    derived["module_label"] = module or "the module"
    top = module.split(".", 1)[0]
    if module == "numpy" and attr in _NP_ALIASES:
        builtin, scalar = _NP_ALIASES[attr]
        parts.append(
            f"NumPy 1.24 removed np.{attr}, a deprecated alias of the Python builtin {builtin} (deprecated since NumPy 1.20); "
            "the code that uses it was written for an older NumPy."
        )
        fix.append(f"Replace np.{attr} with {builtin} (identical behaviour), or with {scalar} if a NumPy scalar type was meant.")
        if attr == "bool":
            fix.append("NumPy >= 2.0 has np.bool again (as the NumPy bool type): upgrading numpy to 2.x also makes this line work, if the rest of the stack supports NumPy 2.")
        fix.append("If the line is inside a library, upgrade that library (most fixed this in 2023); as a stopgap pin 'numpy<1.24'.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    known = _KNOWN.get((module, attr))
    wrong = _WRONG_DISTRIBUTION.get(module)
    if wrong:
        dist, what = wrong
        derived["distribution"] = dist
        parts.append(f"'{module}' imported but has no '{attr}': {what}. The import name {module} is provided by the "
                     f"distribution '{dist}', so `pip install {module}` installed the wrong package.")
        fix.append(f"pip uninstall -y {module} && pip install {dist} (uninstall first: both install a top-level '{module}' module).")
    elif known:
        parts.append(f"'{module}' has no attribute '{attr}': {known[0]}.")
        fix.append(known[1])
    elif top == "tensorflow" and attr in _TF1:
        parts.append(f"tf.{attr} is a TensorFlow 1.x API; TensorFlow 2 moved it to tf.compat.v1 (tf.contrib was removed).")
        fix.append(f"Use tf.compat.v1.{attr} (with tf.compat.v1.disable_v2_behavior() for graph code), or run the code under TensorFlow 1.15.")
    elif module == "collections" and attr in _COLLECTIONS_ABC:
        parts.append(f"Python 3.10 removed collections.{attr}; it lives in collections.abc. The code predates Python 3.10.")
        fix.append(f"Use collections.abc.{attr}, upgrade the library that uses collections.{attr}, or run under Python <= 3.9.")
    elif top == "torch" and str(facts.get("companion") or "") in ("torchvision", "torchaudio", "torchtext"):
        lib = str(facts.get("companion"))
        derived["pair"] = f"{lib} newer than torch"
        parts.append(
            f"{lib} itself uses {module}.{attr}, which this torch does not have: {lib} was installed for a newer torch "
            f"(pip upgraded {lib} alone, or the two come from different channels). Each {lib} release supports one torch release."
        )
        fix.append(f"Install the matching pair in one command, e.g. pip install torch==2.1.2 {lib}==" + ("0.16.2" if lib == "torchvision" else "2.1.2")
                   + f" (torchvision 0.(15+k) pairs with torch 2.k; 0.(N+1) with torch 1.N), or downgrade {lib} to the release made for your torch.")
        fix.append(f"Check both: python -c 'import torch, {lib}; print(torch.__version__, {lib}.__version__)'.")
    elif (module, attr) in _CORE_API:
        derived["cause"] = "shadowed"
        parts.append(
            f"Every release of {module} defines {module}.{attr}, so the '{module}' that was imported is not the installed package: "
            f"a local file {module}.py or a folder {module}/ (in the working directory or next to the script, e.g. the script itself "
            f"named {module}.py) shadows it, or the package is half-installed."
        )
        fix.append(f"python -c 'import {module}; print({module}.__file__)' shows which file was imported; rename the local {module}.py / "
                   f"{module}/ (and delete __pycache__), or cd out of that folder.")
        fix.append(f"If __file__ is the real package (or None: an empty namespace folder), reinstall it: pip install --force-reinstall {module if module != 'cv2' else 'opencv-python'}.")
    elif module == "torch._C" and attr.startswith("_cuda"):
        parts.append(f"torch._C has no {attr}: this torch is a CPU-only build, so the CUDA bindings are absent.")
        fix.append("Install a CUDA build of torch from the PyTorch index (e.g. pip install torch --index-url https://download.pytorch.org/whl/cu121) and check torch.version.cuda is not None.")
    else:
        parts.append(
            f"'{module or 'the module'}' imported, but the installed version does not define '{attr}': the code was written for another "
            f"version of {top or 'the package'} (the attribute was added later, or renamed/removed since)."
        )
        if top:
            fix.append(f"Check the installed version (python -c 'import {top}; print({top}.__version__)') against the one the code expects, and upgrade or downgrade {top}.")
        fix.append(f"If a local file is named {top}.py (or a folder {top}/ sits in the working directory), it shadows the package: rename it.")
        if module and attr.islower() and attr.isidentifier():
            # "module 'statsmodels.tsa' has no attribute 'arima'": a package does not import its subpackages
            fix.append(f"If {module}.{attr} is a subpackage, it exists but was never imported: a package does not import its "
                       f"subpackages by itself; add 'import {module}.{attr}' before using it.")
    if suggestion:
        parts.append(f"Python suggests '{suggestion}', which this version does define: the name may have been renamed.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
