"""Computed diagnosis for tensorboard.logdir-not-specified: which flag was misspelled, missing or
misplaced on the command line the log shows, and the corrected command."""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# a flag that was meant to be --logdir: -logdir, --log-dir, --log_dir, --logDir, --logdr, --logsdir, --log_path ...
_LOGDIR_LIKE = re.compile(r"^-{1,2}(?:log[-_]?s?[-_]?d(?:i?r|ir(?:ectory)?)|log[-_]?(?:path|folder)|logdri)$", re.IGNORECASE)
_VALID = {"--logdir", "--logdir_spec", "--db", "--grpc_data_provider", "--event_file", "--inspect"}


def _split(cmd: str) -> list[str]:
    try:
        return shlex.split(cmd)
    except ValueError:
        return cmd.split()


def _quote(v: str) -> str:
    return shlex.quote(v) if v else "<logdir>"


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    cmd = str(facts.get("cmdline") or "").strip()
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if not cmd:
        case = "flag-missing"
        text = ("TensorBoard got neither --logdir nor --db (the command line is not in this log): the flag was left out, "
                "misspelled, or given as a positional argument.")
        fix.append("tensorboard --logdir <directory with the events.out.tfevents files>")
        derived.update(cause="flag-missing", cause_text="no --logdir (or --db) reached it; the flag was missing or misspelled")
        return Explanation(text=text, fix=tuple(fix), derived=derived)

    magic = cmd.startswith("%")
    head = "%tensorboard" if magic else "tensorboard"
    rest = cmd.split("tensorboard", 1)[1] if "tensorboard" in cmd else ""
    # "tensorboard-- logdir=./graphs": the dashes stuck to the program name and the flag lost them
    glued = re.match(r"^(-{1,2})\s+(log[-_]?dir)\b[=\s]*(\S*)", rest)
    tokens = _split(rest)
    bad = ""
    value = ""
    if glued:
        case = "space-misplaced"
        bad = f"tensorboard{glued.group(1)} {glued.group(2)}"
        value = glued.group(3)
    else:
        case = ""
        for i, tok in enumerate(tokens):
            flag, eq, val = tok.partition("=")
            if flag in _VALID:
                if flag in ("--logdir", "--logdir_spec") and not (val or (i + 1 < len(tokens) and not tokens[i + 1].startswith("-"))):
                    case, bad = "empty-value", flag
                    value = ""
                    break
                if flag in ("--logdir", "--logdir_spec") and (val.startswith("$") or (not eq and i + 1 < len(tokens) and tokens[i + 1].startswith("$"))):
                    case, bad = "empty-variable", flag
                    value = val or tokens[i + 1]
                    break
                continue
            if _LOGDIR_LIKE.match(flag) or (flag.lower() in ("--logdir", "-logdir") and flag != "--logdir"):
                case, bad = "misspelled-flag", flag
                value = val if eq else (tokens[i + 1] if i + 1 < len(tokens) and not tokens[i + 1].startswith("-") else "")
                break
        if not case:
            positional = [t for j, t in enumerate(tokens) if not t.startswith("-") and "=" not in t
                          and not (j and tokens[j - 1].startswith("-") and "=" not in tokens[j - 1])]
            flags_given = [t for t in tokens if t.startswith("-")]
            if positional and not any(t.split("=", 1)[0] in ("--logdir", "--logdir_spec", "--db") for t in flags_given):
                case, value = "positional-path", positional[0]
            elif not tokens:
                case = "magic-without-logdir" if magic else "flag-missing"
            else:
                case = "flag-missing"

    corrected = f"{head} --logdir {_quote(value)}"
    if case == "misspelled-flag":
        text = f"'{bad}' is not TensorBoard's flag: the log directory flag is --logdir (one word, two dashes)."
        cause_text = f"'{bad}' is not a TensorBoard flag (it is --logdir)"
    elif case == "space-misplaced":
        text = (f"'{bad}' splits the flag from its dashes: the shell passed 'tensorboard{glued.group(1) if glued else '--'}' "
                "and a bare 'logdir=...' word, so no --logdir reached TensorBoard.")
        cause_text = "the space sits between the dashes and 'logdir' (tensorboard-- logdir)"
    elif case == "positional-path":
        text = f"'{value}' was given as a bare argument; TensorBoard takes the log directory only through --logdir."
        cause_text = f"the path '{value}' was passed without --logdir"
    elif case == "empty-value":
        text = f"{bad} was given no value, so the log directory is empty."
        cause_text = f"{bad} has no value"
    elif case == "empty-variable":
        text = f"{bad} {value}: the variable was empty or unset when the command ran, so the log directory is empty."
        cause_text = f"{bad} {value} expanded to an empty string"
        corrected = f"{head} --logdir \"{value}\"  # after setting {value.strip('${}')}"
    elif case == "magic-without-logdir":
        text = "The %tensorboard notebook magic was run without arguments; it passes its arguments to the tensorboard command, which needs --logdir."
        cause_text = "%tensorboard was run without --logdir"
    elif not tokens:
        text = "tensorboard was run with no arguments; it needs --logdir <directory> (or --db)."
        cause_text = "tensorboard was run with no arguments"
    else:
        text = f"The command '{cmd[:120]}' has no --logdir (or --db)."
        cause_text = "the command line has no --logdir"
    fix.append(corrected)
    derived.update(cause=case, cause_text=cause_text, corrected_command=corrected)
    if bad:
        derived["bad_flag"] = bad
    if value:
        derived["logdir"] = value
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError):
        return None
