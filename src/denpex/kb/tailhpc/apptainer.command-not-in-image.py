"""Computed diagnosis for apptainer.command-not-in-image: empty command vs host path vs tool off the container PATH."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HOSTY = ("/home/", "/data", "/scratch", "/work", "/project", "/gpfs", "/lustre", "/mnt/", "/nfs", "/storage")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if "command" not in facts:
        return None
    cmd = str(facts.get("command") or "")
    if not cmd.strip():
        diag = "the command word is empty/a space: a backslash followed by a space (or an empty variable) cut the command line"
        fix = ["Remove trailing spaces after '\\' in the job script (grep -n '\\\\ $' job.sh) and quote variables that build the command."]
    elif cmd.startswith("/"):
        top = "/" + cmd.strip("/").split("/")[0]
        hosty = cmd.startswith(_HOSTY) or "/envs/" in cmd or "conda" in cmd
        diag = (f"{cmd} is a host path that is not visible inside the container ({top} not bound)" if hosty
                else f"{cmd} does not exist inside the image")
        fix = [f"apptainer exec -B {top} IMAGE {cmd} ...   # bind the host directory" if hosty
               else f"apptainer exec IMAGE ls -l {cmd.rsplit('/', 1)[0]}   # check where the program really is in the image",
               "Prefer the interpreter inside the image (apptainer exec IMAGE python ...) with packages installed into the image."]
    else:
        diag = f"'{cmd}' is not on the container's PATH (installed elsewhere in the image, only set up by a Docker ENTRYPOINT, or not in this image version)"
        fix = [f"apptainer exec IMAGE sh -c 'echo $PATH; command -v {cmd}; ls /opt /usr/local/bin'",
               f"apptainer exec IMAGE /full/path/to/{cmd} ...   # call it by absolute path, or use apptainer run IMAGE",
               "Rebuild with the tool's directory on PATH (%environment / Docker ENV PATH), installed outside /root and /home."]
    return Explanation(text=f"The container started but could not run the command: {diag}.", fix=tuple(fix), derived={"diagnosis": diag})
