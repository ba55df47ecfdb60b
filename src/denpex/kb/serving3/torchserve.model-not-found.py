"""Computed diagnosis for torchserve.model-not-found: unknown name vs unknown version vs an archive
URL TorchServe cannot resolve, with the register / list commands for this model."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip().rstrip(".,")
    url = str(facts.get("url") or "").strip().rstrip(".,")
    version = str(facts.get("version") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    if url:
        base = re.split(r"[/\\]", url.rstrip("/"))[-1]
        what = f"the model archive '{url}'"
        if url.startswith(("http://", "https://")):
            parts.append(f"TorchServe could not download '{url}'.")
            if "github.com" in url and "/blob/" in url:
                raw = url.replace("github.com", "raw.githubusercontent.com", 1).replace("/blob/", "/", 1)
                parts.append("It is a GitHub page, not the file itself.")
                fix.append(f"Register the raw file instead: curl -X POST \"localhost:8081/models?url={raw}&initial_workers=1\".")
            else:
                fix.append("Check that the URL downloads the .mar itself (curl -I <url>) and that allowed_urls in config.properties permits it.")
        else:
            if url.startswith(("/", "~")) or re.match(r"[A-Za-z]:[\\/]", url) or "/" in url:
                parts.append(f"'{url}' is a path; TorchServe only resolves a registration url as a name inside --model-store (or an http(s) URL).")
            else:
                parts.append(f"There is no '{url}' in the --model-store directory TorchServe was started with.")
            fix.append(f"Copy or mount the archive into the model store (docker: -v <host dir>:/home/model-server/model-store) and register it by name: curl -X POST \"localhost:8081/models?url={base}&initial_workers=1\".")
    elif version:
        what = f"version {version} of model '{model}'"
        parts.append(f"Model '{model}' is registered, but not with version '{version}'.")
        if version.lower().startswith("v") and version[1:2].isdigit():
            parts.append(f"Versions are the archive's --version string; '{version}' may need to be '{version[1:]}'.")
        fix.append(f"List its versions: curl -s localhost:8081/models/{model}/all; call one of them (/predictions/{model}/<version>) or make one the default: curl -X PUT localhost:8081/models/{model}/<version>/set-default.")
    elif model:
        what = f"a model named '{model}'"
        parts.append(f"No model named '{model}' is registered: it was never registered (or its registration failed - see ts_log.log), or the client uses another name than the registered one.")
        fix.append("List what is registered: curl -s localhost:8081/models (use that modelName exactly, case-sensitive).")
        fix.append(f"Register it: curl -X POST \"localhost:8081/models?url={model}.mar&initial_workers=1\" (the .mar inside --model-store), or start with torchserve --start --model-store <dir> --models {model}={model}.mar.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
