"""Computed diagnosis for torch.custom-class-not-registered: which library should register the class."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("class_name") or "")
    if not name:
        return None
    ns, _, cls = name.partition(".")
    if not cls:
        ns, cls = "", name
    if ns == "FasterTransformer":
        if cls in ("GptOp", "GPT"):
            text = (f"torch.classes.FasterTransformer.{cls} is the old single-GPU op name; current FasterTransformer "
                    "builds register ParallelGptOp (used by examples/pytorch/gpt/multi_gpu_gpt_example.py).")
            fix = ("python ../examples/pytorch/gpt/multi_gpu_gpt_example.py --lib_path ./lib/libth_transformer.so",)
        else:
            text = (f"FasterTransformer.{cls} is registered by lib/libth_transformer.so of a build with -DBUILD_PYT=ON; "
                    "the library given to torch.classes.load_library (lib_path) is missing, a TensorFlow op library "
                    "(libtf_*.so) or a build without the PyTorch ops.")
            fix = ("cmake -DSM=<arch> -DCMAKE_BUILD_TYPE=Release -DBUILD_PYT=ON .. && make -j",
                   "pass --lib_path ./lib/libth_transformer.so")
    else:
        where = f"namespace '{ns}'" if ns else "this class"
        text = (f"No loaded library registered torch.classes.{name}: load the shared library that defines {where} "
                "with torch.classes.load_library(...) (or import its package) before using it, built for this torch.")
        fix = ("torch.classes.load_library('<path to the extension .so>')",)
    return Explanation(text=text, fix=fix, derived={"namespace": ns, "diagnosis": f"{name} not registered"})
