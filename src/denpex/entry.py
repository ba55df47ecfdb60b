"""The knowledge-base entry format: one YAML file per failure class, validated on load.

An entry is data. The engine knows nothing about a particular failure; it reads
signatures (regexes with named groups that extract facts), the entry's role
(root / collateral / noise) and, where the message carries numbers, a small
``explain`` function kept in a ``.py`` file beside the YAML.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Role = Literal["root", "collateral", "noise"]
Severity = Literal["critical", "high", "medium", "low", "info"]
FactType = Literal["int", "float", "str", "bytes"]

ENGINES = frozenset({"exceptions"})  # engine analyses that make findings of their own (denpex.tracebacks)
ID_RE = re.compile(r"^[a-z0-9]+(?:[.-][a-z0-9]+)*$")
_NAMED_GROUP = re.compile(r"\(\?P<([A-Za-z_][A-Za-z0-9_]*)>")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Context(_Strict):
    """A regex searched in the lines around a match to pick up more facts.

    Example: vLLM prints ``# GPU blocks: 1478`` a few lines before the KV cache error.
    """

    pattern: str
    before: int = Field(default=0, ge=0, le=200)
    after: int = Field(default=0, ge=0, le=200)
    required: bool = Field(
        default=False,
        description="the signature counts only when this pattern is found around it (a generic wording that "
        "belongs to this entry in one context: No module named 'models' inside torch.load)",
    )
    veto: bool = Field(
        default=False,
        description="the signature does not count when this pattern is found around it (a wrapper wording "
        "whose detail line names a cause another entry owns: NCCL's internal error whose 'Last error' is a "
        "peer that closed the connection)",
    )

    @model_validator(mode="after")
    def _one_kind(self) -> "Context":
        if self.veto and self.required:
            raise ValueError("a context is either required or a veto, not both")
        return self

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, v: str) -> str:
        re.compile(v)
        return v


class Signature(_Strict):
    """One wording of the failure (a version, a stack, a log format)."""

    id: str = Field(description="unique inside the entry, e.g. 'v1-openai-0.10'")
    pattern: str = Field(description="Python regex searched in one line; named groups are facts")
    keywords: list[str] = Field(
        default_factory=list,
        description="literal substrings every matching line contains (documentation + lint)",
    )
    ignore_case: bool = False
    exclude: str = Field(
        default="",
        description="regex; a line that also matches it is not a hit (semgrep's pattern-not)",
    )
    role: Role | None = Field(
        default=None, description="overrides the entry's role for this wording (e.g. a warning form: noise)"
    )
    wraps: int = Field(
        default=0,
        ge=0,
        le=100,
        description="this wording wraps an inner error: a root finding within this many following lines is preferred",
    )
    wraps_generic: bool = Field(
        default=True,
        description="with wraps: false when the wrapper names more than a generic inner error would (an entry "
        "of category python or environment: a None attribute, a missing module); only a specific one (an OOM) leads",
    )
    ends_command: bool = Field(
        default=False,
        description="this wording says the command itself died (a shell's 'Killed' job notice): a root failure "
        "printed after it in the same file belongs to a later command and does not displace it",
    )
    versions: str = ""
    source: str = Field(default="", description="where this wording comes from: an http(s) URL (the encyclopedia links it)")
    confidence: float = Field(default=0.9, gt=0, le=1)
    context: list[Context] = Field(default_factory=list)

    @field_validator("source")
    @classmethod
    def _source_url(cls, v: str) -> str:
        # the encyclopedia renders it as a link: prose here became a broken relative link once
        if v and (not v.startswith(("http://", "https://")) or any(c.isspace() for c in v)):
            raise ValueError("a signature's source must be one http(s) URL (no spaces): the page links it")
        return v

    @field_validator("pattern", "exclude")
    @classmethod
    def _valid_regex(cls, v: str) -> str:
        try:
            re.compile(v)
        except re.error as exc:
            raise ValueError(f"invalid regex: {exc}") from exc
        return v

    @property
    def groups(self) -> list[str]:
        return _NAMED_GROUP.findall(self.pattern) + [
            g for c in self.context for g in _NAMED_GROUP.findall(c.pattern)
        ]

    @property
    def specificity(self) -> int:
        """Literal characters the pattern requires: a longer literal wording is more specific.
        Alternations count only their shortest branch; optional groups count nothing."""
        p = re.sub(r"\\.", "x", self.pattern)
        p = re.sub(r"\[[^\]]*\]", "", p)
        inner = re.compile(r"\((?:\?(?::|P<[^>]+>))?([^()]*)\)([?*]|\{0,?\d*\})?")
        while True:
            m = inner.search(p)
            if not m:
                break
            body = "" if m.group(2) else min(m.group(1).split("|"), key=len)
            p = p[: m.start()] + body + p[m.end() :]
        p = min(p.split("|"), key=len)
        # a wording that only counts in a required context (the unpickler's frames) is more specific
        # than the same words anywhere: it outranks them on the same line
        required = 1000 if any(c.required for c in self.context) else 0
        return len(re.sub(r"[*+?{}^$.0-9,]", "", p)) + required


class Symptom(_Strict):
    symptom: str
    why: str


class Practice(_Strict):
    context: str
    recommendation: str
    notes: str = ""


class Comparison(_Strict):
    dimension: str
    with_fix: str
    without_fix: str


class FAQ(_Strict):
    q: str
    a: str


class Reference(_Strict):
    url: str
    title: str = ""

    @field_validator("url")
    @classmethod
    def _http(cls, v: str) -> str:
        if not v.startswith(("http://", "https://")):
            raise ValueError("references must be http(s) URLs")
        return v


class Entry(_Strict):
    id: str
    title: str = Field(min_length=10)
    category: str
    severity: Severity
    role: Role
    tags: list[str] = Field(min_length=1)
    systems: list[str] = Field(min_length=1, description="affected systems")
    summary: str = Field(min_length=20, description="the quick answer")
    message: str = Field(
        default="",
        description="one-line finding text; {fact} placeholders are filled from extracted facts",
    )
    signatures: list[Signature] = Field(default_factory=list)
    engine: str = Field(
        default="",
        description="made by an engine analysis instead of signatures ('exceptions': tracebacks no entry names)",
    )
    facts: dict[str, FactType] = Field(
        default_factory=dict, description="type of each extracted fact (default str)"
    )
    collect: list[str] = Field(
        default_factory=list,
        description="facts gathered from every occurrence into a list of distinct values (e.g. Xid codes)",
    )
    mechanism: str = Field(min_length=40)
    observe: list[str] = Field(min_length=1, description="what you'll observe")
    symptoms: list[Symptom] = Field(min_length=1)
    confirm: list[str] = Field(min_length=1, description="confirmation checklist")
    root_causes: list[str] = Field(min_length=1)
    fix: list[str] = Field(min_length=1)
    fix_works: str = Field(min_length=20, description="why the fix works")
    prevention: list[str] = Field(min_length=1)
    best_practices: list[Practice] = Field(min_length=1)
    with_without: list[Comparison] = Field(min_length=1)
    diagnostic_note: str = ""
    faq: list[FAQ] = Field(min_length=1)
    related: list[str] = Field(default_factory=list)
    references: list[Reference] = Field(min_length=1)
    verify: str = Field(min_length=3, description="a command that confirms the diagnosis or the fix")

    @field_validator("id")
    @classmethod
    def _id_shape(cls, v: str) -> str:
        if not ID_RE.match(v):
            raise ValueError("id must be lowercase dotted/dashed words, e.g. 'vllm.engine-dead'")
        return v

    @model_validator(mode="after")
    def _signature_ids_unique(self) -> Entry:
        if not self.signatures and not self.engine:
            raise ValueError("signatures: an entry needs at least one signature (or an 'engine' that makes its findings)")
        if self.engine and self.engine not in ENGINES:
            raise ValueError(f"engine: {self.engine!r} is not one of {sorted(ENGINES)}")
        seen: set[str] = set()
        for sig in self.signatures:
            if sig.id in seen:
                raise ValueError(f"duplicate signature id {sig.id!r}")
            seen.add(sig.id)
        for sig in self.signatures:
            for group in sig.groups:
                if group not in self.facts:
                    raise ValueError(
                        f"signature {sig.id!r} extracts {group!r} but 'facts' does not declare its type"
                    )
        return self

    @property
    def system(self) -> str:
        """The stack an entry belongs to, from its id prefix (vllm, torch, nccl, ...)."""
        return self.id.split(".", 1)[0]
