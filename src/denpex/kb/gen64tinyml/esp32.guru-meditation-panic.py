"""Computed diagnosis for esp32.guru-meditation-panic: what the panic reason, the faulting
address and a corrupted backtrace say about the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NULL_LIMIT = 0x1000  # a null pointer plus a struct field offset


def _addr(v: Any) -> int | None:
    try:
        return int(str(v), 16)
    except (TypeError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = facts.get("task")
    if task:
        what = f"ESP32 FreeRTOS task '{task}' overflowed its stack"
        text = (f"The stack overflow check caught task '{task}' writing past its stack. Interpreter objects, op resolvers "
                "and audio/image buffers declared as locals quickly exceed the default stack sizes.")
        fix = (f"Give '{task}' a larger stack (xTaskCreate stack depth, or CONFIG_ESP_MAIN_TASK_STACK_SIZE for main), "
               "and make the tensor arena and large buffers static or heap-allocated.",)
        return Explanation(text=text, fix=fix, derived={"what": what})
    reason = str(facts.get("reason") or "unknown reason").strip()
    core = facts.get("core")
    excv = _addr(facts.get("excvaddr"))
    pc = _addr(facts.get("pc"))
    corrupted = bool(facts.get("corrupted"))
    low = reason.lower()
    fix: list[str] = []
    if low in ("loadprohibited", "storeprohibited", "load access fault", "store access fault"):
        access = "write" if "store" in low else "read"
        if excv is not None and excv < _NULL_LIMIT:
            cause = f"null pointer {access} (address 0x{excv:08x})"
            fix.append("Find the pointer with the decoded backtrace; check AllocateTensors(), interpreter->input()/output(), malloc / ring buffer handles for NULL before use.")
        else:
            cause = f"{access} of an invalid address" + (f" 0x{excv:08x}" if excv is not None else "")
            fix.append("An invalid (freed, overrun or uninitialised) pointer was used: decode the backtrace and check the buffer sizes around it.")
    elif low in ("instrfetchprohibited", "instructionfetcherror", "illegalinstruction", "illegal instruction", "instruction access fault"):
        if pc == 0:
            cause = "jump to address 0 (a null function pointer or a smashed return address)"
        else:
            cause = "jump to a non-executable address (corrupted function pointer or return address)"
        fix.append("Raise the stack of the task running inference (8-32 KB) and move large locals off the stack; check that op resolvers and interpreters outlive their use.")
    elif low.startswith("cache disabled"):
        cause = "flash or PSRAM accessed while the cache was disabled"
        fix.append("Put ISR/callback code in IRAM (IRAM_ATTR) with DRAM data, and avoid flash writes while inference or ISRs read flash-mapped data; a too-small task stack can also end here.")
    elif "wdt" in low or "watchdog" in low:
        cause = "a watchdog expired (code ran too long with interrupts off or without yielding)"
        fix.append("Run inference in its own task, yield between long steps, or raise the watchdog timeout.")
    elif low == "loadstorealignment":
        cause = "an unaligned memory access"
        fix.append("Align buffers (alignas(16) for the tensor arena) and avoid casting byte buffers to wider types at odd offsets.")
    else:
        cause = reason
    if corrupted:
        fix.append("The backtrace is CORRUPTED: the stack was overwritten - suspect a stack overflow first (enable CONFIG_FREERTOS_WATCHPOINT_END_OF_STACK).")
    fix.append("Decode the backtrace with the ELF: idf.py monitor, or xtensa-esp32-elf-addr2line -pfiaC -e build/<app>.elf <addresses>.")
    on = f" on core {core}" if core not in (None, "/") else ""
    what = f"ESP32 panic ({reason}){on}: {cause}"
    text = (f"The CPU raised {reason}{on} and the ESP-IDF panic handler rebooted the chip: {cause}."
            + (" The backtrace is corrupted, so the stack frames were overwritten." if corrupted else ""))
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
