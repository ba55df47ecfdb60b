from __future__ import annotations

import pytest

import denpex
from denpex.attribution import comparable, from_line, from_path, merge, parse_time


@pytest.mark.parametrize(
    "line,kind,iso",
    [
        ("2024-05-01T10:00:00.250Z step 3", "absolute", "2024-05-01T10:00:00.250"),
        ("2024-05-01T12:00:00+02:00 x", "absolute", "2024-05-01T10:00:00.000"),
        ("2024-05-01 10:00:00,123 INFO x", "absolute", "2024-05-01T10:00:00.123"),
        ("[2024-05-01 10:00:00] [INFO] x", "absolute", "2024-05-01T10:00:00.000"),
        ("[rank0]:[E1203 10:22:33.123456789 ProcessGroupNCCL.cpp:616] x", "noyear", "12-03T10:22:33.123"),
        ("E1203 10:22:33.123456 4711 foo.cc:1] x", "noyear", "12-03T10:22:33.123"),
        ("ERROR 07-03 08:12:44 [serving_chat.py:200] x", "noyear", "07-03T08:12:44.000"),
        ("May  1 10:00:00 node-3 kernel: NVRM: Xid 79", "noyear", "05-01T10:00:00.000"),
        ("[12345.678901] NVRM: Xid (PCI:0000:3b:00): 79", "relative", "+12345.679s since boot"),
        ('{"timestamp": "1684486798"}', "absolute", "2023-05-19T08:59:58.000"),
    ],
)
def test_timestamp_formats(line, kind, iso):
    t = parse_time(line)
    assert t is not None and t.kind == kind and t.iso() == iso


def test_absolute_and_noyear_compare_on_month_day():
    a, b = parse_time("2024-12-03 10:22:30,000 x"), parse_time("E1203 10:22:33.000000 x")
    pair = comparable(a, b)
    assert pair is not None and pair[1] - pair[0] == pytest.approx(3.0)
    assert comparable(a, parse_time("[    5.000000] x")) is None


@pytest.mark.parametrize(
    "line,rank,local,host",
    [
        ("[rank3]: Traceback (most recent call last):", 3, None, None),
        ("[default2]:2024-01-01 00:00:00 INFO x", None, 2, None),
        ("[1,5]<stderr>: RuntimeError: x", 5, None, None),
        ("12: srun label line", 12, None, None),
        ("(RayWorkerWrapper pid=4242, ip=10.0.0.3) ERROR x", None, None, "10.0.0.3"),
        ("worker-3: [rank7]: RuntimeError: x", 7, None, "worker-3"),
        ("[PG ID 2 PG GUID 9 Rank 4] Exception (either an error or timeout) detected by watchdog", 4, None, None),
        ("  rank      : 1 (local_rank: 1)", 1, 1, None),
        ("gpu-node-7:12:34 [3] NCCL INFO Channel 00/0", None, None, "gpu-node-7"),
        ("[pod/llama-ft-worker-2-x7k2p/pytorch] [rank5]: RuntimeError: x", 5, None, "llama-ft-worker-2-x7k2p"),
        # DeepSpeed's launcher prints its LAST process's command whichever one failed: the line names no rank
        ("[2022-01-30 20:09:26,784] [ERROR] [launch.py:184:sigkill_handler] ['/env/bin/python', '-u', 'hf_zero_example.py', '--local_rank=1'] exits with return code = -9", None, None, None),
        # a LoRA adapter's rank is no process rank
        ("Merging rank 128 LoRA weights with alpha 64", None, None, None),
        ("peft: lora rank 16, alpha 32", None, None, None),
        ("Error on rank 2: boom", 2, None, None),
        # a suspected peer is not the process that printed the line
        ("gpu1:15:91 [0] NCCL WARN Your program may be hanging, this may be caused by a collective mismatch around rank 3.", None, None, "gpu1"),
    ],
)
def test_rank_and_host_from_line(line, rank, local, host):
    a = from_line(line)
    assert (a.rank, a.local_rank, a.host) == (rank, local, host)


