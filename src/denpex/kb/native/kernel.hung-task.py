"""Computed diagnosis for kernel.hung-task: what the blocked task waits on, from its call trace and earlier kernel messages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# kernel module in the call trace -> (layer, fix)
_LAYERS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("nfs", "nfsv3", "nfsv4", "sunrpc", "lockd", "nfsd"), "an NFS server or the network path to it",
     "Check the NFS server and network (dmesg | grep 'not responding'; nfsstat -c; mountstats); stage data/checkpoints on local disk."),
    (("lustre", "ptlrpc", "osc", "mdc", "lov", "lmv", "lnet", "ko2iblnd", "ksocklnd", "obdclass", "llite"), "the Lustre filesystem (an OST/MDS or LNet)",
     "Check Lustre health (lfs check servers; lctl dl; LustreError lines) with the storage admins; stage hot data locally."),
    (("mmfs26", "mmfslinux", "tracedev"), "the GPFS / Spectrum Scale filesystem",
     "Check GPFS (mmhealth node show, mmlsnode, expel messages); the node may need to rejoin the cluster."),
    (("fuse",), "a FUSE mount (s3fs, gcsfuse, blobfuse, sshfs ...)",
     "Restart or remount the FUSE daemon (fusermount -uz <mnt>); use a local cache or copy data locally instead of streaming through FUSE."),
    (("ceph", "libceph"), "CephFS / RBD",
     "Check the Ceph cluster (ceph -s, slow ops) and the client's MDS session."),
    (("nvidia", "nvidia_uvm", "nvidia_modeset", "nvidia_drm", "nvidia_peermem"), "the NVIDIA GPU driver",
     "Look for NVRM: Xid messages before it; drain the node and reset the GPU (nvidia-smi -r) or reboot; update the driver if it recurs."),
    (("amdgpu", "amdkfd"), "the AMD GPU driver",
     "Check dmesg for amdgpu resets/page faults; drain and reboot the node if tasks stay blocked."),
    (("xfs", "ext4", "jbd2", "btrfs", "dm_mod", "md_mod", "raid456", "raid1", "raid10", "nvme", "nvme_core", "megaraid_sas", "mpt3sas", "zfs", "spl"), "local storage (filesystem, journal or disk)",
     "Check the disk and filesystem (dmesg I/O errors, smartctl -a, iostat -x 1); free space and replace failing devices."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    proc, pid, secs = facts.get("process"), facts.get("pid"), facts.get("seconds")
    module, clue = facts.get("trace_module"), facts.get("fs_clue")
    if proc is None:
        return None
    derived: dict[str, Any] = {}
    parts = [f"The kernel reports that {proc} (pid {pid}) has been in uninterruptible sleep (state D) for more than {secs} s: it is waiting inside a kernel call that has not completed and cannot be killed until it does."]
    fix: list[str] = []
    layer = None
    if module:
        for mods, what, how in _LAYERS:
            if module in mods:
                layer = (what, how)
                break
        if layer is None:
            layer = (f"the '{module}' kernel module", f"Inspect what the '{module}' module drives (modinfo {module}) and its messages in dmesg around the same time.")
        parts.append(f"Its call trace runs through [{module}], so it waits on {layer[0]}.")
    if clue:
        text = str(clue)
        if layer is None:
            if text.startswith("nfs:"):
                layer = _LAYERS[0][1:]
            elif "Lustre" in text:
                layer = _LAYERS[1][1:]
            elif text.startswith("mmfs"):
                layer = _LAYERS[2][1:]
            elif text.startswith("ceph"):
                layer = _LAYERS[4][1:]
            elif text.startswith("NVRM"):
                layer = _LAYERS[5][1:]
            else:
                layer = _LAYERS[7][1:]
        parts.append(f"Earlier the kernel logged '{text}', which points the same way.")
    if layer:
        derived["blocked_on"] = f"waiting on {layer[0]}"
        fix.append(layer[1])
    else:
        derived["blocked_on"] = "I/O or a driver call that did not complete"
        parts.append("The trace does not name a module; storage (NFS/Lustre/FUSE/local disk) or a GPU driver call are the usual causes.")
        fix.append("cat /proc/<pid>/stack and ps -eo pid,stat,wchan:32,cmd show where it waits; check storage mounts and dmesg for Xid/I-O errors.")
    if str(proc).startswith(("python", "pt_main", "torchrun", "pt_data_worker")):
        parts.append("The blocked task is part of the ML job itself, so the job (and, through collectives, every other rank) stops making progress.")
    fix.append("If the tasks never leave state D, drain the node and reboot it; kill -9 cannot end them.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
