"""Computed diagnosis for storage.filename-too-long: the longest component against NAME_MAX."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NAME_MAX = 255
_ECRYPTFS_MAX = 143
_PATH_MAX = 4096


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    if not path:
        return Explanation(text="A path component exceeded the filesystem's name limit (255 bytes on most Linux filesystems).",
                           fix=("Shorten or hash generated file/directory names (name[:100] + '-' + sha1(name)[:8]).",))
    comps = [c for c in path.split("/") if c]
    longest = max(comps, key=lambda c: len(c.encode()), default="")
    nbytes = len(longest.encode())
    total = len(path.encode())
    derived: dict[str, Any] = {"longest_component_bytes": nbytes, "path_bytes": total, "components": len(comps)}
    preview = longest[:60] + ("..." if len(longest) > 60 else "")
    looks_like_data = longest.startswith(("[", "(", "{", "array(", "tensor(")) or "\\n" in longest
    if nbytes > _NAME_MAX:
        text = f"The component '{preview}' is {nbytes} bytes, over the 255-byte limit per name ({nbytes - _NAME_MAX} bytes too long)."
    elif nbytes > _ECRYPTFS_MAX:
        text = (f"The longest component is {nbytes} bytes: under 255 but over 143, the limit of eCryptfs-encrypted home directories; "
                "the path is probably on such a home.")
        derived["likely_ecryptfs"] = True
    elif total > _PATH_MAX:
        text = f"The whole path is {total} bytes, over PATH_MAX (4096), across {len(comps)} components."
    else:
        text = f"The path's longest component is {nbytes} bytes; the filesystem here has a lower name limit than 255."
    fix = []
    if looks_like_data:
        text += " The name looks like data (an array or list printed as text) passed where a file path was expected."
        fix.append("Pass the object itself (or a real file path) to the function, not its string representation.")
    repeated = len(comps) - len(set(comps))
    if repeated >= 4:
        text += f" {repeated} components repeat: the output directory is being nested inside itself."
        fix.append("Exclude the output directory from the tree being copied/scanned (recursive nesting).")
    fix.append("Shorten generated names: name[:100] + '-' + hashlib.sha1(name.encode()).hexdigest()[:8]; keep the full text in a JSON file")
    fix.append("getconf NAME_MAX <parent dir>  # the limit of that filesystem")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
