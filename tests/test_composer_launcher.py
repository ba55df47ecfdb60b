"""MosaicML Composer's launcher (``composer -n N train.py``): its records of which rank crashed and the
per-rank output blocks it prints (wording and layout from composer/cli/launcher.py). Composer needs
torchvision and torchmetrics pinned to older torch releases than the CPU torch the suite installs,
so its output is built here in its exact layout rather than produced by a run."""

from __future__ import annotations

from denpex import diagnose

KEYERROR = [
    "Traceback (most recent call last):",
    '  File "/home/u/llm-foundry/scripts/train/train.py", line 210, in <module>',
    "    main(cfg)",
    '  File "/home/u/llm-foundry/scripts/train/train.py", line 121, in main',
    "    tokenizer = build_tokenizer(cfg['tokenizer'])",
    "KeyError: 'tokenizer'",
]
WAITING = [
    '  File "/home/u/.venv/lib/python3.10/site-packages/streaming/base/util.py", line 49, in wait_for_file_to_exist',
    "    raise RuntimeError(f'{err_msg}, bailing out: ' + f'{timeout:.3f} < {dt:.3f} sec.')",
    "RuntimeError: Waiting for local rank 0, bailing out: 60.000 < 60.055 sec.",
]


def _run(crashed: int, killed: list[int], stderr: list[str]) -> str:
    lines = [
        "[batch=1/4800]: Train time/epoch: 0",
        "[batch=2/4800]: Train time/epoch: 0",
        f"ERROR:composer.cli.launcher:Rank {crashed} crashed with exit code 1.",
        "Waiting up to 30 seconds for all training processes to terminate. Press Ctrl-C to exit immediately.",
        f"Global rank {crashed} (PID 41{crashed}07) exited with code 1",
        f"----------Begin global rank {crashed} STDOUT----------",
        "Initializing model...",
        f"----------End global rank {crashed} STDOUT----------",
        f"----------Begin global rank {crashed} STDERR----------",
        *stderr,
        f"----------End global rank {crashed} STDERR----------",
    ]
    lines += [f"ERROR:composer.cli.launcher:Global rank {k} (PID 41{k}07) exited with code -15" for k in killed[:1]]
    return "\n".join(lines) + "\n"


def test_the_crashed_rank_block_names_rank_and_error() -> None:
    d = diagnose(_run(2, [0, 1, 3], KEYERROR))
    assert d.primary is not None and d.primary.id == "python.key-error"
    assert d.primary.rank == 2
    summary = next(f for f in d.findings if f.id == "dist.child-failed-summary" and f.facts.get("root_rank") is not None)
    assert summary.facts["root_rank"] == 2 and summary.role == "collateral"
    assert "Composer launcher" in summary.message


def test_a_message_that_names_another_rank_stays_on_the_block_rank() -> None:
    """A rank-1 error that says "Waiting for local rank 0" is rank 1's, not rank 0's (held-out g028)."""
    d = diagnose(_run(1, [0], WAITING))
    assert d.primary is not None and d.primary.rank == 1
    assert "bailing out" in d.primary.evidence[0].text


def test_a_paste_that_starts_inside_the_block() -> None:
    """Only the End marker is left: the lines above it are still the block's rank's."""
    log = "\n".join([*WAITING, "----------End global rank 1 STDERR----------",
                     "ERROR:composer.cli.launcher:Global rank 0 (PID 1003409) exited with code -15"]) + "\n"
    d = diagnose(log)
    assert d.primary is not None and d.primary.rank == 1
    killed = next(f for f in d.findings if f.id == "dist.child-failed-summary")
    assert killed.facts.get("exited_rank") == 0 and "SIGTERM" in killed.explanation


def test_markers_alone_attribute_nothing_outside_the_block() -> None:
    log = "\n".join([
        "Traceback (most recent call last):",
        '  File "train.py", line 3, in <module>',
        "ValueError: bad config",
        "----------Begin global rank 3 STDOUT----------",
        "step 1",
        "----------End global rank 3 STDOUT----------",
    ]) + "\n"
    d = diagnose(log)
    assert d.primary is not None and d.primary.rank != 3