@pytest.mark.parametrize(
    "path,rank,local,host",
    [
        ("logs/rank3.log", 3, None, None),
        ("run/node-2/rank_12.err", 12, None, "node-2"),
        ("logs/none_x/attempt_0/3/stderr.log", None, 3, None),
        ("job/worker-5.err", 5, None, None),
    ],
)
def test_rank_and_host_from_path(path, rank, local, host):
    a = from_path(path)
    assert (a.rank, a.local_rank, a.host) == (rank, local, host)


def test_local_rank_is_rank_on_a_single_node():
    assert merge(from_line("[default2]: x"), from_path("console.log")).rank == 2
    assert merge(from_line("[default2]: x"), from_path("node-1/console.log")).rank is None


WD = ("[rank{r}]:[E1203 10:22:{s:02d}.000000000 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught collective operation "
      "timeout: WorkNCCL(SeqNum={q}, OpType=ALLREDUCE, NumelIn=8, NumelOut=8, Timeout(ms)=600000) ran for 600010 "
      "milliseconds before timing out.")


def test_all_ranks_time_out_lagging_seqnum_is_suspect():
    log = "\n".join([WD.format(r=0, s=30, q=1580), WD.format(r=1, s=30, q=1580), WD.format(r=2, s=31, q=1579),
                     WD.format(r=3, s=30, q=1580)]) + "\n"
    d = denpex.diagnose(log)
    assert d.primary is not None and d.primary.suspect and d.primary.rank == 2
    assert "behind" in d.verdict


def test_silent_rank_is_suspect_when_others_time_out():
    log = "\n".join(["[rank3]:2024-12-03 10:10:00,000 INFO step 100 loss 1.0"]
                    + [WD.format(r=r, s=30, q=1580) for r in (0, 1, 2)]) + "\n"
    d = denpex.diagnose(log)
    assert d.primary is not None and d.primary.suspect and d.primary.rank == 3
    roles = {r.rank: r.role for r in d.ranks}
    assert roles == {0: "collateral", 1: "collateral", 2: "collateral", 3: "suspect"}


def test_rank_with_a_cut_off_traceback_is_not_the_silent_one():
    """A rank whose traceback starts but whose error line is cut off (or unknown) failed too: no
    rank is silent, so the rank that failed first stays the answer instead of a made-up suspect."""
    log = "\n".join([WD.format(r=0, s=30, q=1580), WD.format(r=1, s=31, q=1580),
                     "[rank2]: Traceback (most recent call last):",
                     '[rank2]:   File "/app/train.py", line 301, in <module>']) + "\n"
    d = denpex.diagnose(log)
    # rank 2 crashed (its exception line is cut off); the others' timeouts are what that caused
    assert d.primary is not None and d.primary.rank == 2 and d.primary.id == "python.unhandled-exception"
    assert d.primary.facts.get("cut") is True and not d.primary.suspect
    assert {r.rank: r.role for r in d.ranks} == {0: "collateral", 1: "collateral", 2: "initiating"}
    silent = denpex.diagnose("\n".join([WD.format(r=0, s=30, q=1580), WD.format(r=1, s=31, q=1580),
                                        "[rank2]:2024-12-03 10:10:00,000 INFO step 100 loss 1.0"]) + "\n")
    assert silent.primary.suspect and silent.primary.rank == 2


def test_launcher_cut_traceback_after_the_ranks_failed_is_not_a_new_root():
    """A launcher's own traceback, unprefixed and cut before its exception line, printed after its
    ranks failed (horovodrun, axolotl's CLI over accelerate) is that failure travelling up, not a
    root of its own; a rank's own cut traceback still is (test above)."""
    log = "\n".join([
        "[rank1]: Traceback (most recent call last):",
        '[rank1]:   File "/app/train.py", line 40, in <module>',
        "[rank1]: ValueError: batch size 0",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3/dist-packages/horovod/runner/launch.py", line 770, in run_commandline',
        "    _run(args)",
        '  File "/usr/lib/python3/dist-packages/horovod/runner/launch.py", line 760, in _run',
    ]) + "\n"
    d = denpex.diagnose(log)
    assert d.primary is not None and d.primary.rank == 1 and d.primary.facts.get("exception") == "ValueError"
    assert not any(f.facts.get("cut") and f.role == "root" for f in d.findings)


