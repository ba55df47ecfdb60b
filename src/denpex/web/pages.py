"""What the web app and the static site both render: the Jinja environment, links, and
view models built from knowledge-base entries (index, entry pages, system hubs, categories).

Links go through a ``Linker`` so the same templates serve the live app (absolute URLs such
as ``/entries/<id>``) and the static export (relative files such as ``../entries/<id>.html``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from ..entry import Entry
from ..knowledge import KnowledgeBase, LoadedEntry, Sample, load_kb

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"

SEVERITY_ORDER = {"critical": 0, "high": 1, "medium": 2, "low": 3, "info": 4}

# Display names for id prefixes (systems) and categories; anything else is title-cased.
SYSTEM_NAMES = {
    "vllm": "vLLM",
    "torch": "PyTorch",
    "nccl": "NCCL",
    "cuda": "CUDA",
    "dist": "torch.distributed",
    "ddp": "PyTorch DDP",
    "deepspeed": "DeepSpeed",
    "hf": "Hugging Face",
    "jax": "JAX / XLA",
    "k8s": "Kubernetes",
    "nvidia": "NVIDIA driver and GPU",
    "slurm": "Slurm",
    "system": "Host system",
    "python": "Python",
    "tokenizers": "Tokenizers",
    "checkpoint": "Checkpointing",
    "dataloader": "DataLoader",
    "training": "Training dynamics",
}
CATEGORY_NAMES = {
    "vllm": "vLLM",
    "torch-memory": "PyTorch memory",
    "cuda": "CUDA",
    "distributed": "Distributed",
    "schedulers": "Schedulers",
    "training": "Training",
    "torch-api": "PyTorch API",
    "huggingface": "Hugging Face",
}


def system_name(system: str) -> str:
    return SYSTEM_NAMES.get(system, system.replace("-", " ").title())


def category_name(category: str) -> str:
    return CATEGORY_NAMES.get(category, category.replace("-", " ").replace("_", " ").title())


class Linker:
    """URLs for one page: live server (absolute) or static export (relative to ``depth``)."""

    def __init__(self, static: bool = False, depth: int = 0):
        self.is_static = static
        self.root = "../" * depth

    def _p(self, server: str, static: str) -> str:
        return self.root + static if self.is_static else server

    def home(self) -> str:
        return self._p("/", "index.html")

    def encyclopedia(self) -> str:
        return self._p("/encyclopedia", "index.html")

    def entry(self, entry_id: str) -> str:
        return self._p(f"/entries/{entry_id}", f"entries/{entry_id}.html")

    def system(self, system: str) -> str:
        return self._p(f"/systems/{system}", f"systems/{system}.html")

    def category(self, category: str) -> str:
        return self._p(f"/categories/{category}", f"categories/{category}.html")

    def static_file(self, name: str) -> str:
        return self._p(f"/static/{name}", f"static/{name}")

    def sample(self, key: str) -> str:
        return self._p(f"/?sample={key}#paste", "")


def make_env() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html", "xml"], default_for_string=True, default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(system_name=system_name, category_name=category_name)
    return env


_ENV: Environment | None = None


def env() -> Environment:
    global _ENV
    if _ENV is None:
        _ENV = make_env()
    return _ENV


def render(template: str, linker: Linker, **ctx: Any) -> str:
    return env().get_template(template).render(link=linker, **ctx)


# ---------------------------------------------------------------- knowledge-base views


def kb() -> KnowledgeBase:
    return load_kb(with_samples=True)


def sample_key(sample: Sample) -> str:
    return sample.path.name[: -len(".log")] if sample.path.name.endswith(".log") else sample.path.stem


def try_samples(limit: int = 6) -> list[dict[str, str]]:
    """Positive sample logs to offer on the home page: seed samples first, one per entry."""
    picks: list[tuple[int, str, Sample, Entry]] = []
    for loaded in kb():
        positives = [s for s in loaded.samples if s.expect == "match"]
        if not positives:
            continue
        positives.sort(key=lambda s: (0 if ".seed" in s.path.name else 1, s.path.name))
        s = positives[0]
        picks.append((0 if ".seed" in s.path.name else 1, loaded.entry.id, s, loaded.entry))
    picks.sort(key=lambda t: (t[0], t[1]))
    return [{"key": sample_key(s), "title": e.title, "id": e.id} for _, _, s, e in picks[:limit]]


def find_sample(key: str) -> Sample | None:
    for loaded in kb():
        for s in loaded.samples:
            if sample_key(s) == key and s.expect == "match":
                return s
    return None


@dataclass
class SignatureView:
    id: str
    pattern: str
    keywords: list[str]
    versions: str
    source: str
    examples: list[str] = field(default_factory=list)


def signature_views(loaded: LoadedEntry) -> list[SignatureView]:
    """Each signature with literal example lines taken from the entry's positive samples."""
    out: list[SignatureView] = []
    for sig in loaded.entry.signatures:
        flags = re.IGNORECASE if sig.ignore_case else 0
        rx = re.compile(sig.pattern, flags)
        examples: list[str] = []
        for s in loaded.samples:
            if s.expect != "match":
                continue
            for line in s.body.splitlines():
                if rx.search(line) and line.strip() not in examples:
                    examples.append(line.strip())
                    break
        out.append(SignatureView(sig.id, sig.pattern, list(sig.keywords), sig.versions, sig.source, examples[:2]))
    return out


