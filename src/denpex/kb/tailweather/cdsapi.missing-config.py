"""Computed diagnosis for cdsapi.missing-config: where cdsapi looked and what to write there."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_URL = "https://cds.climate.copernicus.eu/api"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("rc_path")
    if not isinstance(path, str) or not path:
        return None
    path = path.rstrip(".,;'\"")
    windows = "\\" in path or (len(path) > 2 and path[1] == ":")
    platform = "windows" if windows else "posix"
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    fix: list[str] = []
    if name != ".cdsapirc":
        diagnosis = "CDSAPI_RC points to another file"
        text = (f"cdsapi read {path} (CDSAPI_RC is set to it) and found no 'url:'/'key:' pair there: the file is missing "
                "or incomplete.")
    elif path.startswith("/root/"):
        diagnosis = "running as root: HOME is /root"
        text = (f"The process runs as root, so ~/.cdsapirc is {path}; a file in your own home folder is not read. "
                "Typical for Docker images and sudo.")
        fix.append("Mount your rc file and set CDSAPI_RC=/path/to/.cdsapirc, or pass CDSAPI_URL/CDSAPI_KEY with docker run -e.")
    elif windows:
        diagnosis = "no usable .cdsapirc in the Windows profile"
        text = (f"cdsapi looked for {path}. On Windows the file must be named exactly .cdsapirc (not .cdsapirc.txt) in "
                "that profile folder and contain 'url:' and 'key:' lines.")
        fix.append("In PowerShell: Set-Content -Path \"$env:USERPROFILE\\.cdsapirc\" -Value \"url: " + _URL + "`nkey: <token>\"")
    else:
        diagnosis = "no usable ~/.cdsapirc"
        text = f"cdsapi looked for {path} and found no 'url:'/'key:' pair (file missing, or a line is absent/misspelt)."
    fix.append(f"Write {path} with the lines 'url: {_URL}' and 'key: <personal access token>' (no '<UID>:' prefix).")
    fix.append(f"Or export CDSAPI_URL={_URL} CDSAPI_KEY=<token> in the environment of the job.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "platform": platform})
