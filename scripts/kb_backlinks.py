"""Add missing back-links: if A lists B in `related`, make B list A. Edits YAML text in place
(appends to the `related:` flow list), keeping the rest of each file as written.

    python scripts/kb_backlinks.py [pairs.txt]

pairs.txt (optional): lines "A B" of entries to relate both ways (new cross-links between groups)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

KB = Path(__file__).resolve().parents[1] / "src" / "denpex" / "kb"


def main() -> int:
    files = {p.stem: p for p in KB.rglob("*.yaml")}
    related = {eid: list(yaml.safe_load(p.read_text()).get("related") or []) for eid, p in files.items()}
    changed = 0
    if len(sys.argv) > 1:
        for line in Path(sys.argv[1]).read_text().splitlines():
            if line.split() and not line.startswith("#"):
                a, b = line.split()[:2]
                if a not in related or b not in related:
                    print(f"unknown id in pair: {line}", file=sys.stderr)
                    return 1
                if b not in related[a]:
                    related[a].append(b)
                    changed += 1
    for a, rel in related.items():
        for b in rel:
            if b in related and a not in related[b] and b != a:
                related[b].append(a)
                changed += 1
    for eid, p in files.items():
        text = p.read_text()
        new = "related: [" + ", ".join(related[eid]) + "]"
        m = re.search(r"^related:.*?(?=^\S)", text, flags=re.M | re.S)
        if m:
            text = text[: m.start()] + new + "\n" + text[m.end():]
        else:
            text = text.rstrip("\n") + "\n" + new + "\n"
        if yaml.safe_load(text).get("related") != related[eid]:
            print(f"could not rewrite {p}", file=sys.stderr)
            return 1
        if text != p.read_text():  # only the files that change: others may be open in an editor or another session
            p.write_text(text)
    print(f"added {changed} back-links")
    return 0


if __name__ == "__main__":
    sys.exit(main())
