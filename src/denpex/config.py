"""Configuration the usual way: ``[tool.denpex]`` in the nearest ``pyproject.toml`` (a project's
settings) over ``$XDG_CONFIG_HOME/denpex/config.toml`` (a user's), over the built-in defaults;
command-line options and ``DENPEX_*`` environment variables win over both.

Keys: ``kb_path`` (extra entry folders, a string or a list) and one table per command holding that
command's option defaults, by option name, e.g.::

    [tool.denpex]
    kb_path = ["ops/denpex-entries"]

    [tool.denpex.diagnose]
    mask_hosts = true
    jobs = 2
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


class ConfigError(Exception):
    exit_code = 2


def user_config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "denpex" / "config.toml"


def project_config_path(start: Path | None = None) -> Path | None:
    """The nearest pyproject.toml at or above ``start`` that has a ``[tool.denpex]`` table."""
    here = (start or Path.cwd()).resolve()
    for d in (here, *here.parents):
        p = d / "pyproject.toml"
        if p.is_file() and "denpex" in _read(p).get("tool", {}):
            return p
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the configuration: {exc}") from exc


@lru_cache(maxsize=4)
def _load(cwd: str, user: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    up = Path(user)
    if up.is_file():
        _merge(merged, _read(up))
    pp = project_config_path(Path(cwd))
    if pp is not None:
        project = dict(_read(pp)["tool"]["denpex"])
        if "kb_path" in project:  # relative to the project, not to wherever the command runs
            kp = project["kb_path"]
            kp = [kp] if isinstance(kp, str) else list(kp)
            project["kb_path"] = [str((pp.parent / k).resolve()) for k in kp]
        _merge(merged, project)
    return merged


def _merge(into: dict[str, Any], new: dict[str, Any]) -> None:
    for k, v in new.items():
        if isinstance(v, dict) and isinstance(into.get(k), dict):
            _merge(into[k], v)
        else:
            into[k] = v


def load_config() -> dict[str, Any]:
    """The merged configuration (user file, then project file) for the current directory."""
    return _load(str(Path.cwd()), str(user_config_path()))


def command_defaults() -> dict[str, dict[str, Any]]:
    """Per-command option defaults (click's ``default_map``): every table of the configuration."""
    return {k: v for k, v in load_config().items() if isinstance(v, dict)}
