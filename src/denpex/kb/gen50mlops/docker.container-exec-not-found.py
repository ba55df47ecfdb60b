"""Computed diagnosis for docker.container-exec-not-found: why this argv[0] was not found."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SHELLS = {"bash", "sh", "zsh", "ash"}
_PYTHONS = {"python", "python3", "pip", "pip3"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prog = str(facts.get("program") or "").strip()
    if not prog:
        return None
    if prog.startswith("-"):
        case = "argument-replaced-cmd"
        text = (f"'{prog}' is a flag, not a program: the arguments given after the image name replaced the image's CMD and the "
                "image has no ENTRYPOINT, so the first flag became the command.")
        fix = ("Name the program before its flags: docker run IMAGE <program> " + prog + " ... (e.g. mlflow server -h 0.0.0.0 --port 8080)",
               "Or give the image ENTRYPOINT [\"<program>\"] so that arguments are appended to it.")
    elif " " in prog:
        case = "exec-form-one-string"
        first = prog.split()[0]
        text = f"The program name '{prog}' contains a space: an exec-form command was written as one string, so the runtime looked for a file literally called that."
        fix = (f"Split it into argv items: CMD [\"{first}\", ...] / Kubernetes command: [\"{first}\"] with the rest in args.",)
    elif prog in _SHELLS:
        case = "no-shell"
        text = f"The image has no {prog}: alpine has only sh (no bash), distroless/scratch images have no shell at all."
        fix = (f"Use a program that exists (sh on alpine) or install {prog}; on distroless use exec form with the binary's absolute path.",)
    elif prog in _PYTHONS:
        case = "no-python"
        text = f"'{prog}' is not on the image PATH: the image may only have python3/pip3, or the interpreter lives in a venv/conda env whose bin directory is not in ENV PATH."
        fix = ("Call python3 (or the venv's absolute path such as /opt/venv/bin/python), or set ENV PATH=/opt/venv/bin:$PATH in the final stage.",)
    else:
        case = "program-missing"
        text = f"'{prog}' does not exist on the image's PATH: it was not installed/copied into the final image, is only in the builder stage, or lives in a directory not in ENV PATH."
        fix = (f"Check: docker run --rm --entrypoint sh IMAGE -c 'command -v {prog}; echo $PATH'",
               f"Install/COPY {prog} into the final image (chmod +x) or call it by absolute path; add its directory to ENV PATH.")
        if prog == "serve":
            fix = fix + ("SageMaker runs inference images as 'docker run image serve': provide an executable named serve on PATH or an ENTRYPOINT that handles the 'serve' argument.",)
    return Explanation(text=text, fix=fix, derived={"case": case})