def test_clock_skew_makes_order_ambiguous(tmp_path):
    (tmp_path / "node-0").mkdir()
    (tmp_path / "node-1").mkdir()
    (tmp_path / "node-0" / "rank0.log").write_text(
        "2024-12-03 10:00:00,100 RuntimeError: CUDA error: an illegal memory access was encountered\n")
    (tmp_path / "node-1" / "rank1.log").write_text(
        "2024-12-03 10:00:00,900 RuntimeError: CUDA error: device-side assert triggered\n")
    d = denpex.diagnose(tmp_path)
    assert d.primary is not None and d.primary.rank == 0
    assert d.order_certain is False and "clock skew" in d.verdict


def test_torchelastic_error_file_is_first_class(tmp_path):
    p = tmp_path / "attempt_0" / "2"
    p.mkdir(parents=True)
    (p / "error.json").write_text(
        '{"message": {"message": "RuntimeError: mat1 and mat2 shapes cannot be multiplied (8x12 and 16x16)", '
        '"extraInfo": {"py_callstack": "Traceback (most recent call last):\\n  File \\"train.py\\", line 44, in main\\n'
        '    loss = (x @ w).pow(2).mean()\\nRuntimeError: mat1 and mat2 shapes cannot be multiplied (8x12 and 16x16)\\n", '
        '"timestamp": "1684486798"}}}')
    d = denpex.diagnose(tmp_path)
    assert d.primary is not None and d.primary.id == "torch.shape-mismatch"
    assert d.primary.rank == 2 and d.primary.time.startswith("2023-05-19T08:59:58")


def test_two_failure_summaries_the_earlier_failure_names_the_rank():
    """Two torchrun summaries in one log (two agents): the root cause that happened first wins,
    whichever summary was printed first."""
    def summary(when: str, rank: int, local: int) -> str:
        return ("torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n"
                "Root Cause (first observed failure):\n[0]:\n"
                f"  time      : 2023-06-03_{when}\n  host      : gpu187\n"
                f"  rank      : {rank} (local_rank: {local})\n  exitcode  : 1 (pid: 19401)\n")
    d = denpex.diagnose(summary("22:45:52", 0, 0) + summary("22:45:01", 4, 0))
    assert d.primary is not None and d.primary.rank == 4
    d = denpex.diagnose(summary("22:45:01", 4, 0) + summary("22:45:52", 0, 0))
    assert d.primary is not None and d.primary.rank == 4


def test_glog_stamp_with_unpadded_month_orders_ranks():
    """Recent PyTorch prints "E626 05:06:30.9" (June 26, month not zero-padded); the stamp must be
    read so that a timeout printed later but stamped earlier comes first."""
    from denpex.attribution import parse_time

    a, b = parse_time("[rank2]:[E626 05:06:30.929096625 ProcessGroupNCCL.cpp:632] x"), parse_time("[E0626 05:14:36.3 x")
    assert a is not None and b is not None and a.seconds < b.seconds
    assert parse_time("[E1206 18:44:12.715 x").seconds > b.seconds
    log = ("[rank7]:[E626 05:14:36.393067540 ProcessGroupNCCL.cpp:1743] [PG ID 0 PG GUID 0(default_pg) Rank 7] "
           "ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives.\n"
           + WD.format(r=2, s=30, q=120049).replace("E1203 10:22:30", "E626 05:06:30") + "\n")
    d = denpex.diagnose(log)
    assert d.primary is not None and d.primary.id == "nccl.watchdog-timeout" and d.primary.rank == 2


