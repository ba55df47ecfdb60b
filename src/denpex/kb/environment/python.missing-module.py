"""Computed diagnosis for python.missing-module: which pip distribution provides the import name,
or, for a submodule of an installed package, which package version lacks it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import import_packages
from denpex.models import Explanation

# submodules that a known release removed or added: (prefix, what happened, fix)
_SUBMODULES: tuple[tuple[str, str, str], ...] = (
    ("moviepy.editor", "moviepy 2.0 removed the moviepy.editor module (its names are imported from moviepy directly now); code written "
     "for moviepy 1.x (talking-head apps such as Linly-Talker, SadTalker forks, video-retalking) still imports it",
     "pip install 'moviepy<2' (1.0.3), or change 'from moviepy.editor import X' to 'from moviepy import X'."),
    ("torch._six", "torch 2.0 removed torch._six; the code importing it (old DeepSpeed, apex, mmcv, timm, ...) predates torch 2",
     "Upgrade the package whose frame imports torch._six (pip install -U deepspeed / timm / ...), or pin torch<2.0 to match it."),
    ("torchvision.transforms.functional_tensor", "torchvision 0.17 removed torchvision.transforms.functional_tensor (deprecated in 0.15); basicsr/gfpgan/realesrgan still import it",
     "Pin torchvision<0.17 (with its paired torch), or change the import to torchvision.transforms.functional (e.g. in basicsr/data/degradations.py)."),
    ("triton.ops", "triton 3.1 (shipped with torch 2.5+) removed triton.ops; bitsandbytes < 0.45 imports triton.ops.matmul_perf_model",
     "pip install -U bitsandbytes (>= 0.45 no longer imports triton.ops), or pin triton to the version your torch was released with."),
    ("torch._dynamo", "torch._dynamo exists from torch 2.0 on; the installed torch is older",
     "Upgrade torch to >= 2.0 (with the matching torchvision/torchaudio), or use a version of the calling library made for torch 1.x."),
    ("torch._C", "torch._C is torch's compiled core: Python found a torch package without it, usually because the current directory is a PyTorch source checkout (its torch/ folder shadows the installed wheel) or the install is broken",
     "Run from another directory (cd out of the pytorch source tree), or reinstall torch: pip install --force-reinstall torch."),
    ("pyramid.arima", "pyramid-arima was renamed pmdarima (1.0); the 'pyramid' that imports here is another package (the Pyramid web framework) or a leftover of the old install",
     "pip install pmdarima and change 'from pyramid.arima import auto_arima' to 'from pmdarima import auto_arima'."),
    ("sklearn.externals.joblib", "scikit-learn 0.23 removed sklearn.externals.joblib",
     "Replace 'from sklearn.externals import joblib' with 'import joblib' (pip install joblib), or pin scikit-learn<0.23."),
    ("numpy._core", "numpy._core exists only in numpy >= 2.0: a pickle or compiled module made under numpy 2 is being loaded with numpy 1.x",
     "pip install -U 'numpy>=2' (if the rest of the stack supports it), or re-save the pickle/checkpoint under numpy 1.x."),
    ("tensorflow.contrib", "TensorFlow 2.0 removed tf.contrib",
     "Port the code to TF 2 APIs (tf.compat.v1, tensorflow-addons), or run it under TensorFlow 1.15."),
    ("keras.src", "keras.src is Keras 3's layout: an object saved under Keras 3 is loaded with Keras 2 (or the reverse)",
     "Load it with the Keras major version that saved it (pip install 'keras>=3' or tf-keras for Keras 2 code)."),
    ("transformers.models.", "this transformers release has no such model package: the architecture was added in a later release (or renamed)",
     "pip install -U transformers (the model card states the minimum version); or load with trust_remote_code=True if the repo ships its own code."),
    ("transformers.modeling_", "transformers 4.x moved transformers.modeling_<model> to transformers.models.<model>.modeling_<model>",
     "Change the import to transformers.models.<model>.modeling_<model> (or 'from transformers import ...'), or pin the transformers 3.x the code was written for."),
    ("transformers.tokenization_", "transformers 4.x moved transformers.tokenization_<model> to transformers.models.<model>.tokenization_<model>",
     "Change the import to the transformers.models.<model> path (or 'from transformers import ...'), or pin the transformers 3.x the code was written for."),
    ("huggingface_hub.utils._errors", "huggingface_hub 0.25 removed its private module huggingface_hub.utils._errors (the error classes moved to huggingface_hub.errors); the library whose frame imports it predates huggingface_hub 0.25",
     "Upgrade the library whose frame imports huggingface_hub.utils._errors (pip install -U <that package>: mlx-lm, sentence-transformers, DataDreamer, ... fixed it), or pin huggingface_hub<0.25 (e.g. pip install 'huggingface_hub==0.24.7')."),
    ("huggingface_hub.errors", "huggingface_hub.errors is the public home of the hub's error classes only in recent releases (all of them there from 0.25); the installed huggingface_hub is older",
     "pip install -U 'huggingface_hub>=0.25' (checking what pins it: pip show huggingface_hub lists Required-by), or import the error classes from huggingface_hub.utils, which works on old and new releases."),
    ("megatron.training", "megatron.training is part of the Megatron-LM git repository, not of the megatron-core wheel (pip's megatron-core installs only megatron.core); no megatron-core version adds it",
     "Clone Megatron-LM (the commit the calling project pins) and put it on the path: export PYTHONPATH=/path/to/Megatron-LM:$PYTHONPATH (or pip install -e /path/to/Megatron-LM); do not pip install megatron - that PyPI name is an unrelated project."),
    ("megatron.legacy", "megatron.legacy is part of the Megatron-LM git repository, not of the megatron-core wheel (pip's megatron-core installs only megatron.core)",
     "Clone Megatron-LM (the commit the calling project pins) and export PYTHONPATH=/path/to/Megatron-LM:$PYTHONPATH; do not pip install megatron - that PyPI name is an unrelated project."),
    ("megatron.optimizer", "megatron.optimizer is the pre-0.6 Megatron-LM repository layout (later megatron.core.optimizer); the megatron-core wheel never shipped it",
     "Put the Megatron-LM checkout of the version the calling project expects on PYTHONPATH (export PYTHONPATH=/path/to/Megatron-LM:$PYTHONPATH), or upgrade the calling project to megatron.core.optimizer."),
    ("langchain.", "LangChain 0.1/0.2 moved integrations out of langchain into langchain_community, langchain_openai and other partner packages",
     "pip install -U langchain-community (and the partner package) and import from langchain_community / langchain_openai, or pin the langchain version the code was written for."),
)

# the one-line advice (message) for some of the prefixes above; the others read "<top> is installed but this version has no <module>"
_SUBMODULE_ADVICE: dict[str, str] = {
    "huggingface_hub.utils._errors": "removed in huggingface_hub 0.25 - upgrade the importing library or pin huggingface_hub<0.25",
    "huggingface_hub.errors": "huggingface_hub is older than 0.25 - upgrade it",
    "megatron.training": "megatron.training is in the Megatron-LM repository, not in megatron-core - put the Megatron-LM checkout on PYTHONPATH",
    "megatron.legacy": "megatron.legacy is in the Megatron-LM repository, not in megatron-core - put the Megatron-LM checkout on PYTHONPATH",
    "megatron.optimizer": "megatron.optimizer is the old Megatron-LM repository layout - put that checkout on PYTHONPATH",
}

# standard-library modules that exist only when Python was built with a system library, or that were removed
_STDLIB: dict[str, str] = {
    "_lzma": "this Python was compiled without liblzma (pyenv/source build): install liblzma-dev (xz-devel) and rebuild Python",
    "lzma": "this Python was compiled without liblzma (pyenv/source build): install liblzma-dev (xz-devel) and rebuild Python",
    "_bz2": "this Python was compiled without libbz2: install libbz2-dev (bzip2-devel) and rebuild Python",
    "_ctypes": "this Python was compiled without libffi: install libffi-dev (libffi-devel) and rebuild Python",
    "_sqlite3": "this Python was compiled without SQLite: install libsqlite3-dev (sqlite-devel) and rebuild Python",
    "_ssl": "this Python was compiled without OpenSSL: install libssl-dev (openssl-devel) and rebuild Python",
    "_tkinter": "Tk support is a separate OS package: apt-get install python3-tk (or brew install python-tk; rebuild pyenv Pythons after installing tk-dev)",
    "tkinter": "Tk support is a separate OS package: apt-get install python3-tk (or brew install python-tk; rebuild pyenv Pythons after installing tk-dev)",
    "distutils": "Python 3.12 removed distutils (and Debian/Ubuntu Pythons before 3.12 ship it separately as python3-distutils): pip install setuptools (it provides a distutils shim) or apt-get install python3-distutils, or upgrade the package that imports distutils",
    "imp": "Python 3.12 removed the imp module: upgrade the package that imports it (it should use importlib), or run it under Python <= 3.11",
    "asynchat": "Python 3.12 removed asynchat/asyncore: upgrade the package that imports it, or run it under Python <= 3.11",
    "asyncore": "Python 3.12 removed asynchat/asyncore: upgrade the package that imports it, or run it under Python <= 3.11",
}

# top-level names that are nearly always the project's own folders, not PyPI packages
_LOCAL = frozenset({
    "utils", "util", "models", "model", "src", "config", "configs", "data", "dataset", "datasets_local", "common",
    "lib", "libs", "modules", "module", "tools", "core", "helpers", "trainer", "train", "modeling", "networks",
    "net", "nets", "layers", "scripts", "app", "tests", "options", "losses", "metrics",
})

_BUILD_DEPS = frozenset({"torch", "numpy", "packaging", "psutil", "wheel", "setuptools", "Cython", "pybind11", "ninja", "cmake"})


def packages() -> dict[str, tuple[str, str]]:
    """import name -> (distribution, note)."""
    return import_packages()


def _under(module: str, prefix: str) -> bool:
    """'transformers.models.' covers every model package; 'torch._six' covers itself and its children."""
    if prefix.endswith("."):
        return module.startswith(prefix)
    return module == prefix or module.startswith(prefix + ".")


def _install(dist: str) -> str:
    return f"pip install {dist}"


# names that compiled extensions of research repositories and kernels take (quant_cuda, awq_inference_engine,
# roi_align_ext, nms_cpp, fused_kernels, ...): not PyPI distributions
_COMPILED_SUFFIXES = ("_C", "_cuda", "_ext", "_cpp", "_kernels", "_kernel", "_inference_engine")


def _compiled(module: str) -> bool:
    """Whether the module's name is one compiled extensions take (not a PyPI distribution)."""
    return module.rsplit(".", 1)[-1].endswith(_COMPILED_SUFFIXES)


