"""Computed diagnosis for cli.argument-rejected: the option, the bad value, the accepted ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    opt = str(facts.get("option") or "").strip()
    val = facts.get("value")
    val = None if val is None else str(val)
    allowed = str(facts.get("allowed") or "").strip()
    similar = str(facts.get("similar") or "").strip()
    prog = str(facts.get("program") or "").strip()
    helpcmd = f"{prog or '<program>'} --help"
    base = opt.split(" <")[0] if opt else ""
    if sig in ("clap-invalid-value", "clap-isnt-valid", "cobra-invalid-argument"):
        problem = f"invalid value '{val}' for {opt}"
        text = f"{opt} does not accept '{val}'"
        text += f"; accepted: {allowed}." if allowed else "."
        fix = []
        if allowed and val is not None:
            match = [a.strip() for a in allowed.split(",") if a.strip().lower() == val.strip().lower()]
            if match:
                text += f" The values are case-sensitive: write '{match[0]}', not '{val}'."
                fix.append(f"{base} {match[0]} (or the matching environment variable set to {match[0]})")
        if similar and not fix:
            fix.append(f"{base} {similar}")
        if val == "":
            text += " The value is empty: an unset environment variable or an empty YAML value was expanded."
        fix.append(f"Check the accepted values with: {helpcmd}")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
    if sig in ("clap-unexpected-argument", "clap-found-argument", "cobra-unknown-flag"):
        problem = f"unknown option {opt}"
        text = (f"This version of {prog or 'the program'} has no option {opt}: it was renamed, added in a newer release, "
                "belongs to another subcommand, or is misspelt.")
        fix = [f"List the options of the installed version: {helpcmd}"]
        if similar:
            fix.insert(0, f"Did you mean {similar}?")
        fix.append("Or upgrade the binary/image to the release whose docs you follow.")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
    if sig == "cobra-unknown-command":
        problem = f"unknown command {opt}"
        text = f"{prog or 'The program'} has no subcommand '{opt}' in this version."
        return Explanation(text=text, fix=(f"Run {prog or '<program>'} --help for the subcommands (and check the spelling / version).",),
                           derived={"problem": problem})
    if sig == "clap-required-missing":
        problem = f"required argument missing{': ' + opt if opt else ''}"
        text = f"A required argument was not given{': ' + opt if opt else ''}."
        return Explanation(text=text, fix=(f"Pass {base or 'the missing argument'} (or its environment variable).",),
                           derived={"problem": problem})
    if sig == "cobra-arg-count":
        p = str(facts.get("problem") or "")
        text = f"Wrong number of positional arguments: the command {p}."
        return Explanation(text=text, fix=("Give the positional arguments the command expects (e.g. the model name), quoting values with spaces.",),
                           derived={"problem": p})
    return None
