"""Validated entries as plain records, so that loading the knowledge base from its cache needs
neither pydantic nor YAML (start-up time): pydantic validates once, when an entry file changes."""

from __future__ import annotations

import threading
from typing import Any


class Record:
    """Attribute access to a validated model's fields and computed properties."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)

    def model_dump(self, mode: str | None = None) -> dict[str, Any]:
        computed = self.__dict__.get("_computed", ())
        return {k: _dump(v) for k, v in self.__dict__.items() if not k.startswith("_") and k not in computed}

    def __repr__(self) -> str:
        return f"Record({self.__dict__.get('id', '')!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return False
        for r in (self, other):
            if isinstance(r, LazyRecord):
                r.load()
        return other.__dict__ == self.__dict__

    __hash__ = None  # type: ignore[assignment]


_LOAD_LOCK = threading.Lock()


class LazyRecord(Record):
    """A Record some of whose fields are read on first use: ``_lazy`` (a picklable callable)
    returns them. Start-up reads what diagnosing needs (ids, roles, signatures, messages, fixes);
    the documentation sections (mechanism, FAQ, references...) come when a page or ``explain`` asks."""

    def __getattr__(self, name: str) -> Any:  # only called for a field not (yet) in __dict__
        if name.startswith("_") or "_lazy" not in self.__dict__:
            raise AttributeError(name)
        self.load()
        try:
            return self.__dict__[name]
        except KeyError:
            raise AttributeError(name) from None

    def load(self) -> None:
        """Read the lazy fields now (idempotent)."""
        if "_lazy" not in self.__dict__:
            return
        with _LOAD_LOCK:  # (web server threads): no reader sees the fields half-added
            lazy = self.__dict__.get("_lazy")
            if lazy is not None:
                for k, v in lazy().items():
                    self.__dict__.setdefault(k, v)
                del self.__dict__["_lazy"]

    def model_dump(self, mode: str | None = None) -> dict[str, Any]:
        self.load()
        return super().model_dump(mode)

    __hash__ = None  # type: ignore[assignment]


def _dump(v: Any) -> Any:
    if isinstance(v, Record):  # (a LazyRecord loads its lazy fields in its model_dump)
        return v.model_dump()
    if isinstance(v, list):
        return [_dump(x) for x in v]
    if isinstance(v, dict):
        return {k: _dump(x) for k, x in v.items()}
    return v


def freeze(model: Any) -> Any:
    """A pydantic model (recursively) as Records; computed properties become plain attributes."""
    from pydantic import BaseModel

    if isinstance(model, BaseModel):
        cls = type(model)
        fields = {name: freeze(getattr(model, name)) for name in cls.model_fields}
        props = tuple(n for n in dir(cls) if isinstance(getattr(cls, n, None), property) and not n.startswith(("_", "model_")))
        for name in props:
            fields[name] = getattr(model, name)
        fields["_computed"] = props
        return Record(**fields)
    if isinstance(model, list):
        return [freeze(x) for x in model]
    if isinstance(model, dict):
        return {k: freeze(v) for k, v in model.items()}
    return model
