"""Every co-located sample log runs through the real engine; every entry passes lint."""

from __future__ import annotations

import pytest

from denpex.kbcheck import kb_lint, run_sample
from denpex.knowledge import load_kb, load_taxonomy

KB = load_kb()
SAMPLES = [s for loaded in KB for s in loaded.samples]


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.path.name for s in SAMPLES])
def test_sample(sample):
    assert run_sample(sample) == []


def test_lint_clean():
    res = kb_lint()
    assert res.failed == []


def test_every_taxonomy_id_has_an_entry_with_its_role():
    tax = load_taxonomy()
    for tid, meta in tax.items():
        assert tid in KB.entries, tid
        assert KB.entries[tid].entry.role == meta["role"], tid


def test_every_entry_has_positive_and_negative_samples():
    for loaded in KB:
        kinds = {s.expect for s in loaded.samples}
        assert kinds == {"match", "no-match"}, loaded.entry.id
