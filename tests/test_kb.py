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


def test_a_stray_sample_file_is_a_lint_and_test_failure_not_a_broken_engine(tmp_path):
    """A misnamed sample in a knowledge-base folder (a team folder, a half-written file) is reported by
    kb lint and kb test; diagnosing with that knowledge base still works."""
    import shutil
    from pathlib import Path

    import denpex
    from denpex.kbcheck import kb_test
    from denpex.knowledge import KB_DIR, load_kb

    shutil.copytree(Path(KB_DIR) / "python", tmp_path / "python")
    (tmp_path / "python" / "nosuch.entry.log").write_text("#! expect: match\nx\n")
    kb = load_kb(tmp_path)
    assert kb.problems and "nosuch.entry.log" in kb.problems[0]
    res = kb_test(tmp_path)
    assert any("nosuch.entry.log" in f for f in res.failed) and res.passed
    d = denpex.diagnose("Traceback (most recent call last):\n  File \"t.py\", line 1\nKeyError: 'x'\n", kb_dir=tmp_path)
    assert d.primary is not None


def test_a_veto_context_keeps_a_wrapper_wording_off_a_cause_another_entry_owns(tmp_path):
    """A signature's `veto` context: NCCL's internal error whose "Last error" is a peer that closed the
    connection is the remote failure (nccl.remote-error), not an internal check; without that detail
    line the internal error stands. A context cannot be both required and a veto."""
    import denpex
    from pydantic import ValidationError

    from denpex.entry import Context

    wrapper = ("[rank1]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
               "ProcessGroupNCCL.cpp:1275, internal error, NCCL version 2.14.3\n[rank1]: ncclInternalError: Internal check failed.\n"
               "[rank1]: Last error:\n")
    d = denpex.diagnose(wrapper + "[rank1]: Net : Connection closed by remote peer node07<43236>\n")
    assert [f.id for f in d.findings if f.id.startswith("nccl.")] == ["nccl.remote-error"]
    d = denpex.diagnose(wrapper + "[rank1]: Attribute busid of node nic not found\n")
    assert d.primary is not None and d.primary.id == "nccl.internal-error"
    with pytest.raises(ValidationError):
        Context(pattern="x", after=1, required=True, veto=True)


def test_a_signature_source_that_is_not_a_url_is_refused_with_the_file_named(tmp_path):
    """The encyclopedia links each signature's source: prose there rendered as a broken relative link
    (the clean-clone CI on 7aff548). Loading refuses it and names the file."""
    import shutil
    from pathlib import Path

    import yaml

    from denpex.knowledge import KB_DIR, KnowledgeBaseError

    shutil.copytree(Path(KB_DIR) / "python", tmp_path / "python")
    path = next(p for p in sorted((tmp_path / "python").glob("*.yaml")) if "signatures:" in p.read_text())
    doc = yaml.safe_load(path.read_text())
    doc["signatures"][0]["source"] = "Xcode 15 linker output quoted in a thread"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(KnowledgeBaseError) as err:
        load_kb(tmp_path)
    assert path.name in str(err.value) and "source" in str(err.value)
    doc["signatures"][0]["source"] = "https://github.com/llvm/llvm-project/issues/1"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    assert load_kb(tmp_path).entries


def test_lint_names_a_signature_that_is_slow_to_compile(tmp_path, monkeypatch):
    """A pattern Hyperscan takes long to compile (one took 84 s alone and made the full-regex database
    take minutes) is a lint problem naming the signature; the limit is lowered here so that any
    pattern trips it, which shows the check runs with the flags the scanner uses."""
    import shutil
    from pathlib import Path

    pytest.importorskip("hyperscan")
    import denpex.kbcheck as kbcheck
    from denpex.knowledge import KB_DIR

    shutil.copytree(Path(KB_DIR) / "toolchain", tmp_path / "toolchain")
    monkeypatch.setattr(kbcheck, "HS_COMPILE_LIMIT_S", -1.0)
    res = kbcheck.kb_lint(tmp_path, require_taxonomy=False, timing=False)
    slow = [f for f in res.failed if "to compile in Hyperscan" in f]
    assert any("lnk1104-german" in f for f in slow), slow[:3]


def test_the_taxonomy_has_each_group_and_id_once_and_every_entry_is_in_it(tmp_path):
    """A group name appended twice to the taxonomy would make plain YAML keep only the second block
    (the first block's ids silently gone from the contract): the loader refuses it, naming the line."""
    import pytest

    from denpex.knowledge import KnowledgeBaseError

    tax = load_taxonomy()
    assert set(tax) == set(load_kb().entries)
    twice = tmp_path / "taxonomy.yaml"
    twice.write_text("native:\n  a.one: {role: root, what: x}\nother:\n  b.two: {role: root, what: y}\nnative:\n  c.three: {role: root, what: z}\n")
    with pytest.raises(KnowledgeBaseError, match="line 5: 'native' appears twice"):
        load_taxonomy(twice)
    again = tmp_path / "ids.yaml"
    again.write_text("native:\n  a.one: {role: root, what: x}\nother:\n  a.one: {role: root, what: y}\n")
    with pytest.raises(KnowledgeBaseError, match="'a.one' is in group 'native' and in 'other'"):
        load_taxonomy(again)


def test_a_samples_derived_header_is_checked_against_what_the_explain_function_computes():
    """'#! derived: {...}' asserts the facts an entry's explain function computes (the pip distribution of a
    missing module), not only what its regex extracts: a wrong value or a fact it never computes fails."""
    import dataclasses

    sample = next(s for s in KB.entries["python.missing-module"].samples if s.facts.get("module") == "cv2")
    assert run_sample(dataclasses.replace(sample, derived={"distribution": "opencv-python"})) == []
    wrong = run_sample(dataclasses.replace(sample, derived={"distribution": "opencv-python-headless"}))
    assert wrong and "derived fact 'distribution'" in wrong[0]
    missing = run_sample(dataclasses.replace(sample, derived={"gpu_name": "T4"}))
    assert missing and "not computed" in missing[0]
