"""Computed diagnosis for slurm.submit-rejected: what the rejection reason asks to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# reason prefix (slurm_errno.c text) -> (what it means, what to do)
_REASONS: tuple[tuple[str, str, str], ...] = (
    ("Invalid partition name specified",
     "the partition named with -p/--partition does not exist on this cluster",
     "sinfo -s  # list the partitions; fix --partition (or drop it to use the default)"),
    ("Requested node configuration is not available",
     "no node in the partition has what the job asks for per node (tasks x cpus-per-task, --mem, GPUs, --constraint features), or more nodes than the partition has",
     "sinfo -p <partition> -o '%N %c %m %G %f'  # then lower --ntasks-per-node / --cpus-per-task / --mem / --gres, or use a partition with larger nodes"),
    ("Requested partition configuration not available now",
     "the request exceeds what the partition allows (MaxNodes, MaxCPUsPerNode, MaxMemPerNode) or its nodes are not available",
     "scontrol show partition <partition>  # compare MaxNodes / MaxTime / State with the request"),
    ("Invalid account or account/partition combination specified",
     "the --account does not exist, you are not associated with it, it may not use this partition, or an account is required and none was given",
     "sacctmgr show assoc user=$USER format=Account,Partition,QOS%40  # use an account/partition pair listed there"),
    ("Invalid qos specification",
     "the --qos does not exist or is not allowed for your association / this partition",
     "sacctmgr show assoc user=$USER format=Account,Partition,QOS%40  # pick an allowed QOS"),
    ("Job violates accounting/QOS policy",
     "a QOS or association limit would be exceeded (jobs submitted or running, GPUs/CPUs/nodes per user or account, wall time)",
     "sacctmgr show qos format=Name,MaxWall,MaxTRESPU%30,MaxSubmitPU,MaxJobsPU  # then shorten --time, ask for fewer resources, or wait for queued jobs to finish"),
    ("Invalid generic resource (gres) specification",
     "--gres / --gpus names a GRES or GPU type the cluster does not define, or in a form the site rejects",
     "sinfo -o '%P %G'  # use the GRES name and type listed, e.g. --gres=gpu:<type>:<count>"),
    ("Requested time limit is invalid",
     "--time exceeds the partition's or QOS's maximum (or is missing where required)",
     "sinfo -o '%P %l'  # MaxTime per partition; request less or use a partition with a longer limit"),
    ("Memory required by task is not available",
     "--mem / --mem-per-cpu asks for more memory than the nodes have or than MaxMemPerCPU/Node allows",
     "sinfo -p <partition> -o '%N %m'  # request at most the nodes' memory"),
    ("More processors requested than permitted",
     "the CPU count exceeds the partition's or association's limit",
     "scontrol show partition <partition>  # MaxCPUsPerNode / MaxNodes; request fewer CPUs"),
    ("Node count specification invalid",
     "the node count is outside the partition's MinNodes/MaxNodes or inconsistent with the task counts",
     "scontrol show partition <partition>  # check MinNodes / MaxNodes and --nodes / --ntasks"),
    ("Invalid feature specification",
     "--constraint names a node feature no node in the partition has",
     "sinfo -p <partition> -o '%N %f'  # list the features and fix --constraint"),
    ("Required partition not available",
     "the partition is inactive or draining",
     "sinfo -s  # choose an UP partition or wait for the admins"),
    ("User's group not permitted to use this partition",
     "the partition is restricted (AllowGroups) and you are not in an allowed group",
     "scontrol show partition <partition> | grep -i allow  # use another partition or ask for access"),
    ("Access/permission denied",
     "the partition, account or reservation is restricted to other users",
     "scontrol show partition <partition> | grep -i allow"),
    ("Unspecified error",
     "a site job_submit plugin rejected the job; its own explanation is printed on the lines just before",
     "Read the sbatch: error: lines above this one; they say which option the site requires or forbids"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    if not reason:
        return None
    tool = facts.get("tool", "sbatch")
    limit = facts.get("policy_limit")
    for prefix, meaning, action in _REASONS:
        if reason.lower().startswith(prefix.lower()):
            text = f"{tool} could not submit the job because {meaning}. No job was created."
            fix = [action]
            derived: dict[str, Any] = {"reason_class": prefix}
            if limit:
                text += f" The limit hit is {limit}."
                if "Submit" in limit or "submit" in limit:
                    fix.insert(0, f"{limit}: you already have as many jobs queued as the QOS/association allows; wait, cancel some, or submit an array with a %N throttle.")
                elif "Wall" in limit or "wall" in limit:
                    fix.insert(0, f"{limit}: --time exceeds the QOS maximum wall time; shorten it or checkpoint and chain jobs.")
                elif "GRES" in limit or "TRES" in limit or "gres" in limit or "tres" in limit:
                    scope = "your account/group's running jobs together" if "Grp" in limit or "grp" in limit else "a single user or job"
                    fix.insert(0, f"{limit}: the GPUs (GRES/TRES) requested exceed what the QOS allows for {scope}; ask for fewer GPUs, wait for running jobs to finish, or use a QOS with a higher MaxTRESPU/GrpTRES (sacctmgr show qos <qos> format=Name,MaxTRESPU%40,GrpTRES%40).")
                elif "MinNode" in limit or "minnode" in limit:
                    fix.insert(0, f"{limit}: the QOS requires at least a minimum number of nodes; request more nodes (--nodes) or use a QOS/partition meant for small jobs.")
                elif "Node" in limit or "CPU" in limit or "node" in limit or "cpu" in limit:
                    fix.insert(0, f"{limit}: the nodes/CPUs requested exceed the QOS limit; request fewer or use another QOS.")
            fix.append("Validate the corrected request without submitting: sbatch --test-only <same options> <script>")
            return Explanation(text=text, fix=tuple(fix), derived=derived)
    return Explanation(
        text=f"{tool} could not submit the job: slurmctld answered '{reason}'. No job was created.",
        fix=("Compare the request with sinfo / scontrol show partition / sacctmgr show assoc user=$USER and resubmit.",),
    )
