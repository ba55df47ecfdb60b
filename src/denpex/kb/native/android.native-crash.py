"""Computed diagnosis for android.native-crash: what the signal/code/fault address mean and whose
library crashed (the top frame, or the first app-shipped library below libc/libc++/libart)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# basename substrings -> (owner, kind); kind: ml | gpu | npu | runtime | system | ui
_OWNERS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("libtensorflowlite", "libtflite", "liblitert"), "TensorFlow Lite/LiteRT", "ml"),
    (("libncnn",), "ncnn", "ml"),
    (("libmnn",), "MNN", "ml"),
    (("libonnxruntime",), "ONNX Runtime", "ml"),
    (("libexecutorch", "libqnn_executorch", "libextension_module"), "ExecuTorch", "ml"),
    (("libpytorch_jni", "libpytorch", "libtorch", "libc10"), "PyTorch Mobile", "ml"),
    (("libmediapipe",), "MediaPipe", "ml"),
    (("libllama", "libggml"), "llama.cpp / ggml", "ml"),
    (("libpaddle",), "Paddle Lite", "ml"),
    (("libarmnn",), "Arm NN", "ml"),
    (("libqnnhtp", "libqnncpu", "libqnngpu", "libqnnsystem", "libsnpe", "libcdsprpc", "libhexagon"), "the Qualcomm QNN/SNPE NPU stack", "npu"),
    (("libneuralnetworks", "android.hardware.neuralnetworks"), "NNAPI / the vendor's NNAPI driver", "npu"),
    (("libgles_mali", "libmali", "libopencl", "libllvm-glnext", "libgsl", "libadreno", "libglesv2_adreno",
      "libvulkan", "vulkan.", "libq3dtools", "libcb.so", "libpvr", "libglesv2_emulation"), "the GPU driver", "gpu"),
    (("libopencv",), "OpenCV", "ml"),
    (("libc++_shared", "libc++.so", "libfbjni"), "the C++ runtime (libc++)", "runtime"),
    (("libart", "libbase.so", "libnativebridge"), "the Android runtime (ART)", "system"),
    (("libc.so", "libc_malloc", "linker", "libdl.so", "libm.so"), "bionic libc", "system"),
    (("libhwui", "libskia", "libgui", "libsurfaceflinger"), "Android's graphics stack (libhwui)", "ui"),
)

_ML_HINT = (
    "Crashes inside {owner} usually come from what the app hands it: an input/output buffer smaller than or of "
    "another type than the model's tensor, an interpreter/session used after close() or from two threads at once, "
    "a model converted for a newer runtime version or a failed load whose return code was ignored."
)

_SIGNALS = {
    "SIGSEGV": "an invalid memory access",
    "SIGABRT": "an abort() - the library gave up on purpose",
    "SIGBUS": "a bus error (unaligned access or a mapped file page that cannot be read)",
    "SIGILL": "an illegal instruction",
    "SIGFPE": "an arithmetic trap (integer division by zero)",
    "SIGTRAP": "a trap instruction (__builtin_trap / a failed check compiled to brk)",
    "SIGSYS": "a system call blocked by seccomp",
}


def _basename(path: str) -> str:
    return re.split(r"[/!]", path.strip())[-1]


def _owner(lib: str) -> tuple[str, str] | None:
    low = _basename(lib).lower()
    for keys, owner, kind in _OWNERS:
        if any(k in low for k in keys):
            return owner, kind
    return None


def _ascii(addr: int) -> str | None:
    raw = addr.to_bytes(8, "little").rstrip(b"\x00")
    if len(raw) >= 4 and all(0x20 <= b < 0x7F for b in raw):
        return raw.decode("ascii")
    return None


def _addr_kind(code_name: str, addr_s: str | None) -> tuple[str, str | None]:
    """(short kind, sentence) for the fault address."""
    if not addr_s or addr_s.startswith("-"):
        return "", None
    try:
        addr = int(addr_s, 16)
    except ValueError:
        return "", None
    if code_name == "SEGV_MAPERR" or not code_name:
        if addr < 0x1000:
            return "null pointer", (f"The fault address {addr_s} is below 4096: a field at offset {addr:#x} of a null pointer - "
                                    "a null object (net, interpreter, tensor, buffer) reached native code.")
        text = _ascii(addr & 0x00FFFFFFFFFFFFFF)
        if text:
            return "corrupted pointer", (f"The fault address {addr_s} reads as the text {text!r}: the pointer was overwritten "
                                         "with string data - memory corruption (buffer overrun or use after free) earlier on.")
        if addr & 0xFFF == 0 and addr >= 0x10000:
            return "ran off a buffer", (f"The fault address {addr_s} is page-aligned: a read or write ran off the end of a buffer "
                                        "into the unmapped page after it - the buffer is smaller than what the code walked over "
                                        "(an input/output smaller than the model's tensor, wrong size or dtype).")
        return "unmapped address", (f"Nothing is mapped at {addr_s}: a freed, never-allocated or out-of-bounds buffer.")
    if code_name == "SEGV_ACCERR":
        return "permission fault", (f"Memory at {addr_s} is mapped but not for this access (a write to read-only memory such as a "
                                    "read-only mapped model buffer, or a jump into data).")
    if code_name in ("SEGV_MTESERR", "SEGV_MTEAERR"):
        return "MTE tag mismatch", ("Memory tagging (MTE) caught a use-after-free or buffer overflow at the faulting access.")
    if code_name == "BUS_ADRALN":
        return "unaligned access", (f"Unaligned access at {addr_s}: a buffer (often a model mapped from the APK at an unaligned offset) "
                                    "is not aligned for the vector loads the kernel uses.")
    return "", None


def _clip(text: str, n: int = 160) -> str:
    text = text.strip()
    if len(text) <= n:
        return text
    cut = text[:n].rsplit(" ", 1)[0]
    return cut + " ..."


def _abort_kind(msg: str) -> tuple[str, str, str | None]:
    """(short kind, sentence, fix) for an abort message."""
    m = re.search(r"terminating (?:with|due to) uncaught exception of type (\w[\w<>]*(?:::\w[\w<>]*)*)(?::\s*(.*))?", msg)
    if m:
        what = (m.group(2) or "").strip()
        fix = "Catch the exception around the native call, and fix its cause: " + (_clip(what, 200) if what else "the exception text")
        if m.group(1).startswith("c10::"):
            fix = ("PyTorch raised c10::Error (" + (_clip(what) or "see the message") + "): the model and the runtime do not agree "
                   "(export the model with the torch version the app links, use the lite interpreter for a lite build, pass inputs "
                   "of the types the model expects).")
        return f"uncaught C++ exception {m.group(1)}", f"An uncaught C++ exception of type {m.group(1)} reached std::terminate" + (f": {what}" if what else "") + ".", fix
    if "JNI DETECTED ERROR IN APPLICATION" in msg:
        return "JNI misuse", "CheckJNI aborted the app: native code misused JNI (a stale or wrong-type reference, a pending Java exception, a wrong thread).", \
            "Fix the JNI call the message names (and check for pending exceptions after each JNI call)."
    if msg.startswith("FORTIFY"):
        return "FORTIFY buffer check", "bionic's FORTIFY check caught a buffer overflow or an invalid argument in a libc call.", \
            "Fix the buffer size or argument the FORTIFY message names in the calling library."
    if "Scudo" in msg or "scudo" in msg or "jemalloc" in msg:
        return "heap corruption", "The allocator found corrupted heap state (double free, free of a foreign pointer, overrun of a block).", \
            "Find the first bad write with HWASan/ASan builds of the native code; look for two threads using one interpreter."
    if "Check failed" in msg or "CHECK failed" in msg or "GGML_ASSERT" in msg or "Assertion" in msg or "INTERNAL ASSERT" in msg:
        return "failed assertion", f"A library assertion failed: {msg[:200]}.", "Fix the condition the assertion names (usually a shape, size or state the library did not expect)."
    if "destroyed mutex" in msg or "pthread_mutex" in msg:
        return "use after destroy", "A mutex was used after its owner was destroyed: a native object used after release.", \
            "Stop inference before releasing the interpreter/session and do not share it across threads."
    return "abort", f"The abort message says: {msg[:200]}.", None


def _frames_only(facts: Mapping[str, Any]) -> Explanation | None:
    """Only the backtrace of a tombstone was pasted: name the library the frames run through."""
    lib = facts.get("frame_lib")
    apps = facts.get("app_lib") or []
    if isinstance(apps, str):
        apps = [apps]
    libs = ([str(lib)] if lib else []) + [str(a) for a in apps]
    if not libs:
        return None
    crash_lib = _basename(libs[0])
    top = _owner(libs[0])
    func = facts.get("frame_func")
    parts = ["Only the tombstone's backtrace was pasted (no 'Fatal signal' / 'signal N (SIGxxx)' line): the process "
             "died in native code, and the first frame shown runs in " + crash_lib + (f" ({func})" if func else "")
             + (f" - {top[0]}." if top else ".")]
    others = sorted({_basename(x) for x in libs[1:]} - {crash_lib})
    if others:
        parts.append("Other app-shipped libraries on the stack: " + ", ".join(others) + ".")
    fix = ["Paste the whole crash from logcat (the 'Fatal signal' line, 'Abort message:' and the '#00 pc' frame) to know the signal and the top frame.",
           f"Symbolize the stack: ndk-stack -sym <dir with the unstripped {crash_lib}> < logcat.txt.",
           "In an inference runtime check the input buffer size/type against the model's input tensor, thread-safety and the runtime version the model was built for."]
    return Explanation(text=" ".join(parts), fix=tuple(fix),
                       derived={"crash_lib": crash_lib, "crash_kind": f"crash backtrace through {crash_lib}"})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("signal_name")
    if not sig:
        if facts.get("_signature") == "backtrace-frame":
            return _frames_only(facts)
        return None
    num, code, code_name = facts.get("signal_num"), facts.get("code"), str(facts.get("code_name") or "")
    addr = facts.get("fault_addr")
    frame0, func0 = facts.get("frame0_lib"), facts.get("frame0_func")
    apps = facts.get("app_lib") or []
    if isinstance(apps, str):
        apps = [apps]
    abort_msg = str(facts.get("abort_message") or "").strip().strip("'")
    cause = facts.get("cause")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}

    signal_txt = f"{sig}" + (f" ({code_name})" if code_name else "")
    parts.append(f"The process was killed by {signal_txt}: {_SIGNALS.get(sig, 'a fatal signal')}" + (f", pid {facts['pid']}" if facts.get("pid") else "") + ".")
    kind_short, addr_txt = ("", None)
    if sig in ("SIGSEGV", "SIGBUS"):
        kind_short, addr_txt = _addr_kind(code_name, addr)
        if addr_txt:
            parts.append(addr_txt)
    if cause:
        parts.append(f"debuggerd's guess: {cause}.")
    abort_fix = None
    if abort_msg:
        kind_short, sentence, abort_fix = _abort_kind(abort_msg)
        parts.append(sentence)

    # whose code: the top frame, or for libc/libc++/ART tops the first app-shipped library below it
    crash_lib, owner, okind = None, None, None
    top = _owner(frame0) if frame0 else None
    if frame0:
        where = _basename(frame0) + (f" ({func0})" if func0 else "")
        parts.append(f"Top frame (#00): {where}" + (f" - {top[0]}." if top else "."))
    if frame0 and (top is None or top[1] not in ("system", "runtime")):
        crash_lib = _basename(frame0)
        owner, okind = top if top else ("the app's own native code or an SDK it bundles" if ("/data/" in frame0 or ".apk!" in frame0) else "a system/vendor library", "app" if ("/data/" in frame0 or ".apk!" in frame0) else "vendor")
    else:
        for lib in apps:
            o = _owner(lib)
            if o and o[1] in ("system", "runtime"):
                continue
            crash_lib = _basename(lib)
            owner, okind = o if o else ("the app's own native code or an SDK it bundles", "app")
            break
        if crash_lib and frame0:
            parts.append(f"The first app-shipped library below it is {crash_lib} ({owner}): that is the code that "
                         + ("called abort()." if sig == "SIGABRT" else "was running (libc/ART only did the access on its behalf)."))
        elif frame0 and top:
            crash_lib, owner, okind = _basename(frame0), top[0], top[1]
    if crash_lib:
        derived["crash_lib"] = crash_lib
        derived["crash_owner"] = owner
    if okind == "ml":
        parts.append(_ML_HINT.format(owner=owner))
        fix.append(f"Check what you pass to {owner}: buffer sizes and dtypes equal to the model's input/output tensors, the "
                   "interpreter/session still open and used by one thread at a time, load/create return codes checked.")
        fix.append(f"If the inputs check out, upgrade {owner} to its latest release (model converted with the matching version) "
                   "and report the symbolized tombstone (ndk-stack) to its maintainers.")
    elif okind in ("gpu", "npu"):
        parts.append(f"The crash is in {owner} on this device - a vendor driver path, usually device- or driver-specific.")
        fix.append("Run the same model on the CPU backend (no GPU delegate/NNAPI, ncnn use_vulkan_compute=false, MNN CPU forward) "
                   "to confirm, and keep a CPU fallback for this device family; report device model and driver build upstream.")
    elif okind == "system" and owner and "ART" in owner:
        fix.append("ART aborted: look for 'JNI DETECTED ERROR IN APPLICATION' and fix the JNI usage it names.")
    elif okind == "ui":
        parts.append("The crash is in Android's UI/graphics stack, not in the ML runtime; the ML code is probably unrelated.")
    elif okind == "app":
        fix.append(f"{crash_lib} is shipped by the app: symbolize the stack (ndk-stack) against its unstripped copy and fix the access it makes.")
    if abort_fix:
        fix.insert(0, abort_fix)
    if kind_short == "ran off a buffer":
        fix.insert(0, "Size every buffer from the model (TFLite: getInputTensor(i).numBytes(); ONNX Runtime: the input's shape x "
                      "element size) and convert images to exactly the expected size, channels and dtype.")
    elif kind_short == "null pointer":
        fix.insert(0, "Check every load/create call (model load, createSession, load_param/load_model) and stop if it failed; "
                      "do not use the interpreter after close().")
    elif kind_short in ("corrupted pointer", "heap corruption", "MTE tag mismatch"):
        fix.insert(0, "Look for the earlier bad write: two threads using one interpreter, a buffer overrun in your JNI code; "
                      "reproduce with a HWASan build (or MTE on Pixel 8+).")
    elif sig == "SIGILL":
        fix.insert(0, "The library uses CPU instructions this phone lacks (ARMv8.2 dot-product/fp16/i8mm): use a build with "
                      "runtime CPU dispatch or the baseline armv8-a variant.")
    fix.append("Get the full picture: adb logcat -b crash -d (or adb bugreport / /data/tombstones) and symbolize it with "
               "ndk-stack -sym <unstripped libs dir>.")
    kind = signal_txt
    if kind_short:
        kind += f", {kind_short}"
    if crash_lib:
        kind += f" in {crash_lib}" + (f" ({owner})" if owner and owner not in crash_lib else "")
    derived["crash_kind"] = kind
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
