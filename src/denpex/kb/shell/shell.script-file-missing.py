"""Computed diagnosis for shell.script-file-missing: what kind of path is missing and the fix for that kind."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RECIPE = re.compile(r"(?:^|/)(?:utils|steps|pyscripts|scripts|local|sid|parallel)/|(?:^|/)(?:parse_options|path|cmd|db|setup)\.sh$")
_STAGE = re.compile(r"(?:^|/)(?:dump|exp|data|fbank|mfcc|downloads)/|(?:feats\.scp|wav\.scp|feats_type|utt2spk|spk2utt|text|tokens\.txt|segments)$")
_ENV = re.compile(r"(?:bin/activate|activate_python\.sh|conda\.sh|/venv/|/envs/)")
_PLACEHOLDER = re.compile(r"(?:^|/)(?:path/to|your[_-]|/to/|xxx|<)", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip().strip("\u2018\u2019")
    if not path:
        return None
    if facts.get("_signature") in ("coreutils-cannot-stat", "coreutils-read-missing"):
        return _coreutils(str(facts.get("script") or "cp"), path)
    script = str(facts.get("script") or "").lstrip("-")
    line = facts.get("line")
    builtin = facts.get("builtin")
    interactive = script in ("bash", "sh", "")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    at = f"{script}, line {line}" if script and line is not None and not interactive else (script or "the shell")

    if _PLACEHOLDER.search(path):
        kind = "a placeholder path that was never replaced"
        parts.append(f"'{path}' looks like a placeholder from a README or config (path/to/...): the script was run without editing it.")
        fix.append(f"Replace '{path}' with the real location on this machine (pass it as the script's argument or edit the variable), then rerun.")
    elif _ENV.search(path):
        kind = "the Python environment the script activates is not installed there"
        parts.append(f"{at} activates '{path}', which does not exist: the toolkit's virtualenv/conda environment was never created at that path (or path.sh points at another machine's install).")
        fix.append("Install the toolkit's environment (ESPnet: cd <espnet>/tools && ./setup_venv.sh $(command -v python3) && make), or edit path.sh/activate_python.sh to activate the env you use.")
    elif interactive or path.startswith("./"):
        kind = "the script or program is not at that path"
        parts.append(f"'{path}' is not there from the current directory: wrong working directory, a typo, or a file the repository does not ship.")
        fix.append(f"Look for it: ls {path.rsplit('/', 1)[0] if '/' in path else '.'}; find . -name '{path.rsplit('/', 1)[-1]}'; run it with the path relative to where you are (often from the repository root).")
        fix.append("If the file exists and this still fails, its #! interpreter is what is missing (CRLF line endings or a wrong shebang): head -1 <file> | cat -A.")
    elif _RECIPE.search(path):
        kind = "a recipe helper (symlinked utils/steps or a sourced .sh) is missing"
        parts.append(f"{at} needs the recipe file '{path}'. Recipes expect to run from their own directory, with utils/, steps/, pyscripts/ and scripts/ symlinked to the shared toolkit directories; either the script was started elsewhere or those symlinks are missing or broken.")
        fix.append("cd into the recipe directory (e.g. egs2/<corpus>/asr1 or egs/<corpus>/s5) and start ./run.sh there.")
        fix.append("Check the links: ls -l utils steps pyscripts scripts; recreate them (ESPnet: egs2/TEMPLATE/asr1/setup.sh egs2/<corpus>/asr1; Kaldi: ln -s ../../wsj/s5/utils ../../wsj/s5/steps .), and clone with Linux git so symlinks survive.")
    elif _STAGE.search(path):
        kind = "an earlier stage did not produce it"
        parts.append(f"'{path}' is an output of an earlier recipe stage (data preparation, dump or feature extraction). It is missing because that stage was skipped (the run started at a later --stage), failed, or wrote a different set name.")
        fix.append("Rerun from the stage that writes it, e.g. ./run.sh --stage 1 --stop_stage <this stage>, and read that stage's own error if it fails.")
        fix.append(f"Check which set names exist: ls {path.split('/')[0]}/ and compare with --train_set/--valid_set/--test_sets.")
    elif builtin == "cd":
        kind = "the directory to cd into does not exist"
        parts.append(f"{at} changes into '{path}', which does not exist (relative to the directory the script was started from).")
        fix.append(f"Create it or point the script at the right place: mkdir -p {path} if it is an output directory, otherwise fix the path (relative paths resolve against $PWD, not the script's folder).")
    elif path.startswith("/"):
        kind = "an absolute path that does not exist on this machine"
        parts.append(f"{at} uses the absolute path '{path}', which does not exist here - typically a path from another machine or user, or a tool installed elsewhere.")
        fix.append("Edit the variable or config that holds it to this machine's location (grep -rn in the script and its sourced files).")
    else:
        kind = "a relative path that is not there"
        parts.append(f"{at} uses the relative path '{path}', which does not exist from the current directory.")
        fix.append("Run the script from the directory it expects (usually the repository or recipe root), or make the path absolute.")
    derived["where"] = f" ({kind})"
    derived["kind"] = kind
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def _coreutils(tool: str, path: str) -> Explanation:
    """cp/mv/ln 'cannot stat': a source path the script expected is not there."""
    relative = not (path.startswith("/") or path.startswith("~") or re.match(r"[A-Za-z]:[\\/]", path))
    derived: dict[str, Any] = {"relative": "yes" if relative else "no"}
    where = "relative to the directory the script runs in" if relative else "absolute"
    if path in (">", ">>", "<", "|", "2>&1", "&&", "2>"):
        kind = "a shell operator passed as a file name"
        text = (f"{tool} was given '{path}' as a file name: the command line was run without a shell (a custom "
                "run.pl/queue.pl/slurm.pl, or subprocess without shell=True), so the redirection or pipe reached the "
                "program as an argument.")
        fix = ("Run the command through a shell (bash -c '...', subprocess.run(cmd, shell=True)) or do the redirection in "
               "the job runner, not in the argument list.",)
    elif any(c in path for c in "*?["):
        kind = "a glob that matched no file"
        text = (f"{tool} got the pattern '{path}' literally: the shell found no file matching it ({where}), so the step "
                "that should have written those files did not run, failed, or wrote them elsewhere.")
        fix = (f"List what is there: ls -la {path.rsplit('/', 1)[0] if '/' in path else '.'}; rerun the step that writes these files and check its error.",)
    elif _PLACEHOLDER.search(path):
        kind = "a placeholder path that was never replaced"
        text = f"'{path}' looks like a placeholder (path/to/...): the script was run without editing it."
        fix = (f"Replace '{path}' with the real location on this machine, then rerun.",)
    elif _STAGE.search(path) or "checkpoint" in path or "output" in path or "exp/" in path:
        kind = "an earlier step did not produce it"
        text = (f"{tool} expected '{path}' ({where}) to exist: it is written by an earlier stage or run, which was "
                "skipped, failed, or used another name.")
        fix = ("Run the stage that creates it first (e.g. the data preparation / training stage of run.sh) and read that stage's error.",)
    elif relative:
        kind = "a relative path that is not there"
        text = f"{tool} could not find '{path}' relative to the current directory: the script was started from another directory, or the file was never created."
        fix = ("Start the script from the directory it expects (repository or recipe root), or use an absolute path.",)
    else:
        kind = "an absolute path that does not exist on this machine"
        text = f"{tool} could not find the absolute path '{path}': a path from another machine or a file not created yet."
        fix = ("Edit the script variable holding it to this machine's location, or create the file first.",)
    derived["where"] = f" ({kind})"
    derived["kind"] = kind
    return Explanation(text=text, fix=fix, derived=derived)
