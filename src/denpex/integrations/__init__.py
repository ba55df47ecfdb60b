"""Editor and CI integrations built on the stable ``denpex diagnose --json`` document.

Everything here reads the diagnosis *dict* (the JSON), never raw log text: the engine has already
masked secrets in it, so nothing these renderers print can leak more than the JSON does.
"""

from __future__ import annotations

from .github import render_github, render_step_summary, write_outputs, write_step_summary
from .gitlab import render_gitlab_codequality

__all__ = [
    "render_github",
    "render_gitlab_codequality",
    "render_step_summary",
    "write_outputs",
    "write_step_summary",
]