def short_wording(loaded: LoadedEntry) -> list[str]:
    """The literal wordings of an entry for hub tables: sample lines, else keywords."""
    lines: list[str] = []
    for sv in signature_views(loaded):
        if sv.examples:
            lines.append(sv.examples[0])
        elif sv.keywords:
            lines.append(" … ".join(sv.keywords))
        else:
            lines.append(sv.pattern)
    seen: list[str] = []
    for line in lines:
        if line not in seen:
            seen.append(line)
    return seen


def entry_brief(e: Entry) -> dict[str, Any]:
    return {"id": e.id, "title": e.title, "category": e.category, "role": e.role, "severity": e.severity, "system": e.system}


def sorted_entries(entries: list[LoadedEntry]) -> list[LoadedEntry]:
    return sorted(entries, key=lambda le: (SEVERITY_ORDER.get(le.entry.severity, 9), le.entry.id))


def by_category(k: KnowledgeBase | None = None) -> dict[str, list[LoadedEntry]]:
    groups: dict[str, list[LoadedEntry]] = {}
    for loaded in k or kb():
        groups.setdefault(loaded.entry.category, []).append(loaded)
    return {c: sorted(groups[c], key=lambda le: le.entry.id) for c in sorted(groups, key=category_name)}


def by_system(k: KnowledgeBase | None = None) -> dict[str, list[LoadedEntry]]:
    groups: dict[str, list[LoadedEntry]] = {}
    for loaded in k or kb():
        groups.setdefault(loaded.entry.system, []).append(loaded)
    return {s: sorted(groups[s], key=lambda le: le.entry.id) for s in sorted(groups, key=system_name)}


def entry_context(loaded: LoadedEntry, k: KnowledgeBase | None = None) -> dict[str, Any]:
    k = k or kb()
    e = loaded.entry
    related = [{"id": r, "title": k.entries[r].entry.title if r in k.entries else None} for r in e.related]
    same_category = [le for le in by_category(k).get(e.category, []) if le.entry.id != e.id][:6]
    samples = [sample_key(s) for s in loaded.samples if s.expect == "match"]
    return {
        "e": e,
        "signatures": signature_views(loaded),
        "related": related,
        "same_category": same_category,
        "sample": samples[0] if samples else None,
        "system_count": len(by_system(k).get(e.system, [])),
    }


def hub_entries(system: str, k: KnowledgeBase | None = None) -> tuple[list[LoadedEntry], list[LoadedEntry]]:
    """(own, concerning): the entries whose id starts with ``system.``, and entries of other prefixes
    that concern it (tagged with its name: NCCL-related ``dist.*`` on the NCCL hub)."""
    k = k or kb()
    own = by_system(k).get(system, [])
    other = [le for le in k if le.entry.system != system and system in {t.lower() for t in le.entry.tags}]
    return own, sorted(other, key=lambda le: le.entry.id)


def hub_rows(entries: list[LoadedEntry]) -> list[dict[str, Any]]:
    return [
        {"e": le.entry, "wording": short_wording(le), "first_control": le.entry.confirm[0] if le.entry.confirm else ""}
        for le in sorted_entries(entries)
    ]
