"""Computed diagnosis for kernel.panic: what the panic reason means for the node."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substring of the reason, lower case) -> (kind, explanation, fix)
_KINDS: tuple[tuple[str, str, str, str], ...] = (
    ("hard lockup", "hard lockup (CPU stuck with interrupts off)",
     "A CPU ran with interrupts disabled for longer than watchdog_thresh: a driver spinning with a lock held, firmware SMIs, or hardware that stalled the core.",
     "Read the NMI backtrace's RIP/module; upgrade that driver/firmware, and if lockups move between CPUs or nodes' hardware, run vendor diagnostics."),
    ("machine check", "fatal machine check (hardware error)",
     "The CPU reported an uncorrectable hardware error (memory, cache, interconnect or PCIe).",
     "Drain the node and have the hardware repaired (check mce/EDAC lines and ipmitool sel list for the failing part)."),
    ("hung_task", "hung task escalated to panic (hung_task_panic)",
     "A task stayed blocked in the kernel past hung_task_timeout_secs and hung_task_panic=1 turned it into a panic.",
     "Find what the blocked task waited on (storage, NFS/Lustre, GPU driver: see kernel.hung-task) in the lines before the panic."),
    ("softlockup", "soft lockup escalated to panic (softlockup_panic)",
     "A CPU looped in kernel code past the soft-lockup threshold and softlockup_panic=1 turned it into a panic.",
     "Read the soft lockup's RIP/module before the panic (kernel.soft-lockup) and fix that driver or condition."),
    ("out of memory", "out of memory with panic_on_oom",
     "The kernel ran out of memory and vm.panic_on_oom is set, so it panicked instead of killing a process.",
     "Reduce the node's memory use (workers, caches, pinned memory) or unset vm.panic_on_oom to let the OOM killer pick a process."),
    ("deadlocked on memory", "out of memory with no killable process",
     "The OOM killer found nothing to kill and the kernel cannot continue.",
     "Reduce memory use on the node; check for runaway page cache or kernel memory leaks (slabtop)."),
    ("fatal exception", "kernel oops (Fatal exception)",
     "A kernel bug (oops) happened in a context that cannot be recovered, typically inside a driver.",
     "Read the oops trace before the panic ('BUG:' / 'RIP:' / module name); upgrade that driver or the kernel."),
    ("attempted to kill init", "init process died",
     "PID 1 (init/systemd, or a container's init in some runtimes) exited.",
     "Check why init died in the lines before (OOM, a segfault, a missing root filesystem)."),
    ("unable to mount root", "root filesystem not mountable at boot",
     "The kernel could not mount the root filesystem while booting.",
     "Fix the boot configuration (initramfs drivers, root= parameter, disk health)."),
    ("iogpu", "macOS GPU driver panic (IOGPUFamily)",
     "The macOS GPU driver hit an internal check, typically under heavy Metal memory use (MLX, PyTorch MPS, llama.cpp Metal): a driver bug the process triggered but cannot cause by itself.",
     "Update macOS (the fix lives in the OS GPU driver), keep the model's GPU memory below the wired limit (smaller model or batch, mlx.core.set_memory_limit, sysctl iogpu.wired_limit_mb) and send the paniclog to Apple (Feedback Assistant)."),
    ("nmi", "NMI-triggered panic (unknown NMI / IOCK / SERR)",
     "A non-maskable interrupt reported a hardware or platform error (PCIe SERR, IOCK, or a BMC-generated NMI).",
     "Check the BMC event log (ipmitool sel list) and PCIe AER messages for the failing device."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason, cpu = facts.get("panic_reason"), facts.get("cpu")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    text = str(reason or "").strip()
    low = text.lower()
    if not text and cpu is not None:
        low = "hard lockup"
    kind = None
    for key, k, why, how in _KINDS:
        if key in low:
            kind = k
            parts.append(why)
            fix.append(how)
            break
    if text:
        who = "The Mac's kernel (XNU)" if facts.get("_signature") == "xnu-panic" else "The node's kernel"
        parts.insert(0, f"{who} panicked with reason '{text}'.")
    else:
        parts.insert(0, f"The NMI watchdog detected a hard lockup on CPU {cpu}.")
    if kind is None:
        kind = f"panic: {text}" if text else "kernel stopped"
        fix.append("Read the lines before the panic (oops trace, module names, hardware errors) to find the component to fix.")
    derived["panic_kind"] = kind + (f" on CPU {cpu}" if cpu is not None and "cpu" not in kind.lower() else "")
    parts.append("Every process on the node died with it, so jobs show no error of their own; other nodes' timeouts are consequences.")
    if facts.get("_signature") == "xnu-panic":
        fix.append("The full report is in Console > Crash Reports (or /Library/Logs/DiagnosticReports/*.panic); resume from the last checkpoint after the reboot.")
    else:
        fix.append("Drain the node, keep its pstore/kdump/BMC logs, and resubmit the job from its last checkpoint on healthy nodes.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
