"""Computed diagnosis for slurm.job-credential-rejected: which node and which kind of refusal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    if not reason:
        return None
    sig = str(facts.get("_signature") or "")
    node = str(facts.get("node") or "")
    step = str(facts.get("step") or "")
    rpc = str(facts.get("rpc") or "")
    where = f"node {node}" if node else "the node"
    excl = f"srun --exclude={node} ..." if node else "srun --exclude=<node> ..."
    low = reason.lower()
    if sig == "munge-encode":
        text = f"The local munged daemon is not reachable ({reason}): nothing on this host can sign or verify Slurm messages."
        fix = ("Start it: systemctl enable --now munge (check 'systemctl status munge' and the munge log for key/permission errors).",)
        return Explanation(text=text, fix=fix, derived={"kind": "munged-down"})
    if "expired" in low or "rewound" in low or "revoked" in low:
        kind = "clock skew"
        what = f"the launch credential of step {step}" if step else (f"the {rpc} message" if rpc else "the credential")
        text = (f"{what[0].upper() + what[1:]} was rejected ({reason}) on {where}: the clocks of the controller and "
                "the node differ by more than the credential lifetime (or a prolog ran too long).")
        fix = (f"Ask the admins to resync time on {where} and the controller (chronyd/ntpd) and restart munged/slurmd there.",
               f"Until then: {excl}")
    elif "unauthorized" in low:
        kind = "uid mismatch"
        text = f"munge decoded the credential but it was made by an unexpected user ({reason}): SlurmUser/UIDs differ between hosts."
        fix = ("Make the slurm and munge users' UID/GID identical on all hosts and check SlurmUser/SlurmdUser in slurm.conf.",)
    else:
        kind = "authentication"
        text = (f"{where[0].upper() + where[1:]} could not authenticate the request ({reason}): munged down, a different munge key "
                "(or munged not restarted after the key was copied), or a Slurm version/config mismatch.")
        fix = (f"Check 'munge -n | ssh {node or '<node>'} unmunge'; admins restart munged (it reads the key only at start) and slurmd.",
               f"Until then: {excl}")
    return Explanation(text=text, fix=fix, derived={"kind": kind})
