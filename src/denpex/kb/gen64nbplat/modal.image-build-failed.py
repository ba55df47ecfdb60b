"""Computed diagnosis for modal.image-build-failed: which step failed, or whether a retry helps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {
    1: "the command reported an error (pip/uv resolution or build failure, a Python exception in setup.py)",
    2: "a shell usage or syntax error in the command",
    126: "the command was found but is not executable",
    127: "the command was not found in the image (install it in an earlier apt_install / pip_install step)",
    137: "the build step was killed (SIGKILL), usually out of memory while compiling",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    cmd = str(facts.get("command") or "")
    code = facts.get("exit_code")
    image = str(facts.get("image_id") or "")
    if sig == "build-terminated":
        return Explanation(
            text=f"Modal's builder for {image or 'the image'} was stopped from outside (not by a failing step); the build can simply be retried.",
            fix=("Run the same modal run / deploy again; Modal resumes from the cached layers.",),
            derived={"command_text": ": builder terminated externally (retry)", "kind": "transient"},
        )
    if cmd:
        text = f"The image build step `{cmd}` exited"
        if code is not None:
            c = int(code)
            meaning = _CODES.get(c)
            text += f" with status {c}" + (f": {meaning}." if meaning else ".")
        else:
            text += " non-zero."
        text += " Its own error is printed just above 'Terminating task due to error'."
        fix = [
            f"Reproduce the step locally in the same base image: docker run --rm -it <base image> sh -c '{cmd}'",
            "Pin the packages the step installs, add missing build tools with .apt_install(...) in an earlier layer, then rerun.",
        ]
        return Explanation(text=text, fix=tuple(fix), derived={"command_text": f": `{cmd}`", "kind": "build-step"})
    return Explanation(
        text=f"The build of {image or 'the image'} failed; the client shows only the wrapper. The failing step and its output are in the build log printed before it (enable output with modal.enable_output() or the CLI).",
        fix=("Rerun with output enabled and read the lines above 'Terminating task due to error'.",),
        derived={"command_text": f" ({image})" if image else "", "kind": "wrapper"},
    )
