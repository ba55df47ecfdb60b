"""Computed diagnosis for xla.tpu-error: who holds the TPU, what the runtime said, and what to run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CALLS = {
    "xla.gpu.cublas.lt.matmul": ("cuBLASLt matmul", "see cuda.cublas-error: a cuBLAS failure (often after an earlier illegal access or OOM); try XLA_FLAGS=--xla_gpu_enable_cublaslt=false to rule out cuBLASLt"),
    "xla.gpu.gemm": ("cuBLAS GEMM", "see cuda.cublas-error"),
    "xla.gpu.func.launch": ("a fused XLA kernel launch", "the kernel's CUDA status follows; an illegal address means a bad index or a compiler bug (bisect with XLA_FLAGS=--xla_gpu_autotune_level=0 or a jax upgrade)"),
    "xla.gpu.conv.forward": ("a cuDNN convolution", "see cuda.cudnn-error"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pid, reason, device = facts.get("pid"), str(facts.get("reason") or ""), facts.get("device")
    call, hlo = facts.get("custom_call"), facts.get("hlo")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("_signature") == "tpu-env-metadata-missing":
        derived["what"] = "no tpu-env instance metadata (not a TPU VM)"
        parts.append("The TPU runtime asked the GCE metadata server for the tpu-env attribute that only TPU VMs carry and got 404: this host is not a TPU VM. Typical cases: the old Colab TPU runtime (TPU Node architecture, TPU on a separate host) with torch_xla >= 2.1, or a GPU/CPU machine with PJRT_DEVICE=TPU set.")
        fix.append("On a TPU VM runtime (Colab's current TPU runtime, Kaggle TPU VM, Cloud TPU VM) install the torch/torch_xla pair of one release: pip install torch~=2.X torch_xla[tpu]~=2.X -f https://storage.googleapis.com/libtpu-releases/index.html")
        fix.append("On an old TPU Node runtime only torch_xla <= 2.0 (XRT, XRT_TPU_CONFIG) works; otherwise switch to a TPU VM runtime. On a GPU/CPU host unset PJRT_DEVICE=TPU.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if pid:
        derived["what"] = f"TPU held by pid {pid}"
        parts.append(f"Process {pid} owns the TPU on this host, so this process could not open it.")
        fix.append(f"ps -fp {pid} to see what it is; stop it (kill {pid}, or end that notebook kernel/run) and relaunch. If the pid is gone: sudo lsof -w /dev/accel* for the real holder.")
        fix.append("If it is your own launcher's parent process: initialise the TPU only inside the workers.")
    elif "already in use" in reason:
        derived["what"] = "libtpu.so already in use by another process"
        parts.append("Another process on this host already loaded libtpu and holds the TPU; this process did not load it (and JAX falls back to the CPU).")
        fix.append("sudo lsof -w /dev/accel* to find the holder (it may belong to another user) and stop it; then relaunch.")
    elif "may be present" in reason:
        derived["what"] = "TPU not usable, JAX fell back to the CPU"
        parts.append("JAX saw TPU hardware but could not create a TPU client and continued on the CPU. Either libtpu/jax[tpu] is missing, or (more often on a TPU VM) another process holds the TPU - look for 'already in use' just above.")
        fix.append("On a TPU VM: pip install -U 'jax[tpu]' and check sudo lsof -w /dev/accel*; set JAX_PLATFORMS=tpu so this fails fast instead of training on the CPU.")
    elif device == "tpu":
        derived["what"] = "PJRT TPU plugin loaded twice"
        parts.append("The TPU PJRT plugin was registered a second time in one process: something initialised the XLA runtime before the launcher spawned its workers.")
        fix.append("Remove xm.xla_device()/torch_xla.device() calls from module import time and from the parent before xmp.spawn/accelerate launch; upgrade accelerate (fixed in #2467).")
    elif "accel" in reason or device:
        dev = device or reason.split("(", 1)[-1].split(")", 1)[0]
        derived["what"] = f"cannot open {dev}: {reason.rsplit(':', 1)[-1].strip() or reason}"
        parts.append(f"The TPU runtime could not open {dev} ({reason.strip()}). On a TPU VM this almost always means another process holds the chip; otherwise the device permissions or the runtime are broken.")
        fix.append(f"sudo lsof -w {dev if str(dev).startswith('/dev/') else '/dev/accel*'} and stop the holder; on multi-host slices check every worker.")
        fix.append("If nothing holds it: restart the TPU VM (gcloud compute tpus tpu-vm stop/start) or recreate it.")
    elif facts.get("status") == "Core halted unexpectedly" or hlo or "Accelerator device" in reason or "No error message" in reason:
        derived["what"] = "TPU core halted" + (f" in {hlo}" if hlo else "")
        parts.append("A TensorCore stopped while executing the compiled program" + (f" (HLO {hlo})" if hlo else "") + ": an on-device check failure (out-of-range gather/scatter/dynamic-slice index, invalid input) or a hardware fault.")
        fix.append("Rerun the step on CPU or with jax.experimental.checkify / jax_debug_nans to find the bad index; dump HLO with XLA_FLAGS=--xla_dump_to=/tmp/xla" + (f" and look for {hlo}" if hlo else "") + ".")
        fix.append("If it happens on different steps/data at random, restart or recreate the TPU VM (possible hardware problem).")
    elif call:
        what, hint = _CALLS.get(call, ("the XLA runtime custom call " + call, "the library/kernel status after 'failed:' is the cause"))
        derived["what"] = f"custom call {call} failed"
        parts.append(f"The XLA runtime's custom call {call} ({what}) failed; the status after 'failed:' on the same line is the real error.")
        fix.append(hint)
    elif reason:
        derived["what"] = reason.strip()[:120]
        parts.append(f"The TPU backend could not be initialised: {reason.strip().rstrip('.')}.")
        if "topology" in reason:
            fix.append("On a multi-host slice every worker must start the program (gcloud compute tpus tpu-vm ssh NAME --worker=all --command=...); a worker that is missing, still busy with an old run, or on other versions leaves the topology incomplete. Check sudo lsof -w /dev/accel* on all workers.")
        elif "libtpu" in reason:
            fix.append("Install the libtpu that matches jax: pip install -U 'jax[tpu]' (on a TPU VM), or set JAX_PLATFORMS=cpu/cuda on machines without TPUs.")
        else:
            fix.append("sudo lsof -w /dev/accel* to rule out another holder, then check jax/libtpu versions (pip show jax jaxlib libtpu).")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
