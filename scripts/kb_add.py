"""Maintainer helper: append a signature (and its facts) to an entry and write its sample log.

    python scripts/kb_add.py spec.yaml

spec.yaml: a list of {entry, signature: {...}, facts: {name: type}, sample: {label, facts, source, body}}.
The entry YAML is edited as text (appended at the end of its `signatures:` list) so that comments
and layout stay as written; the result is validated with the entry schema before it is saved.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

from denpex.entry import Entry

KB = Path(__file__).resolve().parents[1] / "src" / "denpex" / "kb"


def _flow(v: object) -> str:
    return yaml.safe_dump(v, default_flow_style=True, width=10_000, allow_unicode=True).strip()


def add(spec: dict) -> None:
    path = next(KB.rglob(f"{spec['entry']}.yaml"))
    text = path.read_text()
    sig = spec["signature"]
    block = yaml.safe_dump([sig], sort_keys=False, width=10_000, allow_unicode=True)
    block = "".join("  " + ln + "\n" for ln in block.splitlines())
    m = re.search(r"^signatures:\n(.*?)(?=^\S)", text, flags=re.M | re.S)
    assert m, path
    text = text[: m.end(1)] + block + text[m.end(1) :]
    facts = spec.get("facts") or {}
    declared = yaml.safe_load(text).get("facts") or {}
    new = {k: v for k, v in facts.items() if k not in declared}
    if new:
        add_lines = "".join(f"  {k}: {v}\n" for k, v in new.items())
        if re.search(r"^facts:\n", text, flags=re.M):
            text = re.sub(r"^facts:\n", "facts:\n" + add_lines, text, count=1, flags=re.M)
        else:
            text = re.sub(r"^signatures:\n", "facts:\n" + add_lines + "signatures:\n", text, count=1, flags=re.M)
    Entry.model_validate(yaml.safe_load(text))
    path.write_text(text)
    s = spec["sample"]
    head = ["#! expect: match", f"#! signature: {sig['id']}"]
    if s.get("facts"):
        head.append(f"#! facts: {_flow(s['facts'])}")
    head.append(f"#! source: {s['source']}")
    target = path.parent / f"{spec['entry']}.{s['label']}.log"
    if target.exists():
        raise SystemExit(f"{target} exists: choose another sample label")
    target.write_text("\n".join(head) + "\n" + s["body"].rstrip("\n") + "\n")
    print(f"added {spec['entry']}:{sig['id']}")


if __name__ == "__main__":
    for spec in yaml.safe_load(Path(sys.argv[1]).read_text()):
        add(spec)