def test_rank_whose_progress_stopped_first_is_the_initiator_even_if_its_error_is_stamped_later():
    lines = []
    for sec in range(0, 36, 5):
        for r in range(4):
            if r == 3 and sec > 5:
                continue  # rank 3 stops making progress after 10:00:05
            lines.append(f"[rank{r}]:2024-12-03 10:00:{sec:02d},000 INFO step {sec} loss 1.0")
    lines.append("[rank3]:2024-12-03 10:00:06,000 INFO loading next shard")
    for r in range(3):
        lines += [f"[rank{r}]:2024-12-03 10:00:40,{r:03d} ERROR sync failed",
                  f"[rank{r}]: Traceback (most recent call last):",
                  f'[rank{r}]:   File "/app/train.py", line 50, in step',
                  f"[rank{r}]: SyncError: gave up waiting for its peers after 30 s"]
    lines += ["[rank3]:2024-12-03 10:00:55,000 ERROR shard read",
              "[rank3]: Traceback (most recent call last):",
              '[rank3]:   File "/app/data.py", line 12, in load',
              "[rank3]: ShardReadError: /data/shard-00017.arrow: read timed out"]
    d = denpex.diagnose("\n".join(lines) + "\n")
    assert d.primary is not None and d.primary.rank == 3
    assert d.primary.facts["exception"] == "ShardReadError"
    assert {r.rank: r.role for r in d.ranks}[3] == "initiating"


def test_folder_host_names_give_way_to_the_real_host_names_the_lines_print(tmp_path):
    for node, host, rank in (("node0", "gpu-a17", 0), ("node1", "gpu-b03", 1)):
        d = tmp_path / node
        d.mkdir()
        lines = [f"{host}:{1234 + rank}:{1234 + rank} [0] NCCL INFO comm 0x55 rank {rank} nranks 2 cudaDev 0 busId 1b000 - Init COMPLETE"]
        lines.append("[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB." if rank == 0 else WD.format(r=1, s=30, q=1580))
        (d / f"rank-{rank}.log").write_text("\n".join(lines) + "\n")
    d = denpex.diagnose([str(tmp_path)])
    assert d.primary is not None and d.primary.rank == 0 and d.primary.host == "gpu-a17"
    assert {r.rank: r.host for r in d.ranks} == {0: "gpu-a17", 1: "gpu-b03"}
    # two folders whose lines name the same machine keep their folder names (they tell the agents apart)
    for p in tmp_path.rglob("*.log"):
        p.write_text(p.read_text().replace("gpu-b03", "gpu-a17"))
    d = denpex.diagnose([str(tmp_path)])
    assert {r.rank: r.host for r in d.ranks} == {0: "node0", 1: "node1"}


def test_a_flood_of_one_pattern_keeps_its_first_and_last_matches_in_order() -> None:
    from denpex.attribution import KEEP_HEAD, KEEP_TAIL, attribute_hits
    from denpex.hits import Hit

    n = KEEP_HEAD + KEEP_TAIL + 3000
    hits = [Hit(7, "x.log", i + 1, f"[rank1]: WARNING retrying request {i}", {}, (f"[rank1]: step {i}",)) for i in range(n)]
    hits.insert(KEEP_HEAD + 10, Hit(9, "x.log", KEEP_HEAD + 10, "[rank1]: KeyError: 'input_ids'", {}))
    notes: list[str] = []
    out = attribute_hits(iter(hits), "x.log", notes)
    flood = [h for h, _, _ in out if h.rule == 7]
    assert len(flood) == KEEP_HEAD + KEEP_TAIL
    assert flood[0].line == 1 and flood[-1].line == n  # the end of the input is examined
    assert [h.line for h, _, _ in out] == sorted(h.line for h, _, _ in out)  # found order kept
    assert any(h.rule == 9 for h, _, _ in out)  # another pattern is never thinned by this one
    assert all(at.rank == 1 for _, at, _ in out)
    assert notes and "3,000 repeated matches" in notes[0]


def test_a_ray_repeat_is_dropped_only_when_its_first_copy_is_in_the_log() -> None:
    from denpex.attribution import attribute_hits
    from denpex.hits import Hit

    first = "(WorkerDict pid=23189) Invalid handle. Cannot load symbol cublasLtGetVersion"
    repeat = "(WorkerDict pid=23190) Invalid handle. Cannot load symbol cublasLtGetVersion [repeated 7x across cluster]"
    both = attribute_hits(iter([Hit(5, "x.log", 1, first, {}), Hit(5, "x.log", 9, repeat, {})]), "x.log")
    assert [h.line for h, _, _ in both] == [1]  # the repeat is no new event
    # a paste that starts after the first copy: the repeat is all there is of that failure
    alone = attribute_hits(iter([Hit(5, "x.log", 9, repeat, {})]), "x.log")
    assert [h.line for h, _, _ in alone] == [9]
    # another line's first copy does not stand for it
    other = attribute_hits(iter([Hit(5, "x.log", 1, "(WorkerDict pid=1) Invalid handle. Cannot load symbol cublasLtCreate", {}),
                                 Hit(5, "x.log", 9, repeat, {})]), "x.log")
    assert [h.line for h, _, _ in other] == [1, 9]


