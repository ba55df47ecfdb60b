"""Text for exceptions no entry names (used by the python.* entries the engine makes from tracebacks):
one sentence on what was raised, where, and from which line of the user's code, what that class of
exception usually means, and where to search for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote_plus

from denpex.models import Explanation

# what a built-in exception class says about a run, and the first thing to check
MEANINGS: dict[str, tuple[str, str]] = {
    "IndexError": (("an index was past the end of a sequence or tensor dimension (in torch.nn.Embedding: a token id "
                   ">= num_embeddings, e.g. a tokenizer with more tokens than the model's vocabulary)"),
                   "print the index and the size it indexes right before the failing call"),
    "KeyError": ("a dictionary, config, state_dict or dataset column lookup asked for a key that is not there",
                 "print the available keys (list(obj.keys())) next to the missing one; check renamed config fields and dataset columns"),
    "FileNotFoundError": ("a path the job opens does not exist on this machine (relative to the working directory, or not mounted/synced on this node)",
                          "ls -l the path on the node that failed, and print os.getcwd() in the job"),
    "NotADirectoryError": ("a path expected to be a folder is a file", "check the path argument"),
    "IsADirectoryError": ("a path expected to be a file is a folder", "point at the file inside the folder"),
    "PermissionError": ("the job's user may not read or write that path", "ls -ld the path; check the user the job runs as and the mount's options"),
    "ValueError": ("a function got an argument of the right type but an unacceptable value", "read the message: it usually names the argument and the allowed values"),
    "TypeError": ("a function got an argument of the wrong type or a wrong set of arguments (often two package versions that disagree)",
                  "compare the call with the signature of the installed version (pip show <package>)"),
    "AttributeError": ("an object (or module) has no attribute of that name: a None where an object was expected, or an API renamed between versions",
                       "print type(obj) at the failing line; check the package version for renamed APIs"),
    "ImportError": ("a module or a name inside it could not be imported", "pip show the package named in the message and compare with what the code expects"),
    "ModuleNotFoundError": ("a module is not installed in the Python that ran the job", "run the same python -c 'import <module>' in the job's environment"),
    "ZeroDivisionError": ("a division by zero (an empty batch, a zero count or a zero learning-rate warm-up step)", "check the denominator's source: dataset length, world size, steps"),
    "RecursionError": ("the call stack grew past Python's limit (runaway recursion, or a deeply nested config/module)", "look for the repeating frames in the traceback"),
    "AssertionError": ("an assert in the code failed: an internal consistency check", "read the assert's condition at the raising line"),
    "NotImplementedError": ("the code path has no implementation for this configuration (an abstract method, an unsupported dtype/device/mode)",
                            "check the configuration against what the package supports"),
    "UnicodeDecodeError": ("a file was read as text in an encoding it is not in", "open it with the right encoding (encoding='utf-8') or in binary mode"),
    "JSONDecodeError": ("a file or response expected to be JSON is not (empty, truncated, or an HTML error page)", "print the first bytes of what was parsed"),
    "MemoryError": ("the Python process could not allocate host memory", "check the host's free memory and the process's limits (ulimit -v, cgroup)"),
    "OSError": ("an operating-system call failed; the [Errno N] in the message says which", "read the errno: 2 missing file, 13 permission, 28 disk full, 24 too many open files"),
    "RuntimeError": ("a library reported an error it has no specific class for", "the message carries the detail; search it in the package's tracker"),
    "TimeoutError": ("an operation waited past its deadline", "check the peer or service it waited for"),
    "StopIteration": ("an iterator was exhausted where a value was required (an empty dataset or dataloader)", "check that the dataset is not empty after filtering"),
}

# the same class names mean other things in JavaScript (Node.js, browsers): no pip, no signatures to compare
JS_MEANINGS: dict[str, tuple[str, str]] = {
    "TypeError": (("a value was undefined/null or not the kind of thing the code used it as ('X is not a function', 'is not a "
                   "constructor', 'Cannot read properties of undefined'): most often an import that resolved to something else "
                   "(default vs named export, CommonJS vs ES module, a bundler's shim) or a library version whose API differs"),
                  "log the imported object (console.log(typeof x, x)) at the failing line and compare the import with the "
                  "package's README for the installed version (npm ls <package>)"),
    "ReferenceError": ("a name was used that is not defined in that scope: a global from a <script> tag that did not load "
                       "(or loaded later), or a Node-only global used in the browser", "check the script order / the import that should define it"),
    "SyntaxError": (("the engine could not parse what it was given: JSON.parse on an HTML page or empty body, or an ES-module file "
                     "('export', 'import') loaded as a classic script or by require()"),
                    "print the first bytes of what was parsed, or load the file as a module (type=\"module\", import())"),
    "RangeError": ("a value was outside what the operation allows (an invalid array length, a buffer offset, or 'Maximum call stack size exceeded')",
                   "print the length/offset passed to the failing call"),
}


def describe(facts: Mapping[str, Any], internal: bool = False) -> Explanation:
    exc = str(facts.get("exception") or "")
    short = exc.rsplit(".", 1)[-1]
    msg = str(facts.get("message") or "")
    head = f"{exc}: {msg}" if msg and exc else (exc or msg or "Exception")
    if len(head) > 200:
        head = head[:197] + "..."
    if facts.get("cut"):
        # (the message, where the quoted `raise X("...")` line of the last frame gives it)
        named = f"{exc}: {msg[:150]}" if exc and msg else exc
        head = f"a traceback cut off before its exception line{' (' + named + ')' if named else ''}"
    raised_in = facts.get("raised_in")
    user = facts.get("user_frame")
    pkg = facts.get("package")
    where = ""
    if raised_in and facts.get("library_code"):
        where = f" raised inside {raised_in}" + (f" ({pkg}{' ' + str(facts['package_version']) if facts.get('package_version') else ''})" if pkg and pkg != "python" else "")
        if user:
            where += f", called from {user}"
    elif raised_in:
        where = f" raised in your code at {facts.get('raised_at') or raised_in}"
    headline = (head if facts.get("cut") else f"`{head}`") + where
    text = [headline + "."]
    meaning = (JS_MEANINGS if facts.get("javascript") else MEANINGS).get(short)
    if meaning:
        text.append(f"{'An' if short[:1] in 'AEIOU' else 'A'} {short} means {meaning[0]}.")
    if facts.get("library_code") and user:
        text.append(f"The error surfaced in library code, but the values it rejected come from your call at {user}: start there.")
    elif facts.get("library_code"):
        text.append("No frame of your own code is in the traceback (it may be cut, or the job was started by a launcher).")
    if facts.get("jvm"):
        text.append("This is a JVM (Java/Scala) exception: the first 'at' frame under it is where it was thrown, and of a "
                    "'Caused by:' chain the innermost cause, reported here, is the failure (PySpark and other Python callers "
                    "show it wrapped in Py4JJavaError).")
    if facts.get("javascript"):
        text.append("This is a JavaScript (Node.js or browser) error, not a Python one: the first 'at' frame under it is where "
                    "it was thrown; a frame under node_modules/ names the package, any other the app's own code.")
    if facts.get("wrapped_by"):
        text.append(f"{facts['wrapped_by']} only wraps it: this inner exception is the failure.")
    if facts.get("cut"):
        text.append("The log (or the paste) ends inside the traceback: the exception line with the message is missing; "
                    "the full log or the process's stderr has it.")
    elif not facts.get("traceback"):
        text.append("Only the exception line is in this log, not its traceback; the lines above it in the full log say where it was raised.")
    fix: list[str] = []
    if internal and pkg:
        text.insert(1, (
            f"An {short} raised inside {pkg}'s own code is an internal check of that package failing: usually a bug "
            f"in {pkg}, or a configuration it does not support (a dtype, device, parallelism or model combination), "
            "rather than a mistake in your code."
        ))
        fix.append(f"Check whether your configuration is supported by {pkg}{' ' + str(facts['package_version']) if facts.get('package_version') else ''} "
                   "(its docs / release notes); try the latest release, where the check may be fixed.")
        fix.append(f"If it persists, report it to {pkg} with the full traceback and versions; search first for the same check.")
    if meaning:
        fix.append(meaning[1][0].upper() + meaning[1][1:] + (f" (at {user})" if user else "") + ".")
    key = facts.get("search_key")
    if key and facts.get("tracker"):
        fix.append(f"Search the {pkg} tracker for this error: {facts['tracker']}?q={quote_plus(str(key))}")
    elif key:
        fix.append(f"Search for the error without its volatile parts: \"{key}\"")
    vers = [f"{label} {facts[k]}" for k, label in (("python_version", "Python"), ("package_version", pkg), ("torch_version", "torch")) if facts.get(k)]
    if vers:
        text.append("Versions seen in this log: " + ", ".join(vers) + ".")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"headline": headline})
