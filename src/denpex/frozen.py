"""Validated entries as plain records, so that loading the knowledge base from its cache needs
neither pydantic nor YAML (start-up time): pydantic validates once, when an entry file changes."""

from __future__ import annotations

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
        return isinstance(other, Record) and other.__dict__ == self.__dict__

    __hash__ = None  # type: ignore[assignment]


def _dump(v: Any) -> Any:
    if isinstance(v, Record):
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
