"""Computed diagnosis for tensorrt.plugin-not-found: which kind of plugin library the missing
creator belongs to (TensorRT's own, TensorRT-LLM's, or a custom one) and how to load it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    plugin = str(facts.get("plugin") or "").strip().rstrip(",")
    version = str(facts.get("plugin_version") or "").strip()
    if not plugin:
        return Explanation(
            text="The engine has a plugin layer whose creator is not registered in this process.",
            fix=("Find the plugin name in the getPluginCreator line above, then load its library (or trt.init_libnvinfer_plugins) before deserializing.",),
            derived={"plugin": "(name not in the log)"},
        )
    ver = f" version {version}" if version else ""
    if plugin.endswith("tensorrt_llm"):
        layer = plugin[: -len("tensorrt_llm")] or plugin
        text = (f"'{plugin}'{ver} is TensorRT-LLM's {layer} plugin (namespace tensorrt_llm): the TensorRT-LLM plugin library "
                "is not loaded in this process, or the installed TensorRT-LLM is not the one that built the engine.")
        fix = ("import tensorrt_llm before deserializing (or load libnvinfer_plugin_tensorrt_llm.so).",
               "Compare pip show tensorrt_llm with the version in the engine's config.json; rebuild the engine after an upgrade.")
    elif plugin.endswith("_TRT"):
        text = (f"'{plugin}'{ver} is one of TensorRT's standard plugins (libnvinfer_plugin), which this process never initialised.")
        fix = ("Python: trt.init_libnvinfer_plugins(TRT_LOGGER, '') before runtime.deserialize_cuda_engine(...); C++: initLibNvInferPlugins(&logger, \"\").",
               "Make sure libnvinfer_plugin.so of the same TensorRT version is on LD_LIBRARY_PATH.")
    else:
        text = (f"'{plugin}'{ver} is a custom plugin: its library was loaded when the engine was built but not in this process.")
        fix = ("Load the plugin library before deserializing: ctypes.CDLL('/path/lib<plugin>.so') / dlopen; trtexec --loadEngine=... --plugins=/path/lib<plugin>.so.",
               "Serving: DeepStream custom-lib-path=/path/lib<plugin>.so; Triton LD_PRELOAD=/path/lib<plugin>.so tritonserver ...")
    return Explanation(text=text, fix=fix, derived={"plugin": plugin})
