"""A command line that answers with a message, never a traceback, when its surroundings fail.

``harden()`` runs first in every ``denpex`` command:

* stdout and stderr write what their encoding cannot hold as escapes (a ``cp1252`` console, or
  ``--json`` redirected on Windows, gets ``\\u4e2d`` instead of a UnicodeEncodeError; in JSON that is
  the same character);
* an error writing the output (a full disk, a closed pipe) or a file the command was asked to write
  (``timeline --png`` into a missing folder), and any other unexpected error, prints one line on
  stderr and exits 2 (usage or input error), never 1 (which means "a failure was found");
* output that could not be flushed at exit is dropped quietly once that line was printed.
"""

from __future__ import annotations

import errno
import os
import sys
from types import TracebackType

_DONE = False


def harden() -> None:
    global _DONE
    if _DONE:
        return
    _DONE = True
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # a closed or detached stream
                pass
    sys.excepthook = _excepthook
    import atexit

    atexit.register(_flush_at_exit)


def message(exc: BaseException) -> str:
    """One line for an error the command could not handle itself."""
    if isinstance(exc, OSError):
        what = exc.strerror or str(exc)
        if exc.errno == errno.ENOSPC:
            what = "no space left on the device"
        target = exc.filename if exc.filename is not None else None
        if target is None and exc.errno in (errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EBADF):
            return f"cannot write the output: {what}"
        return f"{target}: {what}" if target else what
    if isinstance(exc, RecursionError):
        return "input nested too deeply to process (recursion limit reached)"
    if isinstance(exc, MemoryError):
        return "out of memory"
    return f"internal error ({type(exc).__name__}); please report it with the command that caused it"


def _excepthook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        _say("interrupted")
        os._exit(130)
    if os.environ.get("DENPEX_DEBUG"):
        sys.__excepthook__(kind, exc, tb)
    _say(message(exc))
    _silence_stdout()
    os._exit(2)


def _say(text: str) -> None:
    try:
        os.write(2, f"denpex: error: {text}\n".encode("utf-8", "backslashreplace"))
    except OSError:
        pass


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
    except OSError:
        pass


def _flush_at_exit() -> None:
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError) as exc:
        if isinstance(exc, OSError) and exc.errno == errno.EPIPE:
            _silence_stdout()
            return
        _say(message(exc))
        _silence_stdout()
        os._exit(2)
