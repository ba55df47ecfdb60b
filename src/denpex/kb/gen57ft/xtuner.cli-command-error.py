"""Computed diagnosis for xtuner.cli-command-error: classify the exception text xtuner's CLI swallowed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MODE = re.compile(r"^'([A-Za-z_][A-Za-z0-9_\-]*)'$")
_NOFILE = re.compile(r"(?:\[Errno 2\]|\[WinError 2\])[^']*(?:'([^']+)')?")
_SHLIB = re.compile(r"(lib[\w.+\-]+\.so(?:\.\d+)*): cannot open shared object file")
_NOMOD = re.compile(r"No module named '([\w.]+)'")
_EXIT = re.compile(r"returned non-zero exit status (-?\d+)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    err = str(facts.get("error") or "").strip()
    if sig == "command-error-bare" or not err:
        return Explanation(
            text="xtuner got no valid MODE on its command line (or an unknown one) and printed its usage help.",
            fix=("Call it as xtuner MODE MODE_ARGS ARGS, e.g. xtuner train <config>.py; xtuner --help lists the modes of this release.",),
            derived={"what": "no valid mode on the command line"},
        )
    m = _MODE.match(err)
    if m:
        mode = m.group(1)
        return Explanation(
            text=(f"KeyError '{mode}': the installed xtuner has no mode or sub-mode named {mode} (the docs follow a newer "
                  "release or the git main branch)."),
            fix=("pip install -U xtuner, or install from source: git clone https://github.com/InternLM/xtuner && cd xtuner && pip install -e '.[all]'",
                 f"Check what this release offers: xtuner --help / xtuner convert --help (is '{mode}' listed?)"),
            derived={"what": f"mode '{mode}' is unknown to the installed xtuner"},
        )
    m = _NOFILE.search(err)
    if m:
        prog = m.group(1) or ""
        prog_name = prog.rsplit("/", 1)[-1]
        if prog_name in ("python", "python3", "torchrun") or not prog or "WinError" in err:
            what = f"could not start '{prog or 'python/torchrun'}'"
            return Explanation(
                text=(f"xtuner launches its tool with subprocess ({prog or 'python / torchrun'}) and the executable was not found: no "
                      "`python` on PATH in this environment (only python3), or Windows, where xtuner's launcher does not work."),
                fix=("Activate an environment that has a `python` executable (conda activate <env>; which python), or ln -s $(which python3) ~/.local/bin/python",
                     "On Windows run inside WSL2, or start the tool directly: python <xtuner>/tools/train.py <config>.py"),
                derived={"what": what},
            )
        return Explanation(
            text=f"A file the command needs does not exist: {err}.",
            fix=("Check the path in the command (config, .pth checkpoint, save dir) relative to the current directory.",),
            derived={"what": "file not found"},
        )
    if "invalid literal for int()" in err:
        return Explanation(
            text=("int() of an empty or non-numeric value: one of the variables xtuner reads for torchrun (NPROC_PER_NODE, NNODES, "
                  "NODE_RANK, PORT) is set but empty or not a number."),
            fix=("export NPROC_PER_NODE=<number of GPUs> (and NNODES/NODE_RANK/PORT for multi-node), or unset the empty ones: env | grep -E 'NPROC|NNODES|NODE_RANK|PORT'",),
            derived={"what": "empty or non-numeric launch variable"},
        )
    m = _SHLIB.search(err)
    if m:
        lib = m.group(1)
        extra = " (OpenCV imports it: apt-get install -y libgl1 libglib2.0-0, or pip install opencv-python-headless)" if lib.startswith("libGL") else ""
        return Explanation(
            text=f"Importing the tool failed because the shared library {lib} is missing{extra}.",
            fix=(f"Install the package that provides {lib}{extra or ' (apt-file search ' + lib + ')'}.",),
            derived={"what": f"shared library {lib} missing"},
        )
    m = _NOMOD.search(err)
    if m:
        mod = m.group(1)
        return Explanation(
            text=f"The tool imports {mod}, which is not installed in the python xtuner runs.",
            fix=(f"pip install {mod.split('.')[0]} in the same environment (python -m pip install ...)",),
            derived={"what": f"module {mod} not installed"},
        )
    if "CUDA_HOME does not exist" in err:
        return Explanation(
            text="DeepSpeed had to build a CUDA op at import and found no CUDA toolkit (CUDA_HOME unset / no nvcc), typical on WSL2 or runtime-only images.",
            fix=("Install the CUDA toolkit matching torch.version.cuda and export CUDA_HOME=/usr/local/cuda", "Or train without --deepspeed"),
            derived={"what": "CUDA_HOME missing for a DeepSpeed op build"},
        )
    m = _EXIT.search(err)
    if m:
        return Explanation(
            text=f"The training process xtuner started (torchrun/python) exited with status {m.group(1)}; its own error is printed above this line.",
            fix=("Scroll up to the first traceback of the child (often under [rankN]:) and fix that error.",),
            derived={"what": f"child process exited with status {m.group(1)}"},
        )
    return Explanation(
        text=f"xtuner swallowed the exception '{err}' and printed only its message.",
        fix=("Run the tool directly to get the traceback: python -m xtuner.tools.train <config>.py (or the tool of your mode).",),
        derived={"what": err[:120]},
    )
