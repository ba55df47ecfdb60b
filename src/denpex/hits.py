"""The scanner's output record and the text limits shared by the scanning modules."""

from __future__ import annotations

from dataclasses import dataclass

EVIDENCE_CHARS = 2000


@dataclass(frozen=True)
class Hit:
    rule: int
    source: str
    line: int
    text: str
    groups: dict[str, str]
    before: tuple[str, ...] = ()
    context_all: tuple[tuple[str, str], ...] = ()  # every context value, also those the match itself set


def _decode(b: bytes | bytearray) -> str:
    return b.decode("utf-8", errors="replace")
