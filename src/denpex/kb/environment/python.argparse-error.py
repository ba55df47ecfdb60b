"""Computed diagnosis for python.argparse-error: which arguments the command line got wrong, with the usual causes
(launcher-injected --local-rank, CRLF line endings, notebook kernel args, renamed flags)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _list(raw: str) -> list[str]:
    raw = raw.strip()
    if raw.startswith("["):
        return [m.group(1) or m.group(2) for m in re.finditer(r"'((?:\\.|[^'])*)'|\"([^\"]*)\"", raw)]
    return raw.split()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    if kind in ("supply", "specify", "provide", "pass", "set", "give"):
        kind = "required"  # a script's own "You must supply ... with --flag" check after parsing
    prog = facts.get("prog")
    args_raw = str(facts.get("arguments") or "")
    argument = str(facts.get("argument") or "")
    value = str(facts.get("value") or "").strip("'\"")
    if not any((kind, args_raw, argument)):
        return None
    sig = str(facts.get("_signature") or "")
    if sig.startswith("fire-"):
        return _explain_fire(sig, args_raw)
    who = f"{prog}'s" if prog else "the script's"
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    args = _list(args_raw) if args_raw else []
    flat = " ".join(args)
    if kind in ("unrecognized", "HfArgumentParser"):
        shown = ", ".join(args[:6]) + (" ..." if len(args) > 6 else "")
        derived["what"] = f"unknown arguments {shown}"
        parser = "HfArgumentParser (no dataclass field has that name)" if kind == "HfArgumentParser" else f"{who} argument parser"
        parts.append(f"{parser} does not know {shown}.")
        if re.search(r"--local[-_]rank", flat):
            parts.append(
                "The launcher adds --local-rank / --local_rank to every worker's command line: torch.distributed.launch passes "
                "--local-rank=N (hyphen) since torch 2.0 (--local_rank before), DeepSpeed passes --local_rank=N, and the script does not declare that spelling."
            )
            fix.append("Launch with torchrun (it passes LOCAL_RANK in the environment, not as an argument) and read os.environ['LOCAL_RANK'] in the script.")
            fix.append("Or accept both spellings: parser.add_argument('--local-rank', '--local_rank', type=int, default=0) (HfArgumentParser: TrainingArguments already has local_rank).")
        elif any(a in ("\r", "\\r") or a.endswith("\r") or a.endswith("\\r") for a in args):
            parts.append("The argument is a carriage return: the shell script has Windows (CRLF) line endings, so each 'line \\' continuation ends in \\r and the following lines run as separate commands.")
            fix.append("Convert the script to Unix line endings (dos2unix script.sh, or sed -i 's/\\r$//' script.sh; in git: core.autocrlf=input).")
        elif args and args[0] == "-f" and any(".json" in a and "kernel" in a for a in args):
            parts.append("These are the Jupyter kernel's own arguments: parse_args() reads sys.argv of the notebook process.")
            fix.append("In notebooks pass the arguments explicitly: parser.parse_args([...]) / parse_args_into_dataclasses(args=[...]), or parse_known_args().")
        elif args and not any(a.startswith("-") for a in args):
            parts.append("None of them starts with '--': the flags lost their dashes (an IDE launch configuration or a wrapper that splits 'key value' pairs) or positional values were given to a parser that takes none.")
            fix.append("Pass them as --name value (VS Code launch.json \"args\": [\"--model_name_or_path\", \"...\"]).")
        else:
            parts.append(
                "Either the flag is misspelled, or it was renamed/removed in the version of the script or library that is installed "
                "(e.g. LLaMA-Factory --neft_alpha became --neftune_noise_alpha; TrainingArguments fields renamed across transformers releases), "
                "or it belongs to the launcher and was placed after the script name."
            )
            fix.append("Compare with python <script> --help for the installed version and rename or drop the flag; put launcher options (torchrun/deepspeed/accelerate) before the script path.")
    elif kind == "required":
        derived["what"] = f"missing required {args_raw.strip()}"
        parts.append(f"{who} parser requires {args_raw.strip()} and the command line did not provide them.")
        fix.append("Pass them explicitly; if the command is built in a shell script, check for an empty variable or a broken line continuation (a space after '\\', CRLF line endings).")
    elif kind == "invalid":
        typ = facts.get("type")
        derived["what"] = f"{argument} got {value!r}, not a valid {typ}"
        parts.append(f"{argument} expects a {typ} but got {value!r}.")
        if value in ("", "None", "null") or value.startswith("$"):
            parts.append("An empty or unexpanded value usually means a shell variable was not set in the job script.")
            fix.append("Check the variables used to build the command line (echo them in the script; set -u catches unset ones).")
        elif typ == "int" and re.fullmatch(r"[0-9.eE+-]+", value):
            fix.append(f"Give an integer ({value} is not one: write e.g. 3000 instead of 3e3 or 0.5), or change the argument's type in the script.")
        fix.append(f"Use a value of type {typ} for {argument} (see --help).")
    elif kind == "choice" and not argument:
        # a subcommand parser with no dest: the word after the program name is not one of its commands
        derived["what"] = f"the command {value} is not one of {facts.get('choices')}"
        parts.append(f"The program has no subcommand {value}: its commands are {facts.get('choices')} (the command may come from a newer or older version, or from a plugin package that is not installed).")
        fix.append(f"Use one of {facts.get('choices')} (see the program's --help), or install the version or extra that provides {value}.")
    elif kind == "choice" and not (facts.get("choices") or "").strip():
        # argparse printed an empty choices list: the choices are filled from a registry at import time and nothing registered
        derived["what"] = f"{argument}={value!r} but the list of accepted values is empty"
        parts.append(f"{argument} offers no values at all ('choose from' is empty): its choices come from a registry that is filled when plugin modules are imported, and none were imported, so {value!r} (and every other value) is refused.")
        fix.append("Point the plugin/user directory option at the folder that defines the tasks/models (fairseq and Uni-Core: --user-dir, an absolute path is safest) and check that importing it raises no error.")
    elif kind == "choice":
        derived["what"] = f"{argument}={value!r} is not one of {facts.get('choices')}"
        parts.append(f"{argument} accepts only {facts.get('choices')}; {value!r} is not one of them (case matters; the choice may have been renamed in this version).")
        fix.append(f"Use one of {facts.get('choices')} for {argument}.")
    elif kind == "expected":
        derived["what"] = f"{argument} is missing its value"
        parts.append(f"{argument} expects {facts.get('expected')} but none followed it - usually an empty shell variable right after the flag, or the flag given last.")
        fix.append(f"Give {argument} its value; quote variables (\"$VAR\") so an empty one is visible.")
    elif kind == "ambiguous":
        derived["what"] = f"{argument} is an ambiguous abbreviation"
        parts.append(f"{argument} is a prefix of several options ({facts.get('choices')}); argparse accepts abbreviations only when they are unique.")
        fix.append("Spell the option out in full.")
    elif kind == "too few":
        derived["what"] = "missing positional arguments"
        parts.append("The (Python 2) parser expected more positional arguments than were given.")
        fix.append("Pass the positional arguments shown in the usage line.")
    elif kind == "ignored explicit":
        value = str(facts.get("value") or "")
        derived["what"] = f"{argument} takes no value but got {value}"
        parts.append(
            f"{argument} is a flag without a value, yet argparse found {value} glued to it: a single-dash option such as "
            f"-{value.strip(chr(39))[:1] or 'x'} combined with the next letters (-hs is read as -h plus 's'), or a library parser "
            "(a Trainer, a config loader) reading the command line of the program that embeds it."
        )
        fix.append("Use the long --option form, or drop the flag the parser does not know from this command line.")
        fix.append("If a library parses sys.argv inside your app, launch the app without its own flags or let the library parse an empty list.")
    else:
        message = str(facts.get("message") or args_raw or "")
        derived["what"] = message[:120] or "invalid command line"
        parts.append(f"The command-line parser rejected the arguments: {message}.")
        fix.append("Compare the command with the program's --help for the installed version.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def _explain_fire(sig: str, args_raw: str) -> Explanation:
    """python-fire maps the called function's parameters to the command line (positional or --name value)."""
    args = args_raw.strip()
    if sig == "fire-required":
        return Explanation(
            text=(
                f"The script is a python-fire CLI: the function it exposes has a parameter '{args}' without a default, and the "
                f"command line gave it no value (neither positionally nor as --{args} VALUE). The Usage line Fire printed lists the "
                "parameters in order; the README command may be for another version of the script."
            ),
            fix=(
                f"Pass it: python <script> ... --{args} <value> (or as the next positional value in the order of the Usage line).",
                "python <script> -- --help shows every parameter and its default for the installed version.",
            ),
            derived={"what": f"missing required argument {args} (python-fire)"},
        )
    if sig == "fire-missing-flags":
        return Explanation(
            text=f"The python-fire CLI's function has keyword-only parameters {args} without defaults; Fire accepts them only as --name value flags.",
            fix=("Add each of them as --name value (python <script> -- --help lists them).",),
            derived={"what": f"missing required flags {args} (python-fire)"},
        )
    return Explanation(
        text=(
            f"python-fire could not use {args}: no parameter of the called function has that name (Fire ignores nothing - a misspelled or "
            "renamed flag, a hyphen/underscore or separator mix-up, or a flag Fire already read as a boolean because no value followed it)."
        ),
        fix=(
            "Compare with python <script> -- --help (note the '--' before --help for Fire) and rename or drop the argument.",
            "Give boolean flags as --flag=True/False and values as --name=value to avoid Fire's boolean shorthand.",
        ),
        derived={"what": f"unused arguments {args} (python-fire)"},
    )
