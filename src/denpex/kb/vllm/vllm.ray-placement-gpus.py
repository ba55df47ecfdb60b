"""Computed diagnosis for vllm.ray-placement-gpus: how many GPUs vLLM asked Ray for, and where they went."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KV = re.compile(r"'([^']+)': ([0-9.]+)")
_STOP = "ray stop --force on every node (or ray.util.remove_placement_group(<pg>) for the leftover group), then restart the cluster"


def _resources(text: str) -> dict[str, float]:
    return {k: float(v) for k, v in _KV.findall(text)}


def _node(facts: Mapping[str, Any], device: str) -> Explanation:
    res = _resources(str(facts.get("node_resources") or ""))
    ip = facts.get("current_ip")
    where = f" ({ip})" if isinstance(ip, str) and ip else ""
    free = res.get(device, 0.0)
    reserved = sum(v for k, v in res.items() if re.fullmatch(rf"{re.escape(device)}_group_[0-9a-f]+", k))
    accel = sorted(k.split(":", 1)[1] for k in res if k.startswith("accelerator_type:"))
    bundles = any(k.startswith("bundle_group_") for k in res)
    derived: dict[str, Any] = {"free_devices_on_node": free, "devices_reserved_by_placement_groups": reserved}
    if reserved > 0 or (bundles and free < 1):
        held = f"{reserved:g} {device} are" if reserved > 0 else f"its {device}s are"
        text = (
            f"The engine's node{where} has {free:g} free {device} while {held} reserved by an existing placement group "
            "(the GPU_group_* / bundle_group_* keys): an earlier vLLM / Ray Serve run, another deployment, or the enclosing "
            "Ray actor holds them."
        )
        fix = [_STOP,
               "Inside Ray Serve / an RL framework: let vLLM use the actor's own group (reserve tp x pp bundles) or use --distributed-executor-backend mp."]
    elif accel or free > 0:
        kind = f" ({', '.join(accel)})" if accel else ""
        text = (
            f"The engine's node{where} has {device} hardware{kind} but less than one whole {device} free ({free:g}): other actors "
            "or fractional reservations (num_gpus < 1 of several deployments) took it."
        )
        fix = ["ray status: find the actors/deployments holding the GPU and stop or shrink them.",
               "Give each vLLM deployment whole GPUs."]
    else:
        text = (
            f"Ray registered no {device} at all on the engine's node{where}: Ray was started where the GPUs were not visible "
            "(container without the NVIDIA runtime, CUDA_VISIBLE_DEVICES empty) or vllm serve runs on a CPU-only head node."
        )
        fix = ["Restart Ray with the GPUs visible: docker run --gpus all (Kubernetes: runtimeClassName: nvidia), ray start --num-gpus N.",
               "Run vllm serve on a GPU node of the cluster."]
    derived["case"] = "reserved" if reserved > 0 or (bundles and free < 1) else ("claimed" if accel or free > 0 else "no-gpu-registered")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    device = str(facts.get("device") or "GPU")
    reason = str(facts.get("reason") or "")
    req, tot = facts.get("required_devices"), facts.get("total_devices")
    if facts.get("node_resources"):
        return _node(facts, device)
    if isinstance(req, int) and isinstance(tot, int):
        return Explanation(
            text=(
                f"vLLM runs inside a placement group with {tot} {device} bundle(s) but needs {req} (tensor_parallel_size x "
                f"pipeline_parallel_size), {req - tot} short."
            ),
            fix=(
                f"Reserve {req} bundles of {{'{device}': 1}} for the deployment (Ray Serve placement_group_bundles / the framework's rollout GPU count).",
                f"Or lower the world size to {tot}: e.g. --tensor-parallel-size {tot} --pipeline-parallel-size 1 (if the model's heads divide by {tot}).",
            ),
            derived={"missing_devices": req - tot},
        )
    specs = facts.get("specs")
    if isinstance(specs, str) and specs:
        n = specs.count(f"'{device}'") or specs.count("GPU")
        t = facts.get("timeout_s")
        return Explanation(
            text=(
                f"Ray could not reserve {n} x {{'{device}': 1}} bundles (one per vLLM worker, the first on the engine's node) "
                f"within {t} s: the cluster never had that many free {device}s."
            ),
            fix=(f"ray status: check that at least {n} {device}s are free; lower tp x pp to the free count.",
                 "If the log shows 'Started a local Ray instance', export RAY_ADDRESS=<head>:6379 so vLLM joins the cluster.",
                 _STOP),
            derived={"bundles_requested": n},
        )
    if "driver node" in reason:
        workers = facts.get("worker_ips")
        text = "Every GPU worker was placed on other nodes; the node running the vLLM engine got none."
        if isinstance(workers, str) and facts.get("driver_ip"):
            text += f" Driver IP {facts['driver_ip']}, worker IPs {workers}."
        return Explanation(
            text=text,
            fix=("Run vllm serve on a node with a free GPU that is part of the Ray cluster.",
                 "Multi-node: set VLLM_HOST_IP on each node to the IP Ray uses for it (ray start --node-ip-address)."),
            derived={},
        )
    if "placement group" in reason or "cluster" in reason or reason == "total":  # (a line cut after "the total")
        return Explanation(
            text=(
                f"The Ray cluster vLLM connected to has fewer {device}s than tensor_parallel_size x pipeline_parallel_size."
            ),
            fix=("ray status: count the GPUs; if vLLM printed 'Started a local Ray instance', set RAY_ADDRESS=<head>:6379.",
                 "Lower --tensor-parallel-size / --pipeline-parallel-size to the GPUs available (Kubernetes: <= the nvidia.com/gpu limit)."),
            derived={},
        )
    return None
