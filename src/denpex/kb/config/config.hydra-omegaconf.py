"""Computed diagnosis for config.hydra-omegaconf: which key, which kind of Hydra/OmegaConf config error, and the
override or setting that fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v).strip() for k, v in facts.items() if v not in (None, "")}
    key, full_key, suggestion = g.get("key"), g.get("full_key"), g.get("suggestion")
    parts: list[str] = []
    fix: list[str] = []
    what = ""
    if facts.get("_signature") == "config-path-names-file":
        cf = g.get("config_file")
        if cf:
            folder, _, name = cf.replace("\\", "/").rpartition("/")
            stem = name.rsplit(".", 1)[0]
            what = f"config_path '{cf}' names a file, not a folder"
            parts.append(f"@hydra.main(config_path=\"{cf}\") points at the YAML file itself; Hydra 1.0+ takes the folder in config_path and the file name in config_name.")
            fix.append(f"@hydra.main(config_path=\"{folder or '.'}\", config_name=\"{stem}\", version_base=None)")
        else:
            what = "config_path names a file, not a folder"
            parts.append("config_path was given a path to the YAML file; since Hydra 1.0 it must be the folder, and the file name goes in config_name.")
            fix.append("@hydra.main(config_path=\"<folder>\", config_name=\"<file name without .yaml>\")")
        fix.append("Or install the Hydra version the code was written for (pip install 'hydra-core<1.0'), which accepted a file in config_path.")
    elif "bad_override" in g:
        ov = g["bad_override"]
        k, _, v = ov.partition("=")
        what = f"override '{ov}' cannot be parsed"
        parts.append(f"Hydra's override grammar could not read '{ov}'.")
        odd = [c for c in "\\~ []{}()'\"<>,:$*" if c in v]
        if odd:
            parts.append("Its value holds characters the grammar treats specially (" + " ".join(repr(c) for c in odd) + ").")
        if "\\" in v:
            parts.append("A Windows path with backslashes must be quoted, or written with forward slashes.")
        fix.append(f"Quote the value for Hydra inside shell quotes: '{k}=\"{v}\"' (in Python: f'{k}=\"{{path}}\"'), or use forward slashes in paths.")
        fix.append("Keys with characters outside [A-Za-z0-9_.-] cannot be overridden on the command line: set them in a config file instead.")
    elif "env_var" in g:
        v = g["env_var"]
        what = f"environment variable {v} is not set (${{oc.env:{v}}})"
        parts.append(f"The config reads ${{oc.env:{v}}} without a default and {v} is not set in this job's environment.")
        fix.append(f"export {v}=... in the job script (sbatch/docker/IDE runs do not inherit your interactive shell), or give it a default: ${{oc.env:{v},<default>}}.")
    elif "override_key" in g:
        k = g["override_key"]
        ov = g.get("override", "")
        what = f"override '{ov or k}' names a key the config does not have"
        parts.append(f"The command-line override of '{k}' targets a key (or config group) that is not in the composed config, so Hydra refused it.")
        if suggestion:
            parts.append(f"Hydra suggests overriding {suggestion}.")
        fix.append(f"Find the real name and nesting: python <app.py> --cfg job | grep -n '{k.rsplit('.', 1)[-1]}', and correct the override (usually a typo, or a key renamed/moved in another version of the configs).")
        if ov:
            fix.append(f"Only if the key is meant to be new: +{ov} (or ++{ov} to add-or-override). A '+' on a misspelled key is accepted and then ignored.")
    elif "append_key" in g:
        k = g["append_key"]
        what = f"'+{k}=...' adds a key that already exists"
        parts.append(f"'{k}' already exists in the config, so the '+' (append) form is rejected.")
        fix.append(f"Drop the '+' ({k}=<value>) to override it, or use ++{k}=<value> to add-or-override.")
    elif "interp_key" in g:
        k = g["interp_key"]
        what = f"interpolation ${{{k}}} points at a key that does not exist"
        where = f" (used by {full_key})" if full_key else ""
        parts.append(f"An interpolation ${{{k}}}{where} refers to '{k}', which is not in the composed config: a config group that defines it was not selected, or it was renamed.")
        fix.append(f"Define '{k}' (select the config group that provides it, e.g. paths=default), or fix the interpolation; check with python <app.py> --cfg job --resolve.")
    elif "mandatory_key" in g:
        k = g["mandatory_key"]
        what = f"mandatory value '{k}' (marked as missing in the config) was never set"
        parts.append(f"'{k}' is '???' (mandatory) in the config and nothing set it before it was read.")
        fix.append(f"Pass it on the command line: python <app.py> {k}=<value> (or set it in the experiment YAML the run uses).")
    elif "config_path" in g:
        c = g["config_path"]
        what = f"config '{c}' not found"
        parts.append(f"Hydra could not find the config '{c}' in its search path.")
        fix.append("Check config_path (relative to the Python file that calls @hydra.main/initialize, not to the working directory) and config_name; a filesystem path is not a config name.")
        fix.append(f"For a config group option, use one of the 'Available options' Hydra lists, or add the YAML file for '{c}' to that group's folder.")
    elif key:
        name = full_key or key
        if "config_class" in g:
            cls = g["config_class"]
            what = f"'{key}' is not a field of {cls}"
            parts.append(f"'{key}' is not a field of the structured config {cls}" + (f" (full key {full_key})." if full_key else "."))
            fix.append(f"Use the field name {cls} defines, or add the field to the {cls} dataclass if the code needs it.")
        else:
            what = f"key '{name}' is not in the config"
            parts.append(f"The code or a merge used '{name}', but no config file defines it (struct mode raises instead of returning None).")
            fix.append(f"Add '{key}' to the YAML (or pass +{name}=<value>), or read it as optional: cfg.get('{key}', <default>) / OmegaConf.select(cfg, '{name}', default=<default>).")
            fix.append("If the configs come from another version of the code than the one running, use matching versions.")
        if suggestion:
            parts.append(f"OmegaConf suggests {suggestion}.")
    elif "overrides" in g:
        what = f"the Hydra task raised (overrides {g['overrides']})"
        parts.append(f"Hydra reports that the job with overrides {g['overrides']} raised; the exception printed right after that line is the cause.")
        fix.append("Read the exception below 'Error executing job with overrides' (re-run with HYDRA_FULL_ERROR=1 for its full traceback).")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
