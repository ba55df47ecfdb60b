"""Computed diagnosis for trtllm.examples-version-mismatch: which tag to check out."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = facts.get("module")
    if not module:
        return None
    installed = facts.get("installed")
    name = facts.get("name")
    script = facts.get("script")
    what = f"'{name}' from {module}" if name else f"module {module}"
    text = f"The script{(' ' + str(script)) if script else ''} imports {what}, which this tensorrt_llm does not have."
    fix: list[str] = []
    derived: dict[str, Any] = {"name_part": f" ({name})" if name else "", "installed_v": f" {installed}" if installed else ""}
    if installed:
        m = re.match(r"(\d+\.\d+\.\d+)", str(installed))
        tag = f"v{m.group(1)}" if m and "dev" not in str(installed) else None
        text += f" The installed package is {installed}."
        if tag:
            fix.append(f"cd TensorRT-LLM && git fetch --tags && git checkout {tag}, then rerun that tag's examples script.")
        else:
            fix.append(f"{installed} is a dev build: use the examples from the commit it was built from (the same container or source tree).")
    else:
        fix.append("Print the installed version (python -c 'import tensorrt_llm; print(tensorrt_llm.__version__)') and check out the matching git tag.")
    fix.append("Or install the tensorrt_llm release your script checkout belongs to (pip install tensorrt_llm==<version> --extra-index-url https://pypi.nvidia.com).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
