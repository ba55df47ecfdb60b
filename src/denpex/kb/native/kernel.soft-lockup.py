"""Computed diagnosis for kernel.soft-lockup: which CPU, for how long, and what the RIP says was looping."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GPU = ("nvidia", "nvidia_uvm", "nvidia_modeset", "nvidia_drm", "nvidia_peermem", "amdgpu", "amdkfd", "i915")
_NET = ("mlx5_core", "mlx5_ib", "mlx4_core", "ib_core", "ice", "i40e", "bnxt_en", "ena", "efa", "ixgbe")
_FS = ("nfs", "sunrpc", "lustre", "ptlrpc", "osc", "zfs", "spl", "xfs", "ext4", "fuse", "ceph")
_RECLAIM = ("isolate_migratepages", "compact_", "shrink_", "migrate_pages", "do_try_to_free", "page_vma_mapped", "split_huge", "khugepaged", "clear_page")
_IDLE = ("native_safe_halt", "default_idle", "cpuidle_enter", "mwait_idle", "intel_idle", "acpi_idle", "pv_native_safe_halt")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cpu, secs, proc, pid = facts.get("cpu"), facts.get("seconds"), facts.get("process"), facts.get("pid")
    func, module, flavor, ticks = facts.get("rip_function"), facts.get("rip_module"), facts.get("rcu_flavor"), facts.get("stall_ticks")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    where = f"CPU {cpu}" if cpu is not None else "a CPU"
    if flavor:
        parts.append(f"RCU ({flavor}) detected a stall: {where} did not pass through a quiescent state"
                     + (f" for {ticks} scheduler ticks" if ticks is not None else "") + " (21-60 s by default), i.e. it stayed in kernel code without scheduling.")
    else:
        parts.append(f"The soft-lockup watchdog found {where} running kernel code for {secs} s without scheduling"
                     + (f"; the task on it was {proc} (pid {pid}), which may be a victim rather than the cause." if proc else "."))
    kind = "kernel code looping with preemption off"
    fname = str(func or "")
    if module and module in _GPU:
        kind = f"GPU driver [{module}] spinning"
        parts.append(f"The RIP is {fname} in [{module}]: the GPU driver was busy-waiting, typically for a GPU that stopped responding.")
        fix.append("Check dmesg for NVRM: Xid / amdgpu reset messages at the same time; reset the GPU or reboot, and update the driver if it recurs.")
    elif module and module in _NET:
        kind = f"network/RDMA driver [{module}] spinning"
        parts.append(f"The RIP is {fname} in [{module}] (a NIC/RDMA driver).")
        fix.append(f"Update the {module} driver/firmware (e.g. MLNX_OFED) and check the adapter's health (ethtool -S, ibstat).")
    elif module and module in _FS:
        kind = f"filesystem [{module}] spinning"
        parts.append(f"The RIP is {fname} in [{module}]: filesystem code held the CPU (often while its server or disk was slow).")
        fix.append("Check the filesystem/storage health and its messages in dmesg; upgrade the client module if this is a known bug.")
    elif fname.startswith(_RECLAIM):
        kind = "memory reclaim/compaction"
        parts.append(f"The RIP is {fname}: the memory manager was reclaiming or compacting memory with the CPU held, a sign of severe memory pressure.")
        fix.append("Reduce host memory pressure (page cache hogs, too many DataLoader workers, pinned memory); consider echo never > /sys/kernel/mm/transparent_hugepage/defrag.")
    elif fname.startswith(_IDLE):
        kind = "VM vCPU not scheduled (idle RIP)"
        parts.append(f"The RIP is {fname}, an idle/halt routine: the CPU was not busy, it was not being run - typical of a virtual machine whose host starves or migrates its vCPUs.")
        fix.append("Check CPU steal (top 'st', mpstat) and the cloud provider's host events; use instances without CPU overcommit.")
    elif module:
        kind = f"module [{module}]"
        parts.append(f"The RIP is {fname} in [{module}]; that module's code was looping.")
        fix.append(f"Update or reload the {module} module and look for its errors in dmesg.")
    elif fname:
        parts.append(f"The RIP is {fname} (core kernel).")
    derived["lockup_kind"] = kind
    fix.append("If lockups repeat on this node or show unrelated RIPs, check hardware (mce/EDAC in dmesg, vendor diagnostics) and drain it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
