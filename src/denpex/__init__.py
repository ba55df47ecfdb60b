"""Denpex: tells ML engineers why their training or inference run broke.

>>> import denpex
>>> d = denpex.diagnose("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n")
"""

from __future__ import annotations

__version__ = "0.1.0"

from .engine import diagnose
from .knowledge import KnowledgeBase, KnowledgeBaseError, load_kb
from .models import Diagnosis, Evidence, Explanation, Finding, RankSummary, UnknownSummary
from .readers import InputError

__all__ = [
    "Diagnosis",
    "Evidence",
    "Explanation",
    "Finding",
    "InputError",
    "KnowledgeBase",
    "KnowledgeBaseError",
    "RankSummary",
    "UnknownSummary",
    "__version__",
    "diagnose",
    "load_kb",
]
