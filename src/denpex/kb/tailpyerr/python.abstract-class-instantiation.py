"""Computed diagnosis for python.abstract-class-instantiation: the class, the methods it lacks, the
library base class those names usually come from, and stubs to add."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

# method names (any one of the set present) -> (library base class, note on the usual cause)
_KNOWN: tuple[tuple[frozenset[str], str, str], ...] = (
    (frozenset({"env_is_wrapped", "env_method", "get_attr", "set_attr", "step_async", "step_wait"}),
     "stable-baselines3 VecEnv",
     "newer stable-baselines3 releases (around 1.0) declare env_is_wrapped abstract; VecEnv subclasses written for older SB3 lack it"),
    (frozenset({"observation_space", "action_space"}), "an RL environment base class (Pearl Environment, gymnasium-style API)",
     "the environment base class declares the spaces as abstract properties; define them with @property"),
    (frozenset({"observation_spec", "action_spec", "_reset", "_step"}), "dm_env.Environment / tf_agents PyEnvironment",
     "define the spec methods and the _reset/_step hooks the base class calls"),
    (frozenset({"compute_metrics", "process"}), "mmengine BaseMetric",
     "mmengine metrics implement process(data_batch, data_samples) and compute_metrics(results)"),
    (frozenset({"extract_feat", "simple_test", "aug_test", "loss", "predict", "_forward"}), "mmdet/mmengine BaseDetector / BaseModel",
     "mmdet 2.x detectors implement simple_test/aug_test, mmdet 3.x implement loss/predict/_forward: the model code targets the other major version"),
    (frozenset({"_info", "_split_generators", "_generate_examples", "_generate_tables"}), "Hugging Face datasets DatasetBuilder",
     "a loading script's builder must define _info, _split_generators and _generate_examples (_generate_tables for ArrowBasedBuilder)"),
    (frozenset({"_run", "_arun"}), "LangChain BaseTool", "LangChain tools implement _run (and _arun for async); run() is the public wrapper"),
    (frozenset({"_call", "_llm_type", "_generate"}), "LangChain LLM / BaseChatModel", "custom LangChain models implement _call or _generate and the _llm_type property"),
    (frozenset({"_get_relevant_documents"}), "LangChain BaseRetriever",
     "newer LangChain made _get_relevant_documents the abstract hook; retrievers that only define get_relevant_documents come from older code"),
    (frozenset({"embed_documents", "embed_query"}), "LangChain Embeddings", "an embeddings class implements embed_documents and embed_query"),
    (frozenset({"infer_relative_search_space", "sample_relative", "sample_independent"}), "Optuna BaseSampler",
     "a custom sampler implements all three sampling hooks"),
    (frozenset({"__getitem__", "__len__", "__iter__"}), "collections.abc Mapping/Sequence",
     "a Mapping needs __getitem__, __iter__ and __len__; a Sequence __getitem__ and __len__"),
)
_METRIC = frozenset({"update", "compute"})


def _names(raw: str) -> list[str]:
    return [n.strip().strip("'") for n in raw.split(",") if n.strip().strip("'")]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("cls") or "")
    names = _names(str(facts.get("methods") or ""))
    if not cls or not names:
        return None
    short = cls.rsplit(".", 1)[-1]
    found = set(names)
    library, note = "", ""
    if found <= _METRIC:
        library, note = "torchmetrics Metric (or another metric base)", "a torchmetrics Metric implements update() and compute()"
    else:
        for keys, lib, why in _KNOWN:
            if found & keys:
                library, note = lib, why
                break
    frame = raising_frame(facts)
    code = str(facts.get("code") or "").strip()
    base_itself = bool(re.fullmatch(r"(?:Base\w*|\w*(?:Base|Abstract)\w*|Env|Environment|Metric|Tool|LLM|Embeddings)", short))
    plural = "s" if len(names) > 1 else ""
    listed = ", ".join(names)
    text = f"{short} still has {len(names)} abstract method{plural} ({listed}), so Python refuses to create it."
    if library:
        text += f" These names belong to {library}: {note}."
    if base_itself:
        text += f" {short} looks like the base class itself: instantiate a concrete subclass instead."
    else:
        text += (" If the code comes from a repository, tutorial or plugin, the library's base class most likely declared"
                 f" {'these methods' if plural else 'this method'} abstract after the code was written.")
    if frame.where:
        text += f" Raised at {frame.where}" + (f": {code}" if code else "") + "."
    elif code:
        text += f" Failing line: {code}"
    fix = [f"Add to class {short}: " + "; ".join(f"def {n}(self, *args, **kwargs): ..." for n in names[:6])
           + (" (with the signature the base class declares)" if names else "")]
    fix.append("Or install the library version the code was written for (its requirements file or the tutorial's pinned version).")
    if base_itself:
        fix.insert(0, f"Instantiate a concrete subclass of {short}, not {short} itself.")
    derived = {"count": len(names), "methods": listed}
    if library:
        derived["library"] = library
    return Explanation(text=text, fix=tuple(fix), derived=derived)
