"""Computed diagnosis for apptainer.build-privileges-required: which privilege is missing and the way to build anyway."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OFFSITE = "Build off-cluster (sudo on a workstation/VM or CI) and copy the .sif, or convert an OCI image without root: apptainer build image.sif docker://<registry>/<image>:<tag>"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "sandbox-extract-eperm":
        image = str(facts.get("image") or "the SIF").strip()
        diag = ("without squashfuse Apptainer unpacks the SIF into a temporary sandbox, and that unprivileged extraction "
                "needs a user namespace, which this host refuses (user namespaces disabled, or Ubuntu 24.04's AppArmor restriction)")
        fix = ["Install squashfuse (apt/dnf install squashfuse, or the apptainer-suid/squashfuse packages) so the SIF is mounted instead of extracted",
               "Or enable unprivileged user namespaces (admin: user.max_user_namespaces > 0; Ubuntu 24.04: Apptainer 1.3.3+ package with its AppArmor profile, or sysctl kernel.apparmor_restrict_unprivileged_userns=0)",
               f"Or convert once where it works and run the sandbox folder: apptainer build --sandbox img/ {image}"]
        return Explanation(text=f"The container did not start: {diag}.", fix=tuple(fix), derived={"diagnosis": f"container start refused: {diag}"})
    user = str(facts.get("user") or "").strip()
    if sig == "root-required":
        diag = "definition-file build as a normal user without --fakeroot"
        fix = ["apptainer build --fakeroot image.sif image.def   # if this site supports fakeroot", _OFFSITE,
               "singularity build --remote image.sif image.def   # Sylabs remote builder (needs a token)"]
    elif sig == "fakeroot-no-subuid":
        who = user or "this user"
        diag = f"--fakeroot needs an /etc/subuid and /etc/subgid range for {who}, none is configured on this node"
        fix = [f"Ask the admins: apptainer config fakeroot --add {user or '<user>'}  (adds the subuid/subgid ranges)",
               "Apptainer 1.1+: apptainer build --fakeroot --ignore-subuid ... uses a root-mapped namespace plus the fakeroot command (needs user namespaces)",
               _OFFSITE]
    elif sig in ("userns-disabled", "encryption-needs-userns", "container-process-enospc"):
        reason = str(facts.get("reason") or "").strip()
        diag = "unprivileged user namespaces are disabled on this host" + (f" ({reason})" if reason else "")
        if sig == "container-process-enospc":
            diag += " - 'No space left on device' here is the namespace limit (user.max_user_namespaces=0), not a full disk"
        fix = ["Ask the admins to enable user namespaces on a build node (user.max_user_namespaces > 0; Debian/Ubuntu kernel.unprivileged_userns_clone=1)",
               "Apptainer 1.2.1 setuid installs: pass --fakeroot explicitly (works around apptainer #1582)" if sig == "encryption-needs-userns" else _OFFSITE,
               _OFFSITE if sig == "encryption-needs-userns" else "Pull a prebuilt image instead: apptainer pull docker://<image>"]
    elif sig == "mount-ns-privileges":
        diag = "AppArmor (Ubuntu 23.10/24.04) blocks unprivileged user namespaces for this Apptainer build"
        fix = ["Install Apptainer 1.3.3 or newer from the release packages (ships the AppArmor profile for user namespaces)",
               "Or (admin) sysctl kernel.apparmor_restrict_unprivileged_userns=0", _OFFSITE]
    elif sig == "pseudo-devices":
        dev = str(facts.get("device") or "").strip()
        diag = "root-mapped fakeroot namespace without the fakeroot command: device nodes" + (f" ({dev.split('/rootfs', 1)[-1] or dev})" if dev else "") + " cannot be created"
        fix = ["Install the fakeroot package (dnf/apt install fakeroot) or use an Apptainer build that bundles it",
               "Or ask for an /etc/subuid mapping so full fakeroot mode is used", _OFFSITE]
    else:
        return None
    return Explanation(text=f"The container build stopped before %post: {diag}.", fix=tuple(fix), derived={"diagnosis": f"container build refused: {diag}"})
