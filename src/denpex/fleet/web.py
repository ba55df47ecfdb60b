"""The web app's fleet page and API: the report of the history database the server was started
with (``$DENPEX_HISTORY_DB`` or the XDG default)."""

from __future__ import annotations

import os
from typing import Any


def fleet_report(since: str | None = None) -> dict[str, Any]:
    from ..history import resolve_db
    from ..history.store import Store, parse_when
    from .report import build_report

    target = resolve_db(None)
    if "://" not in target and not os.path.exists(target):
        from .report import empty_report

        return empty_report()
    with Store(target) as store:
        return build_report(store, parse_when(since) if since else None)


def fleet_context(since: str | None = None) -> dict[str, Any]:
    from .html import context

    return context(fleet_report(since))