def test_a_noisy_log_still_ends_in_its_failure_with_bounded_hits() -> None:
    lines = [f"WARNING retrying request {i}: ConnectionResetError: [Errno 104] Connection reset by peer" for i in range(30_000)]
    lines += ["Traceback (most recent call last):", '  File "train.py", line 9, in <module>', "FooError: the planted failure"]
    d = denpex.diagnose("\n".join(lines) + "\n")
    assert d.primary is not None and "FooError" in d.primary.message + str(d.primary.facts)
    assert any("repeated matches were counted" in n for f in d.inputs.files for n in f.notes)


def test_slurmstepd_prefix_names_the_node_after_the_dash() -> None:
    d = denpex.diagnose(
        "slurmstepd-falkor7: error: Detected 1 oom_kill event in StepId=123.0. Some of your processes may have been killed by the cgroup out-of-memory handler.\n"
    )
    assert d.primary is not None and d.primary.host == "falkor7"


def test_a_failed_rank_named_by_the_signature_becomes_the_findings_rank():
    """Paddle's launcher names the aborted trainer ("rank=[3]"): that rank is the failure's, a list of
    several is not one rank."""
    from denpex import diagnose

    one = ("ERROR 2021-05-24 17:17:14,611 launch_utils.py:545] ABORT!!! Out of all 4 trainers, the trainer process "
           "with rank=[3] was aborted. Please check its log.\n")
    d = diagnose(one)
    assert d.primary is not None and d.primary.id == "paddle.launch-trainer-aborted" and d.primary.rank == 3
    two = one.replace("rank=[3]", "rank=[1, 3]")
    d = diagnose(two)
    assert d.primary is not None and d.primary.rank is None


def test_rust_backtrace_frame_numbers_are_not_srun_labels():
    """'   0: rust_begin_unwind' is a Rust backtrace frame, not srun --label's task 0."""
    log = "\n".join([
        "thread 'main' panicked at src/lib.rs:10:5:",
        "called `Option::unwrap()` on a `None` value",
        "stack backtrace:",
        "   0: rust_begin_unwind",
        "             at /rustc/07dca489ac2d933c78d3c5158e3f43beefeb02ce/library/std/src/panicking.rs:645:5",
        "   1: core::panicking::panic_fmt",
        "   2: <tokenizers::models::bpe::BPE as tokenizers::tokenizer::Model>::tokenize",
    ]) + "\n"
    d = denpex.diagnose(log)
    assert d.ranks == [] or all(r.rank is None for r in d.ranks)
    assert d.primary is not None and d.primary.rank is None
    assert from_line("0: Traceback (most recent call last):").rank == 0  # srun --label still is


def test_a_source_listing_line_number_is_not_an_srun_label():
    """'    320: esm.pretrained.esm2_t6_8M_UR50D()' under a traceback frame is a listing's line number, indented
    past any width srun --label pads to; ' 3: ...' (padded among 10+ tasks) is still task 3."""
    assert from_line("    320: esm.pretrained.esm2_t6_8M_UR50D()").rank is None
    assert from_line(" 3: KeyError: 5").rank == 3
    assert from_line("  12: RuntimeError: x").rank == 12
    assert from_line("12345: RuntimeError: x").rank == 12345


