"""Computed diagnosis for apptainer.docker-flag-rejected: the Apptainer option a rejected Docker flag maps to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Docker option -> (Apptainer/Singularity equivalent, note)
_DOCKER: dict[str, tuple[str, str]] = {
    "-v": ("-B/--bind SRC:DST", "Docker's -v/--volume SRC:DST is Apptainer's -B SRC:DST"),
    "--volume": ("-B/--bind SRC:DST", "Docker's --volume is Apptainer's --bind"),
    "--mount": ("-B/--bind SRC:DST or --mount", "use -B SRC:DST (Apptainer 1.1+ also has --mount type=bind,...)"),
    "--gpus": ("--nv", "Docker's --gpus all is Apptainer's --nv (NVIDIA) or --rocm (AMD)"),
    "--runtime": ("--nv", "--runtime=nvidia is Apptainer's --nv"),
    "-p": ("(none)", "Apptainer containers share the host network: drop -p/--publish and use the port directly"),
    "--publish": ("(none)", "Apptainer containers share the host network: drop --publish"),
    "--rm": ("(none)", "Apptainer keeps no container after exit: drop --rm"),
    "-d": ("apptainer instance start", "detached containers are instances: apptainer instance start IMAGE NAME"),
    "--detach": ("apptainer instance start", "detached containers are instances: apptainer instance start IMAGE NAME"),
    "--name": ("apptainer instance start IMAGE NAME", "named containers are instances"),
    "--shm-size": ("(none)", "the host's /dev/shm is used: drop --shm-size"),
    "--ipc": ("-i/--ipc", "--ipc=host is the default; drop it (Apptainer's --ipc makes a new IPC namespace)"),
    "--entrypoint": ("apptainer exec IMAGE CMD", "replace the runscript with exec: apptainer exec IMAGE CMD ..."),
    "-t": ("(none)", "the terminal is passed through: drop -t/-it"),
    "--tty": ("(none)", "the terminal is passed through: drop --tty"),
    "--interactive": ("(none)", "stdin is passed through: drop --interactive"),
    "-u": ("(none)", "Apptainer runs as the calling user: drop -u/--user (or use --fakeroot)"),
    "--user": ("(none)", "Apptainer runs as the calling user: drop --user (or use --fakeroot)"),
    "--privileged": ("--fakeroot", "there is no privileged mode; --fakeroot gives a root-mapped user namespace"),
    "-w": ("--pwd DIR", "Docker's -w/--workdir is Apptainer's --pwd (Apptainer's own -w means --writable)"),
    "--workdir": ("--pwd DIR", "Docker's --workdir is Apptainer's --pwd (Apptainer's --workdir is a scratch directory)"),
    "--network": ("--net --network", "host networking is the default; other networks need --net --network (root or configured)"),
    "--net": ("(none)", "host networking is the default"),
}


def _flag_name(flag: str) -> str:
    """"'v' in -v" -> "-v"; "--gpus" -> "--gpus"; "--gpus=all" -> "--gpus"."""
    flag = flag.strip()
    if flag.startswith("'") and "' in " in flag:
        return "-" + flag[1:flag.index("'", 1)]
    return flag.split("=", 1)[0]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("flag") or "")
    if not raw:
        return None
    flag = _flag_name(raw)
    program = str(facts.get("program") or "apptainer")
    command = str(facts.get("command") or "run")
    derived: dict[str, Any] = {"program": program, "option": flag}
    known = _DOCKER.get(flag)
    parts = [f"'{program} {command}' stopped at the option {flag}, which it does not have."]
    fix: list[str] = []
    if known:
        derived["equivalent"] = known[0]
        derived["advice"] = f"a Docker option - {known[1]}"
        parts.append(f"{flag} is a Docker option: {known[1]}. The command line was written for docker; translate all of its options, not only this one (the parser stops at the first).")
        fix.append(f"Replace {flag}: {known[1]}.")
    else:
        derived["advice"] = f"{program} {command} has no {flag}"
        parts.append(f"Compare the command line with '{program} {command} --help'; if it was written for docker, translate its options (-v -> -B, --gpus -> --nv, drop --rm/-p/--shm-size).")
        fix.append(f"Check '{program} {command} --help' for the option's name in the installed version and change or drop {flag}.")
    fix.append("If a pipeline built this command for Docker, use its Apptainer/Singularity mode (or a .sif it documents) rather than pointing it at the apptainer binary.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