# namespace packages whose parts are separate distributions: top-level name -> distribution of "<top>.<part>"
_NAMESPACE_DISTS = {
    # (azure.* and google.* are left out: their distribution names do not follow the module path one to one)
    "pyannote": "pyannote.{}", "sphinxcontrib": "sphinxcontrib-{}", "jaraco": "jaraco.{}",
    "backports": "backports.{}", "zope": "zope.{}",
}


def _source_checkout(path: str, top: str) -> str | None:
    """The checkout folder when `path` runs `top` from a repository clone (<top>-master/<top>/..., ~/<top>/<top>/...)
    rather than from an installation."""
    p = path.replace("\\", "/")
    low = p.lower()
    if not p or any(s in low for s in ("site-packages", "dist-packages", "/lib/python", ".egg", "/lib/site-python")):
        return None
    segs = p.split("/")
    want = top.lower().replace("_", "")
    for i in range(1, len(segs) - 1):
        if segs[i] != top:
            continue
        parent = segs[i - 1]
        norm = parent.lower().replace("-", "").replace("_", "")
        if want in norm or parent.lower().endswith(("-master", "-main", "-develop")):
            return "/".join(segs[:i]) if "\\" not in path else "\\".join(path.replace("/", "\\").split("\\")[:i])
    return None