def test_numbered_lists_are_not_srun_labels():
    """R prints its traceback as " 1: f()" .. " 6: g()" and its crash menu as "1: abort ..": items of a numbered
    list (numbers stepping up by one, each once), not srun --label's tasks 1-6; a finding on a frame is no rank's."""
    log = "\n".join([
        " *** caught segfault ***",
        "address 0x18, cause 'memory not mapped'",
        "Traceback:",
        " 1: .Call(`_torch_cpp_torch_tensor`, x, options)",
        " 2: torch_tensor_cpp(data, dtype, device, requires_grad, pin_memory)",
        " 3: Tensor$new(data, dtype, device, requires_grad, pin_memory)",
        " 4: stop(\"Error in cpp_tensor: RuntimeError: expected scalar type Float but found Double\")",
        "An irrecoverable exception occurred. R is aborting now ...",
        "Possible actions:",
        "1: abort (with core dump, if enabled)",
        "2: normal R exit",
        "3: exit R without saving workspace",
        "Selection: ",
    ]) + "\n"
    d = denpex.diagnose(log)
    assert d.primary is not None
    assert [r.rank for r in d.ranks if r.rank is not None] == []
    assert all(f.rank is None for f in d.findings)


def test_srun_labels_stay_ranks_beside_a_numbered_list():
    """Where a task printed lines in a row ("1: ..." twice) the "N: " prefixes are srun --label's: every line
    keeps its task, even the ones that step up by one."""
    log = "\n".join([
        "0: step 10 loss 2.1",
        "1: step 10 loss 2.2",
        "1: Traceback (most recent call last):",
        "1:   File \"train.py\", line 9, in <module>",
        "1: KeyError: 'label'",
        "srun: error: node7: task 1: Exited with exit code 1",
    ]) + "\n"
    d = denpex.diagnose(log)
    assert d.primary is not None and d.primary.rank == 1
    assert {r.rank for r in d.ranks} >= {0, 1}


def test_a_lone_high_number_prefix_is_no_rank():
    """'500: Sandbox failed to start within 120s: ...' (OpenHands' UI shows the HTTP status first) is the only
    "N: " line of the log: srun --label would have put task 500's id on the lines it printed before too."""
    log = "\n".join([
        "Starting conversation...",
        "500: Sandbox failed to start within 120s: oh-agent-server-4kq2",
    ]) + "\n"
    d = denpex.diagnose(log)
    assert d.primary is not None and d.primary.rank is None
    assert [r.rank for r in d.ranks if r.rank is not None] == []


def test_a_high_task_id_labelled_on_every_line_stays_a_rank():
    """Task 123 of a big srun --label job prints its traceback with the label on every line: still task 123."""
    log = "\n".join([
        "123: Traceback (most recent call last):",
        "123:   File \"train.py\", line 9, in <module>",
        "123: KeyError: 'label'",
        "srun: error: node7: task 123: Exited with exit code 1",
    ]) + "\n"
    d = denpex.diagnose(log)
    assert d.primary is not None and d.primary.rank == 123


@pytest.mark.parametrize(
    "line, bare",
    [
        ("[rank3]: Traceback (most recent call last):", "Traceback (most recent call last):"),
        ("[rank3]:   File \"x.py\", line 1", "  File \"x.py\", line 1"),
        ("(RayTrainWorker pid=12, ip=10.0.0.3) AssertionError: x", "AssertionError: x"),
        ("[1,2]<stderr>:AssertionError: x", "AssertionError: x"),
        ("node-2: [rank5]: x", "x"),
        ("[default0]:[rank0]: y", "y"),
        ("0: srun task line", "srun task line"),
        ("plain line", "plain line"),
        ("  indented", "  indented"),
    ],
)
def test_strip_prefixes(line, bare):
    from denpex.attribution import strip_prefixes

    assert strip_prefixes(line) == bare


@pytest.mark.parametrize("prefix", ["[1,2]<stderr>:", "3: ", "[rank3]: ", "(RayTrainWorker pid=1234, ip=10.0.0.3) "])
def test_a_context_written_for_the_bare_message_holds_under_a_launcher_prefix(prefix):
    """An entry whose context line is anchored at the message start ('^\\s*assert ...' under the
    AssertionError) still finds it when every line carries a launcher's rank prefix."""
    from pathlib import Path

    sample = Path(denpex.__file__).parent / "kb" / "python" / "python.assertion-error-user.llama-world-size.log"
    body = "\n".join(l for l in sample.read_text().splitlines() if not l.startswith("#!"))
    d = denpex.diagnose("\n".join(prefix + l for l in body.splitlines()) + "\n")
    assert d.primary is not None and d.primary.id == "python.assertion-error-user"
