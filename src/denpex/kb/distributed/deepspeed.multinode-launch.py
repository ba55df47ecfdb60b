"""Computed diagnosis for deepspeed.multinode-launch: which host, which step of the launch, what to fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CONNECT = {
    "connection refused": "nothing listens on that ssh port: sshd is not running there (common in containers) or it uses another port",
    "connection timed out": "packets to the ssh port are dropped: firewall / security group, or the address is not routable from here",
    "no route to host": "the host is not reachable from the launching node (wrong address, firewall REJECT)",
    "network is unreachable": "the launching node has no route to that network",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    host = facts.get("host") or facts.get("ssh_host")
    hostfile = facts.get("hostfile")
    code = facts.get("ssh_exit")
    user = facts.get("user")
    methods = facts.get("auth_methods")
    reason = facts.get("reason")
    port = facts.get("ssh_port")
    problem = facts.get("hostfile_problem")
    launcher = facts.get("launcher")
    bad = facts.get("bad_entry")
    h = host or "<host>"
    derived["host"] = host or "a node in the hostfile"
    ssh_fix = f"Make key-based ssh work from this node: ssh-copy-id {user + '@' if user else ''}{h}, then check: ssh -o PasswordAuthentication=no {('-p ' + str(port) + ' ') if port and port != 22 else ''}{h} hostname"

    if methods:
        derived["what"] = f"set up key-based ssh to {user + '@' if user else ''}{facts.get('ssh_host') or h} (login refused: {methods})"
        who = f"{user}@{facts.get('ssh_host') or h}" if user else h
        parts.append(f"ssh to {who} was refused: the server accepts only {methods} and no usable key was offered.")
        if "password" in str(methods) or "keyboard" in str(methods):
            parts.append("Password logins do not count: the launcher and pdsh run ssh non-interactively.")
        fix.append(ssh_fix)
        if str(h) in ("localhost", "127.0.0.1"):
            fix.append("ssh to localhost is needed too (autotuning and hostfiles listing this node): cat ~/.ssh/id_ed25519.pub >> ~/.ssh/authorized_keys.")
    elif reason and reason.lower().startswith("host key"):
        derived["what"] = f"accept the host key of {h} (Host key verification failed)"
        parts.append(f"ssh refused to connect to {h} because its host key is not in known_hosts (batch mode cannot ask).")
        fix.append(f"Accept the key once: ssh-keyscan -H {h} >> ~/.ssh/known_hosts (or StrictHostKeyChecking accept-new for the cluster in ~/.ssh/config).")
    elif reason and ("not known" in str(reason) or "name resolution" in str(reason) or "No address" in str(reason)):
        target = facts.get("ssh_host") or h
        derived["what"] = f"host name {target} does not resolve ({reason})"
        parts.append(
            f"The hostfile names {target}, which this machine cannot resolve ({reason}): a template hostfile (node0, worker-1) "
            "or a host that exists only in another network or container. DeepSpeed probes the first host with ssh and gives up."
        )
        fix.append(f"For a single-node run remove the hostfile (deepspeed --num_gpus N ... without --hostfile) or list localhost / this machine's name instead of {target}.")
        fix.append(f"For a real multi-node run make {target} resolvable from here (DNS, /etc/hosts, the pod's service name) and check with: getent hosts {target}")
    elif reason:
        derived["what"] = f"ssh to {facts.get('ssh_host') or h}" + (f" port {port}" if port else "") + f": {reason} (start sshd there or pass --ssh_port)"
        hint = _CONNECT.get(str(reason).lower(), "")
        parts.append(f"ssh could not reach {facts.get('ssh_host') or h}" + (f" on port {port}" if port else "") + f": {reason}" + (f" - {hint}." if hint else "."))
        if port == 22:
            fix.append(f"Start sshd on {h} (service ssh start) or, if it listens elsewhere, pass deepspeed --ssh_port <port>.")
        fix.append(ssh_fix)
    elif facts.get("hostfile") is not None or (isinstance(code, int) and code == 255):
        derived["what"] = f"set up passwordless ssh to {h}" + (" or remove the hostfile for a single-node run" if hostfile else "") + " (ssh exit 255)"
        parts.append(
            f"ssh from the launching node to {h} failed (ssh's own exit code 255: authentication, host key, name resolution or connection)"
            + (f"; DeepSpeed found hostfile {hostfile} and therefore assumed a multi-node run." if hostfile else ".")
        )
        fix.append(f"Run the check by hand to see ssh's error: ssh -o PasswordAuthentication=no {h} hostname")
        fix.append(ssh_fix)
        if hostfile:
            fix.append(f"Single-node run? Remove or rename {hostfile} (or stop passing --hostfile).")
    elif isinstance(code, int):
        derived["what"] = f"the training command exited {code} on {h}; its error is in the lines prefixed '{h}: '"
        derived["remote_command_failed"] = True
        parts.append(
            f"ssh to {h} worked; the remote command (deepspeed.launcher.launch and the training script) exited with {code}. "
            f"The real error is in the lines prefixed with '{h}: ' above this one."
        )
        fix.append(f"Read the output of {h}: grep '^{h}: ' in the log for its traceback.")
    elif launcher:
        derived["what"] = f"install {launcher} on the launching node or pick another --launcher ({launcher} not installed)"
        parts.append(f"The multinode runner '{launcher}' is not available on the launching node.")
        if launcher == "pdsh":
            fix.append("Install pdsh on the launching node (apt-get install pdsh / yum install pdsh), or pass --launcher openmpi / slurm.")
        else:
            fix.append(f"Install {launcher} (its launcher binary must be on PATH) or choose --launcher pdsh / slurm.")
    elif problem:
        p = str(problem)
        derived["what"] = p.split(",")[0]
        if p.startswith("Unable to find hostfile"):
            derived["what"] = "no hostfile found: running on this node only (pass --hostfile for multi-node)"
            parts.append("DeepSpeed found no hostfile (default /job/hostfile) and runs on this node only. Fine for a single node; for multi-node, the --hostfile path is wrong.")
            fix.append("Multi-node: pass --hostfile <path> with '<host> slots=<gpus>' lines (the option must come before the script name).")
        elif p.startswith("Num nodes"):
            derived["what"] = "--num_nodes > 1 needs a --hostfile listing the nodes"
            parts.append("--num_nodes asks for more than one node but DeepSpeed has no hostfile listing other nodes.")
            fix.append("Pass --hostfile <path> with one '<host> slots=<gpus>' line per node, or drop --num_nodes.")
        elif p.startswith("Unable to detect"):
            derived["what"] = "pass --master_addr (hostname -I on the first host gave no address)"
            parts.append("DeepSpeed asked the first host for its address with 'hostname -I' over ssh and got nothing usable.")
            fix.append("Pass --master_addr <IP of the first node reachable by all nodes>.")
        elif p.startswith("pdsh"):
            derived["what"] = "install pdsh on the launching node (pdsh not installed)"
            parts.append("pdsh is not installed on the launching node.")
            fix.append("Install pdsh (apt-get install pdsh) or use --launcher openmpi / slurm.")
        else:
            derived["what"] = f"fix the hostfile line '{bad}' (expected '<host> slots=<N>')" if bad else "fix the hostfile: one '<host> slots=<N>' per line, no duplicates"
            if bad:
                parts.append(f"The hostfile line '{bad}' is not '<hostname> slots=<N>' (no user@ prefix, no extra words).")
            elif "multiple entries" in p or "duplicate" in p:
                parts.append(f"The hostfile lists {h} more than once.")
            else:
                parts.append("The hostfile is empty or a line is not '<hostname> slots=<N>'.")
            fix.append("Write one '<hostname> slots=<gpus>' per line; put the ssh user in ~/.ssh/config, not in the hostfile.")
    elif host and facts.get("host") and not code:
        derived["what"] = f"use the hostfile's host names in --include/--exclude ('{host}' not in the hostfile)"
        parts.append(f"--include/--exclude names '{host}', which the hostfile does not list.")
        fix.append("Use exactly the host names of the hostfile in --include/--exclude (e.g. --include node1:0,1@node2).")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
