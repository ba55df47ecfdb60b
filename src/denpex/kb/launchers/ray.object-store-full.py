"""Computed diagnosis for ray.object-store-full: the object's size against the store's capacity."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    size = facts.get("object_size")
    cap = facts.get("capacity")
    if not isinstance(size, int):
        return Explanation(text="Ray's object store could not make room for a new object: everything in it is still referenced.",
                           fix=("ray memory --stats-only  # what pins the store",))
    derived: dict[str, Any] = {"object_size_human": fmt_bytes(size)}
    if isinstance(cap, int) and cap > 0:
        derived["capacity_human"] = fmt_bytes(cap)
        derived["size_over_capacity"] = round(size / cap, 2)
        if size > cap:
            need = size * 1.25
            return Explanation(
                text=(f"A single object of {fmt_bytes(size)} is larger than the whole object store ({fmt_bytes(cap)}, "
                      f"{size / cap:.1f}x): it can never be stored, whatever is evicted or spilled."),
                fix=(f"ray start --object-store-memory={int(need)}  # >= {fmt_bytes(need)} (object + 25%); or ray.init(object_store_memory=...)",
                     "In containers give /dev/shm at least that much (docker --shm-size, emptyDir medium: Memory with sizeLimit)",
                     "Or split the object (shard the dataframe/array, save to storage and pass paths)"),
                derived=derived)
        return Explanation(
            text=(f"The {fmt_bytes(size)} object fits in the {fmt_bytes(cap)} store ({100 * size / cap:.1f}% of it), but the store is full "
                  "of objects that are still referenced and could not be spilled in time."),
            fix=("ray memory --stats-only; ray memory --group-by STACK_TRACE  # who holds references",
                 "Consume results with ray.wait instead of keeping every ObjectRef; del refs no longer needed",
                 "Pass shared inputs once via ray.put and the ObjectRef instead of by value"),
            derived=derived)
    return Explanation(
        text=f"Ray could not store a {fmt_bytes(size)} object: the object store is full of referenced objects (or smaller than the object).",
        fix=("ray status  # object_store_memory per node, compare with the object size",
             "ray memory --stats-only  # what pins the store"),
        derived=derived)
