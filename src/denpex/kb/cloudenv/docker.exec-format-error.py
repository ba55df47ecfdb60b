"""Computed diagnosis for docker.exec-format-error: which architecture mismatch, or a script without #!."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _arch(p: str) -> str:
    p = p.lower()
    if "arm64" in p or "aarch64" in p:
        return "arm64"
    if "amd64" in p or "x86_64" in p:
        return "amd64"
    if "arm" in p:
        return "arm"
    return p.split("/")[1] if "/" in p else p


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    binary = str(facts.get("binary") or "")
    img = str(facts.get("image_platform") or "")
    host = str(facts.get("host_platform") or "")
    if facts.get("_signature") == "platform-mismatch-warning":
        text = (f"The image is {img} but the host is {host}; Docker will run it under emulation if qemu is registered, "
                "otherwise the entrypoint fails with exec format error.")
        return Explanation(text=text, fix=(f"Pull or build a {host.split('/v')[0] or 'host'} variant: docker buildx build --platform {host.split('/v')[0]} ...",),
                           derived={"problem": f"image {img} on host {host}"})
    if img and host and _arch(img) != _arch(host):
        problem = f"image built for {img}, host is {host}"
        target = "linux/" + _arch(host)
        text = (f"The image is {img} but this host is {host}: the kernel cannot execute "
                f"{binary or 'the entrypoint'} (no qemu emulation registered).")
        fix = [f"Rebuild for this host: docker buildx build --platform {target} -t IMAGE . (or {target},linux/{_arch(img)} for a multi-arch tag) and push it.",
               f"If the tag is multi-arch, run with --platform {target}."]
        if _arch(host) == "arm64":
            fix.append("For GPU work on arm64 (Grace/GH200, Graviton, Jetson) use an arm64/sbsa CUDA base image (Jetson: l4t images); emulated amd64 cannot use the GPU.")
        else:
            fix.append("An image built on Apple Silicon is arm64 by default: build with --platform linux/amd64 on the Mac or in CI.")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
    if binary.endswith((".sh", ".bash")) or "entrypoint" in binary.lower():
        problem = f"{binary} is a script the kernel cannot run (no #! line) or a wrong-arch file"
        text = (f"{binary} could not be executed. If it is a shell script it needs an interpreter line: "
                "a script whose first bytes are not '#!' (or that starts with a UTF-8 BOM) fails with exec format error.")
        fix = (f"Make the first line of {binary} '#!/bin/sh' (or '#!/usr/bin/env bash'), save without BOM, chmod +x.",
               "Or set ENTRYPOINT [\"/bin/sh\", \"" + binary + "\"].",
               "If it is not a script: check docker image inspect IMAGE --format '{{.Architecture}}' against uname -m.")
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    problem = "binary for another CPU architecture (most likely)"
    text = (f"The kernel refused to execute {binary or 'the entrypoint'}: it is almost always built for another CPU "
            "architecture than this host (amd64 vs arm64).")
    fix = ("Compare docker image inspect IMAGE --format '{{.Os}}/{{.Architecture}}' with uname -m on the host.",
           "Rebuild or pull the variant for this host: docker buildx build --platform linux/$(uname -m | sed 's/x86_64/amd64/;s/aarch64/arm64/') ...")
    return Explanation(text=text, fix=fix, derived={"problem": problem})
