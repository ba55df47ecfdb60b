"""Computed diagnosis for python.syntax-error: what the rejected line is (newer syntax and the Python it
needs, Python 2 code, a shell command, a non-Python file) against the interpreter the log shows."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SHELL = re.compile(
    r"^(?:!|%)?(?:python[23]?(?:\.[0-9]{1,2})?|pip[23]?|conda|mamba|export|source|cd|ls|git|wget|curl|sudo|bash|sh|apt(?:-get)?|brew|"
    r"nvidia-smi|torchrun|accelerate|deepspeed|huggingface-cli|hf|uv|CUDA_VISIBLE_DEVICES=\S*|set|echo|mkdir|rm|cp|mv|chmod|docker)(?:\s|$)"
)
# (regex on the source line, feature, minimum Python)
_FEATURES: list[tuple[re.Pattern[str], str, tuple[int, int]]] = [
    (re.compile(r"""\bf(?:"[^"]*\{[^}"]*"[^"]*"|'[^']*\{[^}']*'[^']*')"""), "an f-string that reuses its own quote inside {...} (PEP 701)", (3, 12)),
    (re.compile(r"^\s*type\s+[A-Za-z_]\w*(?:\[[^\]]*\])?\s*=|^\s*(?:def|class)\s+\w+\["), "a type statement / inline generic parameters (PEP 695)", (3, 12)),
    (re.compile(r"\bexcept\s*\*"), "except* (exception groups)", (3, 11)),
    (re.compile(r"^\s*(?:match\s+[^=]+:\s*$|case\s+[^=]+:\s*$)"), "a match/case statement", (3, 10)),
    (re.compile(r"\bwith\s*\(\s*[^()]+\bas\b[^()]*,"), "parenthesized context managers", (3, 10)),
    (re.compile(r":\s*[A-Za-z_][\w.\[\], ]*\s\|\s*(?:None|[A-Za-z_])|->\s*[A-Za-z_][\w.\[\], ]*\s\|\s"), "X | Y union annotations (PEP 604)", (3, 10)),
    (re.compile(r":="), "the := assignment expression", (3, 8)),
    (re.compile(r"\bdef\s+\w+\([^)]*,\s*/\s*[,)]"), "positional-only parameters (/)", (3, 8)),
    (re.compile(r"""(?<![\w])(?:[fF][rRbB]?|[rR][fF])(?:"|')"""), "an f-string", (3, 6)),
    (re.compile(r"^\s*[A-Za-z_][\w.]*\s*:\s*[A-Za-z_][\w.\[\], ]*\s*="), "a variable annotation", (3, 6)),
    (re.compile(r"\basync\s+(?:def|with|for)\b|\bawait\s"), "async/await", (3, 5)),
    (re.compile(r"\bdef\s+\w+\([^)]*:\s*\w|\)\s*->\s*\w|\bnonlocal\b|\byield\s+from\b|\braise\s+\w.*\sfrom\s|print\([^)]*\b(?:end|file|sep)\s*=|[,(]\s*file\s*=\s*sys\.std(?:err|out)\s*\)|\bdef\s+\w+\([^)]*\*\s*,"), "Python 3 syntax (annotations, keyword-only parameters, print(..., end=), nonlocal, yield from, raise ... from)", (3, 0)),
]
_BIN_EXT = (".pt", ".pth", ".bin", ".ckpt", ".pkl", ".pickle", ".pyc", ".so", ".pyd", ".exe", ".zip", ".npy", ".npz", ".h5", ".onnx", ".safetensors", ".gz", ".tar", ".whl", ".egg")



# an HTML element line (<title>, <meta ...>, <script>): a web page saved under a .py name
_HTML_TAG = re.compile(r"<(?:head|meta|link|title|script|body|div|span|style|svg|nav|header|footer|main|section|template|button|img|input|form|ul|li|table|tr|td)[\s>/]")

