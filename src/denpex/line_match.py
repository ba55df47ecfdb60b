"""How a rule matches one line segment, the same on every path that verifies or finds candidates: as
written, then (for a wording anchored at the line start) without markdown quote markers or a launcher's
prefix in front of the message."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from .attribution import strip_prefixes
from .rules import Rule

# first characters of a line a launcher prefix can start with (a cheap test before strip_prefixes)
PREFIX_STARTS = frozenset("[( \t0123456789abcdefghijklmnopqrstuvwxyz")
_QUOTE = re.compile(r"^(?:> )+")  # markdown quote markers, each with its space (not a REPL's ">>> ")


@lru_cache(maxsize=4096)
def without_prefixes(seg: str) -> str:
    """``attribution.strip_prefixes``, cached: one line is tried against every line-start rule (and every
    context) that failed on it, and its prefixes are stripped once."""
    return strip_prefixes(seg)


def first_match(rule: Rule, segments: Sequence[str]) -> tuple[re.Match[str], str] | None:
    """The rule's first match in a line's segments (split at bare \\r) that its exclude does not veto.
    A line quoted in a markdown report ("> Segmentation fault", "> > [6] Assertion failed: ...") is also
    read without its quote markers, so that patterns anchored at the line start hold there too."""
    anchored = rule.regex.pattern[:1] == "^"
    for seg in segments:
        m = rule.regex.search(seg)
        if m is None and anchored and seg[:1] == ">":
            bare = _QUOTE.sub("", seg, count=1)
            if bare != seg:
                seg = bare
                m = rule.regex.search(seg)
        if m is None and anchored and seg[:1] in PREFIX_STARTS:
            # a wording anchored at the line start also holds under a launcher's prefix ("[rank3]: ",
            # "[default0]:", "[1,2]<stderr>: ", "(RayTrainWorker pid=12, ip=...) "); the hit keeps the
            # prefix, which says whose line it is
            bare = without_prefixes(seg)
            if bare != seg and (m := rule.regex.search(bare)) is not None:
                if not (rule.exclude is not None and rule.exclude.search(bare)):
                    return m, seg
                m = None
        if m and not (rule.exclude is not None and rule.exclude.search(seg)):
            return m, seg
    return None

