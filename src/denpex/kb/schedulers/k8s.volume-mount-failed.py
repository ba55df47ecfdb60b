"""Computed diagnosis for k8s.volume-mount-failed: what the mount error says to fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    vol = facts.get("volume")
    detail = str(facts.get("detail") or "")
    unmounted = facts.get("unmounted")
    d = detail.lower()
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if unmounted is not None and not detail:
        vols = [v for v in str(unmounted).split() if v]
        text = (f"The pod waits for volume(s) {', '.join(vols) or '?'} that could not be attached or mounted. This line only names "
                "them; the reason is in the MountVolume / AttachVolume event for the same volume.")
        return Explanation(text=text, fix=("kubectl describe pod <pod> | grep -E 'MountVolume|AttachVolume|Multi-Attach'",
                                           f"kubectl get pvc -n <ns> | grep -E '{'|'.join(vols) or '.'}'  # if they are PVCs: Bound?"),
                           derived={"unmounted_volumes": vols})
    m = re.search(r'(secret|configmap|persistentvolumeclaim)s? "([^"]+)" not found', detail)
    if m:
        kind, name = m.group(1), m.group(2)
        text = f"Volume {vol} references {kind} '{name}', which does not exist in the pod's namespace."
        fix += [f"kubectl get {kind} -A | grep {name}", f"Create {kind} {name} in the pod's namespace or fix the name in the volume spec."]
        derived["missing"] = f"{kind}/{name}"
    elif "multi-attach" in d or "already exclusively attached" in d or "already used by pod" in d:
        text = (f"Volume {vol} is ReadWriteOnce and still attached to another node (an old pod of a rollout, or a pod on a failed "
                "node), so it cannot be attached here.")
        fix += [f"kubectl get volumeattachment | grep {vol}  # the node that holds it",
                "Delete the old pod (or scale to 0 first); use strategy Recreate for single-replica workloads",
                "Data read by pods on several nodes: use a ReadWriteMany storage class (NFS, CephFS, FSx/Lustre, Filestore)."]
        derived["cause"] = "rwo-multi-attach"
    elif "exit status 32" in d or "access denied by server" in d or "mount.nfs" in d:
        text = f"The NFS mount for volume {vol} failed on the node (mount exit status 32: export refused or path missing)."
        fix += ["showmount -e <nfs-server>  # from the node: is the path exported to it?",
                "Allow the node's IP/subnet in the export and firewall; install nfs-common / nfs-utils on the nodes."]
        derived["cause"] = "nfs"
    elif "hostpath type check failed" in d:
        mp = re.search(r"hostPath type check failed: (\S+) is not a (\w+)", detail)
        path = mp.group(1) if mp else "<path>"
        text = f"hostPath volume {vol} expects {path} to exist on the node as a {mp.group(2) if mp else 'directory/file'}, and it does not."
        fix += [f"Create {path} on every node the pod may land on, or use type DirectoryOrCreate, or pin the pod with a nodeSelector."]
        derived["cause"] = "hostpath-missing"
    elif "driver name" in d and "not found in the list of registered csi drivers" in d:
        text = f"The CSI driver for volume {vol} is not registered on this node (its node plugin is not running there)."
        fix += ["kubectl get csinode <node> -o yaml; kubectl get pods -n kube-system -o wide | grep csi  # node plugin on that node?"]
        derived["cause"] = "csi-driver-missing"
    elif "timed out waiting for the condition" in d or "context deadline exceeded" in d:
        text = f"Mounting volume {vol} timed out; the storage backend or CSI driver did not answer in time."
        fix += ["kubectl logs -n kube-system <csi node pod on that node> --all-containers | tail -50"]
    else:
        text = f"Volume {vol} could not be mounted: {detail or 'see the pod events'}."
        fix += ["kubectl describe pod <pod> | sed -n '/Events/,$p'"]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