def _ver(s: str) -> tuple[int, int] | None:
    m = re.match(r"([23])\.?([0-9]{1,2})$", s or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = str(facts.get("exc") or "SyntaxError")
    msg = str(facts.get("message") or "")
    src = str(facts.get("source") or "").strip()
    file = str(facts.get("file") or "")
    lineno = facts.get("lineno")
    pyv = _ver(str(facts.get("python_version") or ""))
    left, right = str(facts.get("left") or ""), str(facts.get("right") or "")
    byte = str(facts.get("byte") or "").lower()
    where = f"{file}:{lineno}" if file and lineno else (file or "the file")
    parts: list[str] = []
    fix: list[str] = []
    headline = ""
    need: tuple[int, int] | None = None
    feature = ""

    if left:  # runtime forms of newer annotation syntax
        if left == "dict":
            need, feature = (3, 9), "the dict union operator d1 | d2 (PEP 584)"
        elif "subscriptable" in msg or not right:
            need, feature = (3, 9), "builtin generics such as list[int] / dict[str, int] (PEP 585)"
        else:
            need, feature = (3, 10), f"a X | Y union of types ('{left}' | '{right}', PEP 604)"
    stmt = str(facts.get("stmt") or "")
    low = src.lower()
    if stmt:
        headline = f"Python 2 code run by Python 3: '{stmt}' is a statement in Python 2 and a function in Python 3"
        parts.append(f"{where} uses the Python 2 {stmt} statement ({src or stmt + ' ...'}); Python 3 requires {stmt}(...). The script (or the repository) was written for Python 2.")
        fix.append(f"Run the code with Python 2.7 if it is a legacy project (conda create -n py27 python=2.7), or port it: {stmt}(...) and the rest of the Python 2 idioms (python -m lib2to3 / 2to3 -w {file or '<file>'} on Python < 3.13).")
    elif byte:
        b = int(byte, 16)
        lowf = file.lower()
        if lowf.endswith(_BIN_EXT) or b in (0x80,) and not lowf.endswith(".py"):
            headline = f"a binary file was run as a Python script ({file})"
            parts.append(f"{file} is not Python source: its first bytes (0x{byte}) are binary - a checkpoint, pickle, archive or compiled file was passed to python as the script.")
            fix.append(f"Run the Python script that loads {file} (e.g. python infer.py --ckpt {file}), not the file itself; load checkpoints with torch.load / from_pretrained.")
        elif b in (0xff, 0xfe):
            headline = f"{file} is saved as UTF-16 (byte order mark 0x{byte})"
            parts.append(f"{file} starts with a UTF-16 byte order mark (typical of files written by PowerShell '>' redirection or Notepad 'Unicode').")
            fix.append(f"Re-save {file} as UTF-8 (iconv -f UTF-16 -t UTF-8, or the editor's Save as UTF-8).")
        else:
            headline = f"{file} is not UTF-8 (byte 0x{byte} on line {lineno})"
            if "Non-ASCII" in msg:
                headline = f"Python 2 ran a UTF-8 source file ({file})"
                parts.append(f"'Non-ASCII character' is Python 2's message: Python 2 assumes ASCII source, and {file} contains UTF-8 text (line {lineno}). The code is probably meant for Python 3.")
                fix.append("Run it with python3 (the 'python' command is Python 2 here), or add '# -*- coding: utf-8 -*-' as the first or second line for a real Python 2 project.")
            else:
                parts.append(f"{file} contains byte 0x{byte} on line {lineno} that is not valid UTF-8: the file was saved in a legacy encoding (Windows cp1252 / GBK / Latin-1), often because of comments or strings in a non-English language.")
                fix.append(f"Re-save {file} as UTF-8, or declare the encoding on its first line (# -*- coding: cp1252 -*- / gbk).")
    elif src.startswith("<!DOCTYPE") or low.startswith("<html") or low.startswith("<!doctype") or _HTML_TAG.match(low):
        headline = f"{where} is an HTML page, not Python source"
        parts.append(f"{where} contains an HTML page: the file was downloaded from a web page URL (a GitHub /blob/ link, a login or error page) instead of the raw file.")
        fix.append("Download the raw file (raw.githubusercontent.com/... or the 'Raw' button) or git clone the repository, then run it again.")
    elif src.startswith("version https://git-lfs"):
        headline = f"{where} is a Git LFS pointer, not the real file"
        parts.append(f"{where} holds a Git LFS pointer (version https://git-lfs.github.com/spec/v1 ...): the repository was cloned without git-lfs, so the real content was never fetched.")
        fix.append("Install git-lfs and run git lfs install && git lfs pull in the repository (or download the file directly).")
    elif src.startswith(("<<<<<<<", "=======", ">>>>>>>")):
        headline = f"unresolved merge-conflict markers in {where}"
        parts.append(f"{where} still contains git merge-conflict markers ({src[:12]}...).")
        fix.append("Resolve the conflict (keep one side, delete the <<<<<<< / ======= / >>>>>>> lines) and commit; git diff --check lists the markers.")
    elif src and _SHELL.match(src):
        if file == "<stdin>" or file.startswith("<python-input") or file == "<console>":
            headline = f"a shell command was typed into the Python interpreter: {src[:80]}"
            parts.append(f"`{src}` is a shell command, but it was typed at the Python prompt (>>>), which only accepts Python.")
            fix.append(f"Leave the Python prompt (exit() or Ctrl-D) and run `{src.lstrip('!%')}` in the terminal.")
        else:
            headline = f"a shell command inside Python source ({where}): {src[:80]}"
            kind = "a shell script run with python" if file.endswith((".sh", ".bash")) else "a shell command (or a notebook '!' line) inside a .py file"
            parts.append(f"Line `{src}` is a shell command: {where} is {kind}.")
            fix.append(f"Run shell scripts with bash ({'bash ' + file if file.endswith(('.sh', '.bash')) else 'bash script.sh'}); in a .py file use subprocess.run([...]) or move the command to the shell.")
    elif src.startswith((">>>", "In [")):
        headline = "a pasted interactive session (>>> / In [n]: prompts) is being run as a script"
        parts.append("The source line starts with an interactive prompt: a REPL or notebook transcript was pasted into a file.")
        fix.append("Remove the '>>> ' / 'In [n]:' prompts and the output lines from the file.")
    elif "future feature annotations" in msg:
        need, feature = (3, 7), "from __future__ import annotations"
    elif "null bytes" in msg:
        headline = f"{where or 'the source file'} contains NUL bytes (a truncated or binary file)"
        parts.append("The source contains NUL (0x00) bytes: a binary file run as a script, or a .py file corrupted by an interrupted copy/download or a full disk.")
        fix.append("Re-download or restore the file (git checkout -- <file>, pip install --force-reinstall <package>) and check free disk space.")
    elif exc in ("IndentationError", "TabError"):
        if exc == "TabError" or "inconsistent" in msg:
            headline = f"tabs and spaces mixed in the indentation of {where}"
            parts.append("The block's lines are indented partly with tabs and partly with spaces (Python 3 refuses to guess the tab width).")
            fix.append(f"Convert tabs to spaces in {file or 'the file'} (editor 'Convert Indentation to Spaces', or expand -t 4); python -m tabnanny finds the lines.")
        else:
            headline = f"{msg} at {where}"
            parts.append(f"Indentation at {where} does not match the block structure ({msg}): a line pasted with extra leading spaces, an empty if/def/for body, or a dedent to a column no outer block uses.")
            fix.append("Re-indent the block consistently (4 spaces); put 'pass' in an intentionally empty block.")
    if not headline and not need and src:
        for rx, feat, v in _FEATURES:
            if rx.search(src):
                need, feature = v, feat
                break
        if "leading zeros" in msg or re.search(r"\bexcept\s+[\w.]+\s*,\s*\w+\s*:", src) or re.search(r"\bprint\s+['\"\w]", src):
            headline = "Python 2 code run by Python 3"
            parts.append(f"`{src}` is Python 2 syntax (print statement, except X, e:, 0777 octal literals).")
            fix.append("Run it with Python 2.7 for a legacy project, or port the file to Python 3 (2to3).")
        elif re.search(r"(?:\(|,)\s*async\s*=|\bimport\s+async\b|\.async\b|\bdef\s+async\b", src):
            headline = "code from before Python 3.7 uses 'async' as a name"
            parts.append("'async' became a reserved keyword in Python 3.7; this (old) code uses it as a parameter, attribute or module name.")
            fix.append("Upgrade the package to a release made for Python 3.7+ (they renamed async to async_ or non_blocking), or run the code on Python 3.6.")
    if need:
        needs = f"{need[0]}.{need[1]}" if need != (3, 0) else "3"
        if pyv and pyv < need:
            headline = f"this code needs Python >= {needs} ({feature}) but Python {pyv[0]}.{pyv[1]} runs it"
        else:
            headline = f"this code needs Python >= {needs} ({feature}); the interpreter that ran it is older"
        ran = f"Python {pyv[0]}.{pyv[1]} (from the paths in the traceback)" if pyv else "an older interpreter"
        at = f" at {where}" if file else ""
        parts.append(f"The line{at} uses {feature}, which exists from Python {needs} on; {ran} cannot parse or evaluate it." + (f" Line: `{src}`." if src else ""))
        if "site-packages" in file or "dist-packages" in file:
            m = re.search(r"[/\\](?:site|dist)-packages[/\\]([A-Za-z0-9_]+)", file)
            pkg = m.group(1) if m else "the package"
            parts.append(f"The line belongs to the installed package {pkg}: this release of {pkg} requires a newer Python than this environment has.")
            fix.append(f"Create the environment with Python >= {needs} (for example conda create -n myenv python=3.{max(need[1], 11)} / uv venv -p 3.{max(need[1], 11)}) and reinstall, or pin {pkg} to an older release that supports your Python (pip install '{pkg}<X' per its changelog).")
        else:
            fix.append(f"Run it with Python >= {needs}: check python --version / which python in the job; create or activate an environment with a newer Python (for example conda create -n myenv python=3.{max(need[1], 11)}, or uv venv -p 3.{max(need[1], 11)}) and call that interpreter explicitly.")
            if need == (3, 0):
                fix[-1] = "Run it with python3, not python (which is Python 2 here)."
            elif feature.startswith(("X | Y", "builtin generics", "a X | Y")):
                fix.append("On an older Python you can add 'from __future__ import annotations' at the top of your own file (annotations then stay unevaluated), or write Optional[X] / Union[X, Y] / List[int].")
    if not headline:
        headline = f"{exc}: {msg} at {where}" if msg else f"{exc} at {where}"
        parts.append(f"{where} does not compile ({msg})." + (f" Line: `{src}`." if src else "") + " If the line looks valid, the interpreter is probably older than the code requires.")
        fix.append("Compare python --version with the version the project requires; otherwise fix the line (look also at the line before the caret: an unclosed bracket or quote there moves the error down).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
