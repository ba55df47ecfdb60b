"""Editor and CI integrations built on the stable ``denpex diagnose --json`` document.

Everything here reads the diagnosis *dict* (the JSON), never raw log text: the engine has already
masked secrets in it, so nothing these renderers print can leak more than the JSON does.

- :mod:`denpex.integrations.github`: ``render_github`` (workflow-command annotations),
  ``write_step_summary``; ``python -m denpex.integrations.github DIAGNOSIS.json``.
- :mod:`denpex.integrations.gitlab`: ``render_gitlab_codequality`` (Code Quality report);
  ``python -m denpex.integrations.gitlab DIAGNOSIS.json``.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "render_github",
    "render_gitlab_codequality",
    "render_step_summary",
    "write_outputs",
    "write_step_summary",
]

_WHERE = {
    "render_github": "github",
    "render_step_summary": "github",
    "write_outputs": "github",
    "write_step_summary": "github",
    "render_gitlab_codequality": "gitlab",
}


def __getattr__(name: str) -> Any:  # lazy, so `python -m denpex.integrations.github` runs cleanly
    mod = _WHERE.get(name)
    if mod is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{mod}"), name)