def _run_module_missing(module: str, top: str, exe: str, derived: dict[str, Any]) -> Explanation:
    """python -m <module> could not locate the module: the interpreter a launcher started lacks the package."""
    who = exe or "Python"
    derived["advice"] = f"the interpreter that ran python -m cannot import {top}"
    text = (
        f"{who} was started as 'python -m {module}' and could not locate that module, so {top} (or the part of it "
        "that holds the module) is not importable by that interpreter. When a launcher (horovodrun, mpirun, an ssh "
        "command) starts it, this is usually another host or another environment than the one the job was submitted from."
    )
    fix = (
        f"On every host run the same interpreter: {exe or 'python'} -c 'import {module}' must succeed; install {top} "
        "there (same version as on the launching host) or make the launcher use the environment that has it "
        "(activate it in ~/.bashrc for non-interactive ssh logins, or pass the full interpreter path).",
        "Check which interpreter runs the job: python -c 'import sys; print(sys.executable)' must be the environment you installed into.",
    )
    return Explanation(text=text, fix=fix, derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "").strip().strip("'\"")
    run_module = str(facts.get("run_module") or "").strip()
    if run_module:
        top = (module or run_module).split(".", 1)[0]
        derived = {"top_level": top} if module else {"top_level": top, "module": run_module}
        return _run_module_missing(run_module, top, str(facts.get("python_exe") or ""), derived)
    if not module:
        return None
    top = module.split(".", 1)[0]
    table = packages()
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {"top_level": top}
    importer = facts.get("importer")
    building = facts.get("build_marker")
    hit = table.get(module) or (table.get(top) if "." not in module else None)

    if building and top in _BUILD_DEPS:
        derived["advice"] = f"pip's isolated build environment has no {top}"
        parts.append(
            f"No module named '{module}' was raised inside a pip build (the package's setup.py imports {top} while pip "
            f"builds it in an isolated temporary environment, which does not see the {top} you installed)."
        )
        fix.append(f"Install {top} first, then build without isolation: pip install {top} && pip install --no-build-isolation <package>.")
        fix.append("Or install a prebuilt wheel of the package for your Python/torch/CUDA, so nothing has to be built.")
    elif "-" in module:
        folder = next((part for part in module.split(".") if "-" in part), module)
        derived["advice"] = f"no importable folder {folder!r} on sys.path"
        parts.append(
            f"'{module}' contains '-', which no Python identifier can: this is a folder name turned into a dotted path "
            f"for importlib.import_module (a web UI extension or a custom-node folder). No folder named {folder!r} "
            f"exists under {top!r} on sys.path: the extension is not installed, is installed under another folder "
            "name, or the calling code expects a different application layout (e.g. a built-in feature in a fork)."
        )
        fix.append(f"Check that the folder {top}/{folder} exists with that exact name (ls {top}); install or rename it, or use the built-in equivalent of the app.")
        fix.append("Update the extension/script that imports it so that it matches the application you run.")
    elif facts.get("_signature") == "python-m" and not hit:
        derived["advice"] = f"python -m found no {module} on sys.path"
        parts.append(
            f"'python -m {module}' looked for {module} on sys.path and did not find it: {top} is not installed in this "
            f"interpreter, or it is a source checkout that is only importable from its own folder (python -m puts the "
            f"current directory first on sys.path)."
        )
        fix.append(f"Run it from the folder that holds the {top}/ package (cd <checkout>), or install it into this interpreter: python -m pip install -e <checkout> (or pip install {top}).")
        fix.append(f"Check which interpreter runs: python -c \"import sys; print(sys.executable)\" and python -m pip show {top}.")
    elif facts.get("_signature") in ("import-error-py2-dotted", "bare-unquoted") and "." in module and not table.get(module):
        # Python 2 prints the unresolved tail of the import path, starting at the first name that failed: the name
        # before it (if any) is the installed one, not the message's first component
        path = str(facts.get("import_path") or "")
        parent = path[: -len(module) - 1] if path.endswith("." + module) else ""
        derived["advice"] = f"{module} could not be imported" + (f" from {parent}" if parent else "")
        if parent:
            derived["installed_parent"] = parent
            parts.append(
                f"Python 2 names only the part of the import path it could not resolve: the code imports {path}, "
                f"{parent} was found, and it has no '{top}' (so no {path}). The installed {parent.split('.')[0]} is another "
                f"version than the code was written for: the module was moved, renamed or removed."
            )
            fix.append(f"Install the {parent.split('.')[0]} release the code targets (its requirements / README), or port the import "
                       f"to where that name lives in the installed version; do not 'pip install {top}'.")
        else:
            parts.append(
                f"Python 2 names only the part of the import path it could not resolve, starting at the first name that "
                f"failed: '{top}' was not found - as a top-level module, or inside the package the statement imports from "
                f"(from pkg.{module} import ...). Read the import line above the error for the full path."
            )
            fix.append(f"Check which part of the full import path exists (python -c 'import <package>; print(<package>.__file__)'), "
                       f"then install the package, or the version of it that still has {top}.")
    elif top in _STDLIB and ("." not in module or top == "distutils"):
        derived["advice"] = _STDLIB[top].split(":")[0]
        parts.append(f"'{module}' is part of the standard library, but {_STDLIB[top]}.")
        fix.append(_STDLIB[top][0].upper() + _STDLIB[top][1:] + ".")
    elif module == "transformers_modules" or top == "transformers_modules":
        derived["advice"] = "remote-code module missing from the Hugging Face modules cache"
        parts.append(
            f"'{module}' is the dynamic module transformers builds from a repository's custom code "
            "(trust_remote_code). The cached copy is missing or incomplete: a file the model code imports is not in "
            "the repo snapshot, or HF_MODULES_CACHE was cleared or is not shared between nodes."
        )
        fix.append("Delete ~/.cache/huggingface/modules/transformers_modules and load again with trust_remote_code=True; on clusters put HF_HOME on a shared, writable path.")
    elif top in _NAMESPACE_DISTS and "." in module and not table.get(module):
        # "No module named 'pyannote.core'" from a pyannote-audio clone: pyannote is a namespace package shared by
        # several distributions; the missing part is another distribution, not an unbuilt piece of the clone
        dist = _NAMESPACE_DISTS[top].format(module.split(".")[1])
        derived["advice"] = f"pip install {dist}"
        derived["distribution"] = dist
        parts.append(
            f"'{top}' is a namespace package that several distributions share: '{module}' comes from its own "
            f"distribution ({dist}), which is not installed in this interpreter, although other {top}.* parts are."
        )
        fix.append(f"python -m pip install {dist} (or pip install -e <checkout> in the project's clone, which installs its requirements).")
    elif "." in module and not table.get(module) and not any(_under(module, s[0]) for s in _SUBMODULES) and (
            checkout := _source_checkout(str(facts.get("frame_path") or ""), top)):
        # "No module named 'causalml.inference.tree.uplift'" raised from C:\...\causalml-master\causalml\...: the package
        # runs from an unbuilt clone whose compiled (Cython/C) modules exist only after a build
        derived["advice"] = f"{top} is imported from an unbuilt source checkout ({checkout})"
        derived["checkout"] = checkout
        parts.append(
            f"'{top}' is imported from the repository clone {checkout}, not from an installed package: the frames run "
            f"{checkout}/{top}/... (the working directory or PYTHONPATH holds the clone). '{module}' is part of {top} but "
            f"is missing from the clone - typically a compiled (Cython/C++) module that exists only after the package is "
            f"built, so no version change is involved."
        )
        fix.append(f"Build the clone in place: cd {checkout} && pip install -e . (or python setup.py build_ext --inplace); "
                   "this needs a C compiler (and Cython/numpy as the project's build requirements say).")
        fix.append(f"Or use the released wheel: pip install {table.get(top, (top, ''))[0]} and run your script from a folder outside {checkout}, "
                   f"so that 'import {top}' finds the installed copy (python -c \"import {top}; print({top}.__file__)\").")
    elif "." in module and not table.get(module) and _compiled(module) and not any(_under(module, s[0]) for s in _SUBMODULES):
        # "No module named 'nms._ext'", "'rroi_align._ext'", "'lib.model.roi_align._C'": the parent folder is found,
        # its compiled part was never built (old research repositories: a build.py / make.sh / setup.py build_ext step)
        derived["advice"] = "the compiled extension of the package was not built"
        parts.append(
            f"'{module}' is the compiled part of '{module.rsplit('.', 1)[0]}' (a C/CUDA extension the repository builds itself): "
            f"the folder is found, the extension in it was never built, or was built for another Python/torch."
        )
        fix.append(f"Run the build step the repository's README names for '{module.rsplit('.', 1)[0]}' (python setup.py build_ext --inplace, "
                   "python build.py, make.sh or pip install -e .) with the CUDA toolkit matching torch.version.cuda; extensions "
                   "written for torch.utils.ffi (torch < 1.0) must be ported to torch.utils.cpp_extension first.")
    elif "." in module and not table.get(module):
        special = next((s for s in _SUBMODULES if _under(module, s[0])), None)
        derived["advice"] = f"{top} is installed but this version has no {module}"
        if special:
            if special[0] in _SUBMODULE_ADVICE:
                derived["advice"] = _SUBMODULE_ADVICE[special[0]]
            parts.append(f"'{top}' imports fine, so it is installed, but '{module}' does not exist in it: {special[1]}.")
            fix.append(special[2])
        else:
            parts.append(
                f"'{top}' itself imports (Python only reports the dotted name once the parent package is found), so "
                f"{top} is installed; the installed version of it has no submodule '{module}'. The code was written for "
                f"another {top} version: the module was added later, moved, or removed."
            )
            fix.append(f"Compare the version the code expects with the installed one (pip show {table.get(top, (top, ''))[0]}) and upgrade or downgrade {top} to it; do not 'pip install {module}'.")
        if top in _LOCAL:
            parts.append(f"'{top}' may also be a folder of this project: if so, run from the repository root or add it to PYTHONPATH.")
    elif hit:
        dist, note = hit
        if dist.startswith("("):
            derived["advice"] = f"{module} is not installable from PyPI by that name"
            parts.append(f"'{module}' is not installed. {note}.")
            fix.append(note[0].upper() + note[1:] + ".")
        else:
            derived["advice"] = _install(dist)
            derived["distribution"] = dist
            same = dist.lower().replace("-", "_") == module.lower().replace("-", "_")
            parts.append(
                f"'{module}' is not installed in this Python environment"
                + ("" if same else f"; it is provided by the pip distribution '{dist}' (not '{module}')")
                + "."
            )
            fix.append(f"{_install(dist)}   (with the python that runs the job: python -m pip install {dist})")
            if note:
                parts.append(f"Note: {note}.")
    elif top in _LOCAL or top.endswith(("_utils", "_lib")):
        derived["advice"] = "a project folder not on sys.path"
        parts.append(
            f"'{module}' looks like a folder or file of the project itself, not a PyPI package: the script was started "
            "from another directory, or the repository's package is not installed, so it is not on sys.path."
        )
        fix.append("Run from the repository root (python -m <package>.<script> rather than python path/to/script.py), or export PYTHONPATH=$PWD, or pip install -e . in the repository.")
    elif _compiled(module):
        derived["advice"] = "the compiled extension of the package was not built"
        parts.append(
            f"'{module}' is a compiled extension module (its name is not a PyPI package): the package or repository "
            "was installed without building it, or Python is importing a source checkout (the current directory) "
            "instead of the installed package."
        )
        fix.append("Build it where the repository says (python setup.py build_ext --inplace, pip install -e ., or the "
                   "kernel folder's own setup.py), with the CUDA toolkit matching torch.version.cuda; or rebuild/reinstall "
                   "the package: pip install --no-build-isolation --force-reinstall <package>. Do not pip install the "
                   "module's name: a same-named PyPI project, if any, is something else.")
    else:
        derived["advice"] = f"install the package that provides {top}"
        parts.append(
            f"'{module}' is not installed in the Python environment that ran this job. The pip distribution is usually "
            f"named like the import ({top}), but not always: check the project's README before installing a guessed name."
        )
        fix.append(f"python -m pip install {top.replace('_', '-')}   (after confirming that this is the distribution's name on PyPI)")
    if importer:
        parts.append(f"It was needed by {importer}.")
    fix.append("Check which interpreter runs the job: python -c 'import sys; print(sys.executable)' must be the environment you installed into.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
