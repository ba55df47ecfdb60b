"""Computed diagnosis for system.cpp-terminate: what kind of std::terminate this was and what usually causes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BY_EXC = {
    "std::system_error": "a system call behind a C++ library call failed (thread creation, mutex, file, socket) - the what() text is the errno message",
    "std::runtime_error": "a library reported a runtime failure without catching it - the what() text is its message",
    "std::length_error": "a container was asked to grow beyond max_size: a negative or overflowing length (vector::reserve, basic_string::_M_create)",
    "std::out_of_range": "an index or key outside a container (vector::at, map::at, stoi of a too-large number)",
    "std::invalid_argument": "a conversion or argument check failed (stoi/stof on a non-number, a bad config value)",
    "std::logic_error": "a precondition of a library was violated",
    "std::bad_cast": "a dynamic_cast / locale facet lookup failed (often a libstdc++ ABI mix)",
    "std::bad_function_call": "an empty std::function was called (a callback never set)",
    "std::bad_weak_ptr": "shared_from_this on an object not owned by a shared_ptr",
    "std::ios_base::failure[abi:cxx11]": "a stream I/O error (file missing, disk full, read past end)",
    "std::__ios_failure": "a stream I/O error (file missing, disk full, read past end)",
    "std::filesystem::__cxx11::filesystem_error": "a filesystem call failed (missing path, permissions)",
    "Xbyak::Error": "the x86 JIT assembler inside oneDNN/MKL-DNN (used by PyTorch, TensorFlow and MXNet CPU kernels) failed: "
                    "'can't protect' / 'can't alloc' means the OS refused executable memory for generated code (a hardened or W^X kernel, "
                    "SELinux execmem denial, a sandbox or an emulator without JIT rights); 'code is too big' / 'internal error' are JIT bugs",
    "dmlc::Error": "an MXNet / XGBoost core check failed - the what() text is the check's message",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc, what, kind = facts.get("exception"), facts.get("what"), facts.get("terminate_kind")
    if isinstance(exc, str):
        exc = exc.replace("std::__1::", "std::")  # libc++'s inline namespace
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if exc:
        derived["terminate_kind"] = f"uncaught {exc}" + (f" ({what})" if what else "")
        parts.append(f"A C++ exception ({exc}) escaped native code with no handler, so std::terminate printed it and aborted the process (SIGABRT, exit 134 / -6).")
        if exc in _BY_EXC:
            parts.append(f"{exc} means {_BY_EXC[exc]}.")
        if exc == "Xbyak::Error" and isinstance(what, str) and "protect" in what:
            fix.append("Allow executable memory for JIT-generated code: run outside the setting that forbids it (SELinux: the execmem boolean or a "
                       "permissive domain; a container's seccomp/noexec profile that blocks mprotect with PROT_EXEC; a sandboxed app without a JIT "
                       "entitlement), or use a framework build whose CPU kernels do not use the oneDNN JIT.")
        if what:
            parts.append(f"Its message: '{what}'.")
            fix.append(f"Act on the message '{what}' (search it in the library that throws it) - it is the real error.")
        fix.append("Find the throwing frame: gdb -ex 'catch throw' -ex run -ex bt --args python script.py.")
    elif kind == "pure-virtual":
        derived["terminate_kind"] = "pure virtual method called"
        parts.append("A virtual method was called on an object whose derived part was already destroyed (or not yet constructed): a use-after-destruction, "
                     "typically at interpreter exit when one library's static objects are torn down while another thread or destructor still calls into them, "
                     "or in a debug build of PyTorch at exit.")
        fix.append("If it happens only at exit after the work is done: stop background threads/DataLoader workers and release native objects explicitly before exit (del model; torch.cuda.synchronize()), or os._exit(0) after saving.")
        fix.append("Otherwise get the stack (gdb bt) to see which object was used after destruction and upgrade that library.")
    else:
        derived["terminate_kind"] = "terminate without an active exception"
        parts.append("std::terminate was called with no exception in flight: most often a std::thread object was destroyed while still joinable (a worker thread "
                     "never joined because the program exited, was interrupted or an error skipped the join), or a bare 'throw;' ran outside a catch block.")
        fix.append("Look for the event just before it (Ctrl+C, an exception in the main thread, the end of the script): the program exited while a native worker thread was still running; close/join the library's threads (reader, logger, prefetcher) before exit.")
        fix.append("Get the stack (gdb -ex run -ex bt) - the std::thread destructor frame names the library that owns the thread.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
