"""Computed diagnosis for tensorrt.python-api-removed: which TensorRT major dropped (or added) the name, and its replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# attribute -> (TensorRT version that removed it, replacement)
_REMOVED: dict[str, tuple[str, str]] = {
    "num_bindings": ("10.0", "engine.num_io_tensors"),
    "get_binding_name": ("10.0", "engine.get_tensor_name(i)"),
    "get_binding_index": ("10.0", "address tensors by name (loop over engine.get_tensor_name(i) for i in range(engine.num_io_tensors))"),
    "binding_is_input": ("10.0", "engine.get_tensor_mode(name) == trt.TensorIOMode.INPUT"),
    "get_binding_shape": ("10.0", "engine.get_tensor_shape(name) / context.get_tensor_shape(name)"),
    "get_binding_dtype": ("10.0", "engine.get_tensor_dtype(name)"),
    "get_binding_format": ("10.0", "engine.get_tensor_format(name)"),
    "get_binding_vectorized_dim": ("10.0", "engine.get_tensor_vectorized_dim(name)"),
    "get_profile_shape": ("10.0", "engine.get_tensor_profile_shape(name, profile_index)"),
    "set_binding_shape": ("10.0", "context.set_input_shape(name, shape)"),
    "all_binding_shapes_specified": ("10.0", "context.infer_shapes() (returns the names still missing)"),
    "execute_async_v2": ("10.0", "context.set_tensor_address(name, ptr) for every I/O tensor, then context.execute_async_v3(stream)"),
    "execute_async": ("10.0", "context.set_tensor_address(name, ptr) for every I/O tensor, then context.execute_async_v3(stream)"),
    "execute": ("10.0", "context.execute_v2(bindings)"),
    "build_engine": ("10.0", "plan = builder.build_serialized_network(network, config); engine = trt.Runtime(logger).deserialize_cuda_engine(plan)"),
    "has_implicit_batch_dimension": ("10.0", "nothing: every network is explicit-batch in TensorRT 10"),
    "add_fully_connected": ("10.0", "network.add_matrix_multiply(...) (+ add_elementwise for the bias)"),
    "add_padding": ("10.0", "network.add_padding_nd(...)"),
    "build_cuda_engine": ("8.0", "builder.build_serialized_network(network, config) (8.0+) and Runtime.deserialize_cuda_engine"),
    "fp16_mode": ("8.0", "config.set_flag(trt.BuilderFlag.FP16)"),
    "int8_mode": ("8.0", "config.set_flag(trt.BuilderFlag.INT8) with config.int8_calibrator"),
    "strict_type_constraints": ("8.0", "config.set_flag(trt.BuilderFlag.OBEY_PRECISION_CONSTRAINTS)"),
}

# attribute -> TensorRT version that introduced it (missing = TensorRT older than that)
_ADDED: dict[str, str] = {
    "num_io_tensors": "8.5",
    "get_tensor_name": "8.5",
    "get_tensor_mode": "8.5",
    "get_tensor_shape": "8.5",
    "get_tensor_dtype": "8.5",
    "get_tensor_profile_shape": "8.5",
    "set_input_shape": "8.5",
    "set_tensor_address": "8.5",
    "execute_async_v3": "8.5",
    "set_memory_pool_limit": "8.4",
    "build_serialized_network": "8.0",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("cls") or "")
    attr = str(facts.get("attr") or "")
    if not attr:
        return None
    where = f"{cls}.{attr}" if cls else attr
    if attr == "max_workspace_size":
        if cls == "Builder":
            removed, repl = "8.0", "config = builder.create_builder_config(); config.max_workspace_size = n (8.x) or config.set_memory_pool_limit(trt.MemoryPoolType.WORKSPACE, n) (8.4+)"
        else:
            removed, repl = "10.0", "config.set_memory_pool_limit(trt.MemoryPoolType.WORKSPACE, n)"
    elif attr == "max_batch_size":
        removed, repl = "10.0", "explicit batch: put the batch in the input shape or the optimization profile (min/opt/max)"
    elif attr in _REMOVED:
        removed, repl = _REMOVED[attr]
    elif attr in _ADDED:
        since = _ADDED[attr]
        diagnosis = f"installed TensorRT is older than {since}"
        text = (f"{where} exists only since TensorRT {since}: the script uses the newer API and the installed TensorRT is older "
                "(common on JetPack 4.x/5.0 and old containers).")
        fix = (f"Install TensorRT >= {since} (pip install 'tensorrt>={since}' or a newer JetPack/container), or use the older "
               "binding-index API of the installed version.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    else:
        diagnosis = "API differs from the installed TensorRT"
        text = (f"The installed TensorRT has no {where}. The script was written for another TensorRT version (or misspells the name); "
                "check trt.__version__ against the version the script targets.")
        fix = ("Look the name up in the TensorRT migration guide / Python API of the installed version, or install the TensorRT major the script supports.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    diagnosis = f"removed in TensorRT {removed}"
    text = (f"{where} was removed in TensorRT {removed}; the installed TensorRT is {removed} or newer while the script was written "
            f"for an older one. The replacement is: {repl}.")
    fix = (f"Replace {attr} with: {repl}.",
           f"Or pin TensorRT below {removed} (pip install 'tensorrt<{removed.split('.')[0]}') with a matching CUDA, if the tool does not support {removed} yet.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "removed_in": removed, "replacement": repl})
