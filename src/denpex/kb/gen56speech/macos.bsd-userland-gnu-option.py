"""Computed diagnosis for macos.bsd-userland-gnu-option: which GNU-only option the BSD tool refused and its portable form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GNUBIN = ("brew install coreutils gnu-sed grep findutils && export PATH=\"$(brew --prefix)/opt/coreutils/libexec/gnubin:"
           "$(brew --prefix)/opt/gnu-sed/libexec/gnubin:$(brew --prefix)/opt/grep/libexec/gnubin:$PATH\"  "
           "# then rerun the stage that printed the error")

# (tool, option) -> (what the GNU option does, portable replacement)
_PORTABLE: dict[tuple[str, str], tuple[str, str]] = {
    ("readlink", "f"): ("canonical absolute path", "realpath PATH (macOS 13+) or python3 -c 'import os,sys;print(os.path.realpath(sys.argv[1]))' PATH, or greadlink -f"),
    ("sed", "r"): ("extended regular expressions", "sed -E (both BSD and GNU)"),
    ("sed", "z"): ("NUL-separated lines", "gsed -z (GNU sed) or tr '\\0' '\\n' around sed"),
    ("date", "d"): ("parse a date string", "gdate -d ... or date -j -f FORMAT STRING +FMT"),
    ("stat", "c"): ("GNU format string", "stat -f '%z' (size) / '%m' (mtime) on BSD, or gstat -c"),
    ("xargs", "r"): ("skip when input is empty", "drop -r: BSD xargs already does nothing on empty input"),
    ("xargs", "d"): ("custom delimiter", "tr DELIM '\\0' | xargs -0"),
    ("grep", "P"): ("Perl regular expressions", "grep -E with a POSIX pattern, or ggrep -P (Homebrew grep)"),
    ("cp", "-"): ("GNU long options", "use short options, or gcp"),
    ("sort", "V"): ("version sort", "gsort -V"),
    ("mktemp", "-"): ("GNU long options", "mktemp -d -t prefix"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "head-negative-count":
        count = str(facts.get("count") or "").strip()
        unit = str(facts.get("unit") or "line")
        flag = "-n" if unit == "line" else "-c"
        derived: dict[str, Any] = {"tool": "head", "option_shown": f"{flag} {count}" if count else flag}
        if count.startswith("-") and count[1:].isdigit():
            n = int(count[1:])
            what = f"all {unit}s but the last {n}"
            if unit == "line":
                portable = "sed '$d'" if n == 1 else f"sed -e :a -e '$d;N;2,{n}ba' -e 'P;D'  (or ghead -n -{n})"
            else:
                portable = f"ghead -c -{n} (GNU coreutils)"
            text = (f"The script ran 'head {flag} {count}' (GNU: print {what}). BSD head on macOS accepts only positive "
                    f"counts, so it printed 'illegal {unit} count -- {count}' and produced no output; later steps then "
                    "miss the file or list it should have written.")
            fix = (f"Replace 'head {flag} {count}' with {portable}.", _GNUBIN)
        else:
            text = (f"BSD head refused the {unit} count '{count}' (not a positive number); with GNU head this may be a "
                    "valid negative or suffixed count (1K), which BSD head does not understand.")
            fix = (_GNUBIN,)
        return Explanation(text=text, fix=fix, derived=derived)
    tool = facts.get("tool")
    opt = facts.get("option")
    if not tool or not opt:
        return None
    tool, opt = str(tool), str(opt)
    derived = {"option_shown": "--..." if opt == "-" else f"-{opt}"}
    meaning, portable = _PORTABLE.get((tool, opt), ("a GNU extension", f"the GNU tool (g{tool}) or a portable spelling"))
    shown = "a GNU long option (--...)" if opt == "-" else f"-{opt}"
    text = (f"The BSD {tool} that macOS ships rejected {shown} ({meaning} in GNU {tool}): its getopt printed "
            f"'{tool}: illegal option -- {opt}', a message GNU tools never print. The command produced nothing, so "
            "the step that used its output fails or misbehaves next.")
    return Explanation(text=text, fix=(f"Use {portable}.", _GNUBIN), derived=derived)
