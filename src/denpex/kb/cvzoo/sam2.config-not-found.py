"""Computed diagnosis for sam2.config-not-found: the config name sam2's hydra search path expects."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIZES = {"tiny": "t", "small": "s", "base_plus": "b+", "large": "l"}


def _suggest(name: str) -> tuple[str, str] | None:
    """Return (2.1-layout name, bare file name) for a SAM 2 config name, if it names a size."""
    base = re.split(r"[/\\]", name)[-1]
    base = re.sub(r"\.pt$", ".yaml", base)
    m = re.match(r"(sam2(?:\.1)?)_hiera_(t|s|b\+|l|tiny|small|base_plus|large)(?:\.yaml)?", base)
    if not m:
        return None
    ver, size = m.group(1), _SIZES.get(m.group(2), m.group(2))
    fname = f"{ver}_hiera_{size}.yaml"
    return f"configs/{ver}/{fname}", fname


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("config_name")
    if not isinstance(name, str):
        return None
    sp = facts.get("search_path") if isinstance(facts.get("search_path"), str) else ""
    sug = _suggest(name)
    fix: list[str] = []
    is_path = name.startswith(("/", "./", "../")) or re.match(r"[A-Za-z]:[\\/]", name) is not None
    if not name:
        cause = "empty-name"
        text = "build_sam2 got an empty config name (the config variable/argument was not set)."
        fix.append("Pass e.g. 'configs/sam2.1/sam2.1_hiera_l.yaml' together with sam2.1_hiera_large.pt.")
    elif sp.startswith("file://"):
        cause = "wrapper-config-folder"
        text = f"'{name}' is not in the wrapper's own config folder {sp[7:]}; that folder predates the configs you asked for."
        fix.append("Update the custom node / wrapper (its sam2_configs folder must contain the file), or copy the YAML there.")
    elif sp.endswith("sam2_configs"):
        cause = "old-layout"
        text = (f"The installed sam2 is the July 2024 release (search path {sp}): configs are bare 2.0 names "
                "such as sam2_hiera_l.yaml, and there are no SAM 2.1 configs.")
        if "sam2.1" in name:
            fix.append("Update sam2 (git pull && pip install -e .) to use SAM 2.1 configs and checkpoints.")
        elif sug:
            fix.append(f"Pass the bare name '{sug[1]}' (no configs/ prefix) with this release.")
        else:
            fix.append("Pass one of sam2_hiera_t.yaml, sam2_hiera_s.yaml, sam2_hiera_b+.yaml, sam2_hiera_l.yaml.")
    elif is_path:
        cause = "filesystem-path"
        text = (f"'{name}' is a filesystem path, but build_sam2 hands it to hydra's compose(), which only looks up names "
                f"inside the sam2 package{' (' + sp + ')' if sp else ''}.")
        if sug:
            fix.append(f"Use the packaged config: build_sam2('{sug[0]}', <checkpoint>).")
        fix.append("For a custom YAML: copy it into sam2/configs/ and pass its relative name, or clear GlobalHydra and initialize_config_dir() on its folder.")
    elif sug and not name.startswith("configs/"):
        cause = "missing-prefix"
        text = f"Since the SAM 2.1 release the configs live under configs/sam2/ and configs/sam2.1/ - '{name}' needs that prefix."
        fix.append(f"build_sam2('{sug[0]}', <checkpoint>)")
    elif sug:
        cause = "unknown-name"
        text = f"'{name}' does not exist in the installed sam2 (an older release without that folder, or a misspelt size)."
        fix.append(f"Check the name ({sug[0]}) and update sam2 if configs/{sug[0].split('/')[1]} is missing.")
    else:
        cause = "unknown-name"
        text = f"'{name}' is not a SAM 2 config name on hydra's search path{' (' + sp + ')' if sp else ''}."
        fix.append("Use configs/sam2.1/sam2.1_hiera_{t,s,b+,l}.yaml (or configs/sam2/sam2_hiera_*.yaml for 2.0 checkpoints).")
    derived = {"likely_cause": cause}
    if sug:
        derived["expected_name"] = sug[0]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
