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


CUT_MARK = "\u2026"  # what a cut line ends with
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.+/=~%")


def cut_text(text: str, limit: int = EVIDENCE_CHARS) -> str:
    """``text`` shortened to at most ``limit`` characters (plus a cut mark) without cutting through a
    token: a cut inside a run of token characters (letters, digits, ``_-.+/=~%``) moves back to the
    run's start, so no secret is ever kept in part, where the masker could no longer recognise it
    (``hf_jEj6b03EK3FFKH`` is too short for a Hugging Face token; the whole one is not)."""
    if len(text) <= limit:
        return text
    cut = limit
    while cut > 0 and text[cut] in _TOKEN_CHARS and text[cut - 1] in _TOKEN_CHARS:
        cut -= 1
    return text[:cut].rstrip() + CUT_MARK
