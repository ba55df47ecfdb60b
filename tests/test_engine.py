from __future__ import annotations

import json

import pytest

import denpex
from denpex import diagnose

SEED = (
    "ValueError: This model's maximum context length is 4096 tokens, however you requested 5120 tokens "
    "(4608 in your prompt; 512 for the completion). Reduce max_model_len or the prompt length.\n"
)


def test_seed_line_diagnosed_with_numbers():
    d = diagnose(SEED)
    assert d.primary is not None
    assert d.primary.id == "vllm.context-length-exceeded"
    f = d.primary.facts
    assert (f["max_model_len"], f["prompt_tokens"], f["completion_tokens"]) == (4096, 4608, 512)
    assert "4608 prompt + 512 completion = 5120 tokens > 4096" in d.primary.explanation
    assert any("3584" in fx for fx in d.primary.fix)  # 4096 - 512
    assert d.primary.evidence[0].line == 1
    assert d.exit_code == 1


def test_cli_json_on_seed(cli):
    r = cli("diagnose", "--json", "-", input=SEED.encode())
    assert r.returncode == 1, r.stderr
    out = json.loads(r.stdout)
    assert out["primary"]["id"] == "vllm.context-length-exceeded"
    assert out["primary"]["facts"]["max_model_len"] == 4096
    assert out["primary"]["facts"]["prompt_tokens"] == 4608
    assert out["primary"]["facts"]["completion_tokens"] == 512
    assert out["inputs"]["files"][0]["lines"] == 1


def test_clean_log_exits_zero(cli):
    r = cli("diagnose", "-", input=b"INFO step 1 loss 2.3\nINFO step 2 loss 2.1\n")
    assert r.returncode == 0
    assert b"No failure found" in r.stdout


def test_missing_path_is_usage_error(cli):
    r = cli("diagnose", "/nonexistent/file.log")
    assert r.returncode == 2
    assert b"no such file" in r.stderr
    assert b"Traceback" not in r.stderr


def test_unknown_failure_is_summarised_honestly():
    log = "\n".join(
        ["INFO starting"]
        + [f"WARNING frobnicator queue depth {i}" for i in range(50)]
        + [
            "Traceback (most recent call last):",
            '  File "train.py", line 3, in <module>',
            "    main()",
            "FrobnicatorError: the widget quantum flux was 17 (expected < 5)",
        ]
        + [f"ERROR widget {i} failed to sync with shard {i % 3}" for i in range(300)]
    ) + "\n"
    d = diagnose(log)
    # no entry names it, but the traceback does: class, message, where it was raised
    assert d.primary is not None and d.primary.id == "python.unhandled-exception"
    assert d.primary.facts["exception"] == "FrobnicatorError"
    assert d.primary.facts["message"] == "the widget quantum flux was 17 (expected < 5)"
    assert d.primary.facts["raised_at"] == "train.py:3" and d.primary.facts["library_code"] is False
    assert d.unknown is not None
    assert any("FrobnicatorError" in e.text for e in d.unknown.exceptions)
    # 300 error lines collapse into one template with its count
    top = d.unknown.templates[0]
    assert top.count == 300
    assert "widget" in top.template
    assert d.exit_code == 1


def test_chained_traceback_quotes_the_first_cause():
    log = """Traceback (most recent call last):
  File "train.py", line 10, in step
    out = model(x)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.06 GiB is free. Including non-PyTorch memory, this process has 78.08 GiB memory in use. Of the allocated memory 75.50 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated.

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "train.py", line 20, in <module>
    save_checkpoint()
OSError: [Errno 28] No space left on device: '/ckpt/step_100.pt'
"""
    d = diagnose(log)
    assert d.primary is not None and d.primary.id == "torch.cuda-oom"
    assert {f.id for f in d.findings} >= {"torch.cuda-oom", "system.disk-full"}


def test_api_exports_are_sorted_and_importable():
    assert denpex.__all__ == sorted(denpex.__all__)
    for name in denpex.__all__:
        assert hasattr(denpex, name)


def test_ten_thousand_line_unknown_log_reads_as_few_templates():
    import random

    rng = random.Random(3)
    lines = []
    for i in range(10_000):
        k = rng.random()
        if k < 0.5:
            lines.append(f"INFO step {i} loss {rng.random():.3f}")
        elif k < 0.8:
            lines.append(f"ERROR shard {rng.randrange(64)} replica {rng.randrange(8)} lost lease after {rng.randrange(900)} ms")
        elif k < 0.95:
            lines.append(f"ERROR checksum mismatch in block 0x{rng.randrange(16**8):08x} of /data/part-{rng.randrange(999):05d}.arrow")
        else:
            lines.append(f"WidgetSyncError: peer {rng.randrange(32)} refused sync (epoch {rng.randrange(50)})")
    d = diagnose("\n".join(lines) + "\n")
    # the only exception class is reported with what it says; the error lines still read as templates
    assert d.primary is None or d.primary.facts["exception"] == "WidgetSyncError"
    assert d.unknown is not None
    tops = d.unknown.templates
    assert 2 <= len(tops) <= 10
    total = sum(t.count for t in tops)
    assert tops[0].count > 2500 and "lease" in tops[0].template
    assert any("checksum" in t.template for t in tops[:3])
    assert total >= 4900  # nearly every error line falls into a listed template
    assert tops[0].first.line < 20


def test_c10_error_with_cpp_frames_quotes_the_exception():
    log = """[rank1]: terminate called after throwing an instance of 'c10::DistBackendError'
[rank1]:   what():  [PG 0 Rank 1] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered
[rank1]: Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):
[rank1]: frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f2a4d8b9446 in /usr/lib/python3/dist-packages/torch/lib/libc10.so)
[rank1]: frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f2a4d8636e4 in /usr/lib/python3/dist-packages/torch/lib/libc10.so)
"""
    d = diagnose(log)
    assert d.primary is not None and d.primary.id == "cuda.illegal-memory-access"
    assert d.primary.rank == 1
    assert "what():" in d.primary.evidence[0].text and "frame #" not in d.primary.evidence[0].text


def test_unknown_cpp_exception_is_named_with_its_message():
    """An uncaught C++ exception no entry knows by name is still a named failure (the process
    aborted on it), and the report quotes its class and what() text."""
    log = "terminate called after throwing an instance of 'c10::Error'\n  what():  frobnicator quantum desync in shard 3\nAborted (core dumped)\n"
    d = diagnose(log)
    assert d.exit_code == 1 and d.primary is not None
    assert d.primary.id in ("system.abort", "system.cpp-terminate")
    assert "c10::Error" in d.primary.message and "frobnicator" in d.primary.message


def test_cuda_oom_blames_the_other_process_whichever_order_pytorch_lists_it():
    """PyTorch lists the GPU's processes in the driver's order; when another process holds most of
    the card the cause is that process, not fragmentation, before or after "this process"."""
    head = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of "
            "23.53 GiB of which 20.38 MiB is free. ")
    this = "Including non-PyTorch memory, this process has 1.81 GiB memory in use. "
    other = "Process 5403 has 21.69 GiB memory in use. "
    tail = ("Of the allocated memory 1.34 GiB is allocated by PyTorch, and 94.59 MiB is reserved by PyTorch but "
            "unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n")
    for line in (head + this + other + tail, head + other + this + tail):
        p = diagnose(line).primary
        assert p is not None and p.id == "torch.cuda-oom"
        assert p.facts["cause"] == "memory-held-elsewhere", line
        assert "process 5403" in p.explanation
        assert p.fix[0].startswith("Free GPU 0")


def test_message_with_a_placeholder_this_log_lacks_falls_back_to_the_title():
    from denpex.explain import render_message

    assert render_message("Slurm killed {step}: {used} > {limit}", {"step": "123.0"}, fallback="Job exceeded its memory limit") == "Job exceeded its memory limit"
    assert render_message("Slurm killed {step}", {"step": "123.0"}, fallback="t") == "Slurm killed 123.0"


def test_explain_function_is_told_which_signature_matched(monkeypatch):
    """An entry's explain function sees the matching signature's id under facts["_signature"] (one
    entry, several wordings); the key is not kept among the finding's facts."""
    from denpex.engine import get_engine

    loaded = get_engine().kb.entries["system.cpp-terminate"]
    seen: list[object] = []
    real = loaded.explain

    def spy(facts):
        seen.append(facts.get("_signature"))
        return real(facts)

    monkeypatch.setattr(loaded, "explain", spy)
    d = diagnose("libc++abi: terminating due to uncaught exception of type std::runtime_error: boom\nzsh: abort  python x.py\n")
    assert d.primary is not None and d.primary.id == "system.cpp-terminate"
    assert seen == ["libcxx-uncaught"] and "_signature" not in d.primary.facts
    seen.clear()
    diagnose("terminate called after throwing an instance of 'std::runtime_error'\n  what():  boom\n")
    assert seen == ["uncaught-std-exception"]


def test_exception_raised_while_handling_stopiteration_is_the_failure():
    """mmcv's runner catches StopIteration to restart an exhausted loader; an error raised while it
    does ("During handling of the above exception, another exception occurred") is the failure, the
    StopIteration only the signal it was handling - also when no entry names that error."""
    tb = "\n".join([
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.8/site-packages/mmcv/runner/iter_based_runner.py", line 32, in __next__',
        "    data = next(self.iter_loader)",
        "StopIteration",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        '  File "tools/train.py", line 244, in <module>',
        "    main()",
        '  File "/workspace/mmdet/datasets/pipelines/loading.py", line 77, in __call__',
        "    results['img_shape'] = img.shape",
        "ValueError: zero-size array to reduction operation maximum which has no identity",
    ]) + "\n"
    d = diagnose(tb)
    assert d.primary is not None and d.primary.facts["exception"] == "ValueError" and d.primary.role == "root"
    assert all(f.role == "noise" for f in d.findings if f.id == "python.stop-iteration")
    # StopIteration on its own is still the failure
    alone = diagnose(tb.split("\n\nDuring handling")[0] + "\n")
    assert alone.primary is not None and alone.primary.id == "python.stop-iteration"


def test_a_cut_exception_of_a_builtin_class_gets_that_class_entry():
    """Where only the class is left (a notebook's "NameError   Traceback (most recent call last)"
    header, the message cut off), the entry that names every exception of that class answers;
    a class no entry owns stays an unnamed exception."""
    cell = "\n".join([
        "---------------------------------------------------------------------------",
        "{exc}                                 Traceback (most recent call last)",
        "/tmp/ipykernel_35/2859570204.py in <cell line: 0>()",
        "---> 37 model, tokenizer = FastLanguageModel.from_pretrained(",
    ]) + "\n"
    d = diagnose(cell.format(exc="NameError"))
    assert d.primary is not None and d.primary.id == "python.name-error" and d.primary.facts["exception"] == "NameError"
    d = diagnose(cell.format(exc="KeyError"))
    assert d.primary is not None and d.primary.id == "python.key-error"
    d = diagnose(cell.format(exc="AttributeError"))  # held-out h2009: coremltools' converter, message cut
    assert d.primary is not None and d.primary.id == "python.attribute-error-object"
    d = diagnose(cell.format(exc="ZebraError"))
    assert d.primary is not None and d.primary.id == "python.unhandled-exception"


def test_a_cut_traceback_ending_on_a_raise_or_assert_names_what_it_raised():
    """A paste that ends on a frame whose quoted source raises or asserts (the exception line cut off)
    is a failure of that class with the literal message, even with a single frame and no header
    (held-out g052: nerfstudio's `assert camera.shape[0] == 1, "Only one camera at a time"`); a
    frame that quotes an ordinary call stays a stack fragment, not a failure."""
    one = '  File "/home/u/nerfstudio/nerfstudio/models/gaussian_splatting.py", line 475, in get_outputs\n'
    d = diagnose(one + '    assert camera.shape[0] == 1, "Only one camera at a time"\n')
    assert d.exit_code == 1 and d.primary is not None, d.verdict
    assert d.primary.facts["exception"] == "AssertionError" and d.primary.facts["message"] == "Only one camera at a time"
    assert d.primary.facts["cut"] is True
    tb = "\n".join([
        "Traceback (most recent call last):",
        '  File "train.py", line 10, in <module>',
        "    main()",
        '  File "/usr/lib/python3.10/site-packages/foo/bar.py", line 5, in main',
        "    raise ValueError('First step cannot be zero.')",
    ]) + "\n"
    d = diagnose(tb)
    assert d.primary is not None and d.primary.facts["exception"] == "ValueError"
    assert d.primary.facts["message"] == "First step cannot be zero." and d.primary.facts["package"] == "foo"
    # the raise closed by its own exception line: the printed message wins over the source's
    d = diagnose(tb + "ValueError: First step cannot be zero.\n")
    assert d.primary is not None and d.primary.facts.get("cut") is None
    # one frame quoting a plain call is not a failure
    assert diagnose("INFO step 1\n" + one + "    outputs = self.model(batch)\nINFO step 2\n").exit_code == 0


def test_an_exception_python_printed_as_ignored_never_starts_the_incident():
    """"Exception ignored in: <function X.__del__ ...>": Python printed an exception it could not raise
    (a destructor, at exit) and went on. After a real failure it is a consequence (held-out i2027:
    ColossalAI's plugin __del__ AttributeError after the AssertionError that stopped rank 0, and the
    reporter quoting that AttributeError above the log); alone, at the end of a finished run (a
    DataLoader torn down at exit), nothing failed. A thread that died ("Exception ignored in thread
    started by") is not ignored."""
    ignored = "\n".join([
        "Exception ignored in: <function HybridParallelPlugin.__del__ at 0x79cc42fb2830>",
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.10/site-packages/colossalai/booster/plugin/hybrid_parallel_plugin.py", line 1258, in __del__',
        "    self.pg_mesh.destroy_mesh_process_groups()",
        "AttributeError: 'HybridParallelPlugin' object has no attribute 'pg_mesh'",
    ]) + "\n"
    log = ("I get <AttributeError: 'HybridParallelPlugin' object has no attribute 'pg_mesh'>\n"
           "[rank0]: AssertionError: The product of the size(0) must be equal to the world size(1).\n" + ignored)
    d = diagnose(log)
    assert d.primary is not None and d.primary.facts.get("exception") == "AssertionError", [(f.id, f.role) for f in d.findings]
    assert all(f.role != "root" for f in d.findings if f.facts.get("exception") == "AttributeError" or f.id == "python.attribute-error-object")
    # the same destructor error with no failure before it: noted, nothing failed
    d = diagnose("step 100/100 loss=0.21\nTraining completed.\n" + ignored)
    assert d.exit_code == 0 and d.primary is None and "Nothing failed" in d.verdict, d.verdict
    # a thread started with _thread that died is a failure
    thread = ignored.replace("Exception ignored in: <function HybridParallelPlugin.__del__ at 0x79cc42fb2830>",
                             "Exception ignored in thread started by: <function worker at 0x7f00aa>")
    assert diagnose("step 1\n" + thread).exit_code == 1


def test_a_traceback_quoted_inside_a_warning_is_not_an_exception_of_the_run():
    """cudf's start-up check warns with the output of a subprocess it ran ("UserWarning: Error getting driver and
    runtime versions:", "stdout:", "stderr:", then that subprocess's numba traceback; held-out h2027): the
    traceback is the warning's text, the script went on. A traceback that follows a warning without a colon at
    its end, far below its "stderr:", or with no quoted output at all (torch.jit's TracerWarning ending "Nodes:",
    then the warning's source line and the TracingCheckError that stopped the run) is the run's own failure."""
    warned = "\n".join([
        "$ python tmp.py",
        "/venv/lib/python3.12/site-packages/cudf/utils/_ptxcompiler.py:64: UserWarning: Error getting driver and runtime versions:",
        "",
        "stdout:",
        "",
        "",
        "",
        "stderr:",
        "",
        "Traceback (most recent call last):",
        '  File "/venv/lib/python3.12/site-packages/numba_cuda/numba/cuda/cudadrv/driver.py", line 277, in ensure_initialized',
        "    self.cuInit(0)",
        '  File "/venv/lib/python3.12/site-packages/numba_cuda/numba/cuda/cudadrv/driver.py", line 395, in _check_ctypes_error',
        "    raise CudaAPIError(retcode, msg)",
        "numba.cuda.cudadrv.driver.CudaAPIError: [100] Call to cuInit results in CUDA_ERROR_NO_DEVICE",
    ]) + "\n"
    d = diagnose(warned)
    assert d.exit_code == 0 and d.primary is None, [(f.id, f.role) for f in d.findings]
    # the warning's message does not end with a colon: the traceback under it is the run's own
    plain = warned.replace("runtime versions:", "runtime versions")
    assert diagnose(plain).exit_code == 1
    # ... and a traceback well below a colon-ended warning is the run's own too
    far = warned.replace("stderr:\n", "stderr:\n" + "step 1 loss=0.3\n" * 10)
    assert diagnose(far).exit_code == 1
    traced = "\n".join([
        "/venv/lib/python3.8/site-packages/torch/jit/_trace.py:983: TracerWarning: Trace had nondeterministic nodes. Nodes:",
        "\t%input.7 : Float(2, 512) = aten::dropout(%input.5, %145, %146)",
        "  _check_trace(",
        "Traceback (most recent call last):",
        '  File "main.py", line 707, in freeze',
        "    model = torch.jit.trace(net, (src, tgt))",
        "torch.jit._trace.TracingCheckError: Tracing failed sanity checks!",
    ]) + "\n"
    assert diagnose(traced).exit_code == 1


def test_the_first_exception_of_a_during_handling_chain_starts_it():
    """cmdstanpy's installer fails ("CmdStanInstallError: Command "make build" failed"), exits while handling it
    (SystemExit), and IPython breaks on that SystemExit with its own AssertionError, printed as a cut notebook
    traceback (held-out p3024). The installer's error is the failure; the generic AssertionError raised while
    handling it is not (it was read as the user's own assert). Without the earlier exception the AssertionError
    stays the failure."""
    chain = "\n".join([
        'CmdStanInstallError: Command "make build" failed',
        "Command ['make', 'build', '-j1']",
        "\terror during processing No such file or directory",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "SystemExit                                Traceback (most recent call last)",
        "File /opt/conda/lib/python3.10/site-packages/cmdstanpy/install_cmdstan.py:538, in main(args)",
        "--> 538         sys.exit(3)",
        "",
        "SystemExit: 3",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "AssertionError                            Traceback (most recent call last)",
        "    [... skipping hidden 1 frame]",
        "",
        "File /opt/conda/lib/python3.10/site-packages/IPython/core/interactiveshell.py:2047, in showtraceback(self)",
    ]) + "\n"
    d = diagnose(chain)
    assert d.primary is not None and d.primary.facts.get("exception") == "CmdStanInstallError", [(f.id, f.role, f.facts.get("exception")) for f in d.findings]
    assert all(f.role != "root" for f in d.findings if f.id == "python.assertion-error-user")
    # ... also when the later link is complete and an entry names it (a user-code assert in the exit handler)
    named = chain[:chain.index("AssertionError ")] + "\n".join([
        "Traceback (most recent call last):",
        '  File "run.py", line 12, in <module>',
        '    assert cleaned, "cleanup failed"',
        "AssertionError: cleanup failed",
    ]) + "\n"
    d = diagnose(named)
    assert d.primary is not None and d.primary.facts.get("exception") == "CmdStanInstallError", [(f.id, f.role) for f in d.findings]
    assert any(f.id == "python.assertion-error-user" and f.role == "collateral" for f in d.findings), [(f.id, f.role) for f in d.findings]
    alone = chain[chain.index("AssertionError "):]
    d = diagnose(alone)
    assert d.exit_code == 1 and d.primary is not None and d.primary.role == "root", [(f.id, f.role) for f in d.findings]
    assert d.primary.id in ("python.library-internal-error", "python.assertion-error-user"), d.primary.id


def test_notebook_frames_name_the_raising_package():
    """IPython prints frames as "File /path/x.py:2357, in f(args)" (8+) or "/path/x.py in f(args)" (7):
    a notebook traceback cut after its frames whose header names an AssertionError or
    NotImplementedError raised inside a package is that package's internal error (held-out i2053
    unsloth save_pretrained_merged, f005 unsloth from_pretrained), not the user's assert."""
    ipy8 = "\n".join([
        "AssertionError                            Traceback (most recent call last)",
        "Cell In[13], line 1",
        '----> 1 model.save_pretrained_merged("model", tokenizer, save_method = "lora",)',
        "",
        "File /usr/local/lib/python3.10/dist-packages/unsloth/save.py:2357, in unsloth_generic_save_pretrained_merged(self, save_directory)",
        '   2355 arguments["model"] = self',
        "-> 2357 unsloth_generic_save(**arguments)",
    ]) + "\n"
    d = diagnose(ipy8)
    assert d.primary is not None and d.primary.id == "python.library-internal-error", [(f.id, f.facts) for f in d.findings]
    assert d.primary.facts["package"] == "unsloth"
    ipy7 = "\n".join([
        "NotImplementedError                       Traceback (most recent call last)",
        "<ipython-input-3-5c1b0a2e> in <module>()",
        "----> 1 model = FastLanguageModel.from_pretrained(name)",
        "",
        "/usr/local/lib/python3.7/dist-packages/unsloth/models/loader.py in from_pretrained(model_name, max_seq_length)",
        "    120         raise NotImplementedError(",
    ]) + "\n"
    d = diagnose(ipy7)
    assert d.primary is not None and d.primary.id == "python.library-internal-error", [(f.id, f.facts) for f in d.findings]
    assert d.primary.facts["package"] == "unsloth"
    # VS Code links each path: "File [~/x.py:115](https://file+.vscode-resource...), in f" (held-out j2005)
    vscode = "\n".join([
        "NotImplementedError                       Traceback (most recent call last)",
        "Cell In[2], [line 12](vscode-notebook-cell:?execution_count=2&line=12)",
        "---> [12](vscode-notebook-cell:?execution_count=2&line=12) model.quantize(tokenizer, quant_config=quant_config)",
        "File [~/.local/lib/python3.10/site-packages/awq/models/base.py:231](https://file+.vscode-resource.vscode-cdn.net/home/u/"
        "~/.local/lib/python3.10/site-packages/awq/models/base.py:231), in BaseAWQForCausalLM.quantize(self, tokenizer)",
    ]) + "\n"
    d = diagnose(vscode)
    assert d.primary is not None and d.primary.id == "python.library-internal-error", [(f.id, f.facts) for f in d.findings]
    assert d.primary.facts["package"] == "awq"
    # the same frames in a user's own file: the user's assert
    d = diagnose(ipy8.replace("/usr/local/lib/python3.10/dist-packages/unsloth/save.py", "/home/me/project/save.py"))
    assert d.primary is not None and d.primary.id != "python.library-internal-error"


def test_a_traceback_quoting_a_message_template_is_not_that_message():
    """The source line a traceback quotes under a frame is code: a raise whose f-string holds an
    entry's wording ("Watchdog caught collective operation timeout: WorkNCCL(") is not the NCCL
    watchdog firing; the same wording printed by the program is."""
    tb = "\n".join([
        "Traceback (most recent call last):",
        '  File "/app/fake_watchdog.py", line 12, in check',
        '    raise RuntimeError(f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL({work})")',
        "RuntimeError: simulated",
    ]) + "\n"
    d = diagnose(tb)
    assert not any(f.id == "nccl.watchdog-timeout" for f in d.findings), [f.id for f in d.findings]
    printed = "[E ProcessGroupNCCL.cpp:915] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(\n"
    assert diagnose(printed).primary.id == "nccl.watchdog-timeout"
    # code an entry keys on is still read (transformers' CONFIG_MAPPING line above a bare KeyError)
    assert diagnose("\n".join([
        '  File "/env/lib/python3.11/site-packages/transformers/models/auto/configuration_auto.py", line 1039, in from_pretrained',
        '    config_class = CONFIG_MAPPING[config_dict["model_type"]]',
        "KeyError: 'mistral'",
    ]) + "\n").primary.id == "hf.unrecognized-model-type"


def test_torchrun_agent_line_about_a_rank_is_not_that_rank_failing():
    # torchrun's agent logs "failed (exitcode: 1) local_rank: 0" at ERROR level; that is the launcher
    # speaking about rank 0, so rank 0 - named by the Root Cause record - is the suspect, not the
    # silent-looking peer
    log = (
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 308683) of binary: /usr/bin/python\n"
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
        "=======================================\n"
        "Root Cause:\n[0]:\n  time: 2023-02-17_19:26:16\n  rank: 0 (local_rank: 0)\n  exitcode: 1 (pid: 308683)\n"
        "  error_file: <N/A>\n  msg: \"Process failed with exitcode 1\"\n"
        "=======================================\n"
        "Other Failures:\n[1]:\n  time: 2023-02-17_19:26:16\n  rank: 1 (local_rank: 1)\n  exitcode: 1 (pid: 308684)\n"
    )
    d = diagnose(log)
    assert d.primary is not None and d.primary.id == "dist.child-failed-summary"
    assert d.primary.rank == 0 and d.primary.suspect
    # an unprefixed error in the same paste is taken as the record's rank
    d = diagnose(log + "RuntimeError: NCCL Error: invalid argument\n")
    assert d.primary is not None and d.primary.id != "dist.child-failed-summary" and d.primary.rank == 0


def test_a_wrapper_with_wraps_generic_false_yields_only_to_a_specific_inner_error():
    head = "*** Error running process: /sd/extensions/sd-webui-controlnet/scripts/controlnet.py\n    Traceback (most recent call last):\n"
    oom = ("    torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 14.75 GiB total capacity; "
           "13.59 GiB already allocated; 6.81 MiB free; 13.79 GiB reserved in total by PyTorch)\n")
    generic = "    AttributeError: 'NoneType' object has no attribute 'shape'\n"
    assert diagnose(head + oom).primary.id == "torch.cuda-oom"
    assert diagnose(head + generic).primary.id == "webui.script-callback-failed"


def test_a_specific_wrapper_inside_a_generic_one_is_followed_to_its_error():
    log = (
        "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
        "triton.compiler.errors.CompilationError: at 22:38:\n"
        "    tmp5 = tl.load(in_ptr0 + (x0 + (s1*x1)), xmask)\n"
        "NameError('s1 is not defined')\n"
    )
    d = diagnose(log)
    assert d.primary is not None and d.primary.id == "compile.triton-compilation-error"


def test_a_person_searching_is_no_error_line_a_program_failing_is():
    prose = "In other discussions word-by-word methods were discussed, but I could not find a way to make the segments longer.\n"
    assert diagnose(prose).exit_code == 0
    assert diagnose("Could not find the checkpoint directory /data/ckpt/step_1200\n").exit_code != 0


def test_a_traceback_its_library_calls_safe_to_ignore_never_starts_the_incident():
    # Ray Train's controller logs a GetTimeoutError traceback under "... it's safe to ignore this" when
    # the machine is loaded; the worker's own error later is the failure
    p = "(TrainController pid=27862) "
    w = "(RayTrainWorker pid=27982) "
    log = "\n".join([
        p + "Failed to send resource request for train-06b8. If this only happens transiently during network partition or CPU being overloaded, it's safe to ignore this",
        p + "Traceback (most recent call last):",
        p + '  File "/x/ray/train/v2/_internal/execution/scaling_policy/autoscaling_coordinator_client.py", line 58, in send_resource_request',
        p + "    ray.get(",
        p + "ray.exceptions.GetTimeoutError: Get timed out: some object(s) not ready.",
        w + "Traceback (most recent call last):",
        w + '  File "/work/tests/distributed/ray_worker.py", line 40, in train_fn',
        w + "    out = model(x)",
        w + "RuntimeError: mat1 and mat2 shapes cannot be multiplied (8x12 and 16x16)",
    ]) + "\n"
    d = diagnose(log)
    assert d.primary is not None and d.primary.id == "torch.shape-mismatch"
    assert all(f.id != "python.unhandled-exception" or f.role != "root" for f in d.findings)


def test_the_import_traceback_xformers_caught_and_printed_is_not_the_failure():
    # xFormers prints "A matching Triton is not available, some optimizations will not be enabled" and then
    # the import traceback it caught (No module named 'triton', every Windows install): the run goes on
    lines = [
        "A matching Triton is not available, some optimizations will not be enabled",
        "Traceback (most recent call last):",
        '  File "C:\\env\\lib\\site-packages\\xformers\\__init__.py", line 55, in _is_triton_available',
        "    from xformers.triton.softmax import softmax as triton_softmax  # noqa",
        '  File "C:\\env\\lib\\site-packages\\xformers\\triton\\softmax.py", line 11, in <module>',
        "    import triton",
        "ModuleNotFoundError: No module named 'triton'",
        "100%|##########| 40/40 [00:12<00:00,  3.21it/s]",
        "Saved output to results/out.mp4",
    ]
    assert diagnose("\n".join(lines) + "\n").exit_code == 0
    # the same traceback with no note above it is a failure
    assert diagnose("\n".join(lines[1:7]) + "\n").primary.id == "python.missing-module"


def test_an_exception_whose_message_is_the_next_traceback_closes_the_one_above():
    """Old PyTorch DataLoaders re-raised a worker's error with its traceback as the message
    ("Exception: KeyError:Traceback (most recent call last):"): that line ends the main process's
    traceback - not a traceback cut before its exception - and the worker's own error below it is
    what the report names."""
    log = (
        "Traceback (most recent call last):\n"
        '  File "train.py", line 19, in train_one_epoch\n'
        "    batch = next(dataloader_iter)\n"
        '  File "/env/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 606, in _process_next_batch\n'
        '    raise Exception("KeyError:" + batch.exc_msg)\n'
        "Exception: KeyError:Traceback (most recent call last):\n"
        '  File "/env/lib/python3.6/site-packages/torch/utils/data/_utils/worker.py", line 99, in _worker_loop\n'
        "    samples = collate_fn([dataset[i] for i in batch_indices])\n"
        '  File "/work/pcdet/datasets/dataset.py", line 125, in prepare_data\n'
        "    data_dict = self.data_augmentor.forward(data_dict)\n"
        "ZeroDivisionError: division by zero\n"
    )
    d = diagnose(log, mask=False)
    ids = [f.id for f in d.findings]
    assert d.primary is not None and d.primary.id == "python.zero-division", ids
    assert not any(f.facts.get("cut") for f in d.findings), [(f.id, f.facts) for f in d.findings]
    assert "dataloader.worker-exception" in ids


def test_a_notice_a_specific_entry_knows_as_harmless_is_not_the_generic_error_its_words_fit():
    """chromadb with posthog>=6 prints "Failed to send telemetry event X: capture() takes 1 positional
    argument but 3 were given" - harmless (telemetry), though the words fit a call-signature TypeError.
    The specific noise wording wins the line: no failure, and the line is not listed as a likely one.
    A real error after it is still the failure."""
    telemetry = ("Failed to send telemetry event ClientStartEvent: capture() takes 1 positional argument but 3 were given\n"
                 "Failed to send telemetry event ClientCreateCollectionEvent: capture() takes 1 positional argument but 3 were given\n")
    d = diagnose("INFO loading 128 documents\n" + telemetry + "INFO done: 128 chunks indexed\n", mask=False)
    assert d.primary is None or d.primary.role == "noise", d.verdict
    roles = {f.id: f.role for f in d.findings}
    assert roles.get("chromadb.posthog-telemetry-failed") == "noise"
    assert roles.get("python.call-signature-mismatch", "noise") == "noise"
    assert d.unknown is None or not d.unknown.error_lines
    real = telemetry + 'Traceback (most recent call last):\n  File "app.py", line 9, in <module>\n    x = cfg["model"]\nKeyError: \'model\'\n'
    d = diagnose(real, mask=False)
    assert d.primary is not None and d.primary.id == "python.key-error" and d.primary.role == "root"


def test_a_jvm_trace_names_the_innermost_cause_and_the_users_frame():
    """A Java/Scala stack trace prints its "at" frames after the exception and chains "Caused by:"
    lines: the innermost cause is the failure, thrown where its first frame says, called from the
    first frame outside the JVM libraries; the outer exception is not a second failure."""
    log = "\n".join([
        "24/05/01 10:00:01 INFO SparkContext: Running Spark version 3.4.1",
        "Exception in thread \"main\" org.apache.spark.SparkException: Job aborted due to stage failure: Task 0 in stage 3.0 failed 1 times",
        "\tat org.apache.spark.scheduler.DAGScheduler.failJobAndIndependentStages(DAGScheduler.scala:2785)",
        "\tat com.acme.features.BuildFeatures.main(BuildFeatures.scala:41)",
        "Caused by: java.lang.NumberFormatException: For input string: \"n/a\"",
        "\tat java.lang.NumberFormatException.forInputString(NumberFormatException.java:65)",
        "\tat java.lang.Integer.parseInt(Integer.java:580)",
        "\tat com.acme.features.Parse.toInt(Parse.scala:12)",
        "\t... 22 more",
    ]) + "\n"
    d = diagnose(log)
    unnamed = [f for f in d.findings if f.id == "python.unhandled-exception"]
    assert len(unnamed) == 1, [(f.id, f.facts.get("exception")) for f in d.findings]
    facts = unnamed[0].facts
    assert facts["exception"] == "java.lang.NumberFormatException" and facts["jvm"] is True
    assert facts["raised_at"] == "NumberFormatException.java:65" and facts["library_code"] is True
    assert facts["user_frame"] == "Parse.scala:12 in toInt"
    assert "Only the exception line" not in unnamed[0].explanation
    # a Node.js stack: its frames follow the error line; node_modules/ names the package, the first frame raised it
    js = "\n".join([
        "Error: Cannot find function embed",
        "    at Engine.embed (/app/node_modules/@mlc-ai/web-llm/lib/index.js:1021:13)",
        "    at async main (/app/src/rag.mjs:42:17)",
        "    at node:internal/main/run_main_module:28:49",
    ]) + "\n"
    d = diagnose(js)
    facts = d.primary.facts
    assert facts["exception"] == "Error" and facts["javascript"] is True and "jvm" not in facts
    assert facts["package"] == "@mlc-ai/web-llm" and facts["raised_at"] == "index.js:1021" and facts["user_frame"] == "rag.mjs:42 in async main"
    assert "JavaScript" in d.primary.explanation
    # a Python traceback is untouched by a later "at" line of prose
    py = 'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    f()\nValueError: bad value\n  at step 3 (see train.py)\n'
    d = diagnose(py)
    assert d.primary is not None and d.primary.facts.get("user_frame") == "train.py:3 in <module>" and "jvm" not in d.primary.facts


def test_on_one_line_a_particular_entry_outranks_a_generic_class():
    """The same line can fit a generic class (any missing module) and an entry of a particular package
    that knows why it happens there (basicsr's version.py is generated by its setup step): the particular
    entry is the diagnosis and the generic class is still listed; a wrapper quoting the error is not a
    particular diagnosis of it."""
    log = "\n".join([
        "Traceback (most recent call last):",
        '  File "inference_gfpgan.py", line 9, in <module>',
        "    from basicsr.utils import imwrite",
        '  File "/home/u/GFPGAN/basicsr/__init__.py", line 3, in <module>',
        "    from .version import __gitsha__, __version__",
        "ModuleNotFoundError: No module named 'basicsr.version'",
    ]) + "\n"
    d = diagnose(log)
    ids = [f.id for f in d.findings]
    assert d.primary is not None and d.primary.id == "basicsr.version-module-missing", ids
    assert "python.missing-module" in ids  # still reported, after it
    # fbgemm_gpu's extension failing to load on an undefined torch symbol (held-out m2056): the fbgemm
    # entry says what to install
    fbgemm = ('/# python -c "import fbgemm_gpu"\n'
              "/dockerx/FBGEMM/fbgemm_gpu/fbgemm_gpu/fbgemm_gpu_py.so: undefined symbol: "
              "_ZN2at4_ops7resize_4callERKNS_6TensorEN3c108ArrayRefIlEENS5_8optionalINS5_12MemoryFormatEEE\n")
    d = diagnose(fbgemm)
    ids = [f.id for f in d.findings]
    assert d.primary is not None and d.primary.id == "fbgemm.gpu-library-load-failed", ids
    assert "python.extension-abi-mismatch" in ids
    # ComfyUI's wrapper line quotes the inner error: the generic class of that error stays the diagnosis
    comfy = ("!!! Exception during processing !!! KSampler.sample() got an unexpected keyword argument 'seed'\n"
             "Traceback (most recent call last):\n"
             '  File "/ComfyUI/execution.py", line 151, in recursive_execute\n'
             "TypeError: KSampler.sample() got an unexpected keyword argument 'seed'\n")
    d = diagnose(comfy)
    assert d.primary is not None and d.primary.id == "python.unexpected-keyword-argument", [f.id for f in d.findings]


def test_a_message_missing_its_facts_falls_back_to_the_titles_statement():
    """An entry's one-line message needs the facts its placeholders name; when this log lacks one, the
    verdict is the title's statement, not the title's whole list of wordings."""
    from denpex.explain import render_message

    title = "Ascend NPU operator API refused a call: 'NPU function error: call aclnnXxx failed, error code is N'"
    assert render_message("{aclnn_op} failed with {aclnn_code}", {"aclnn_op": "aclnnEqScalar"}, fallback=title) \
        == "Ascend NPU operator API refused a call"
    assert render_message("{aclnn_op} failed", {"aclnn_op": "aclnnEqScalar"}, fallback=title) == "aclnnEqScalar failed"
    assert render_message("{x}", {}, fallback="OOM: killed") == "OOM: killed"  # too little would be left
    d = diagnose("[E OpParamMaker.cpp:273] call aclnnEqScalar failed, detail:EZ9999: Inner Error!\n")
    assert d.primary is not None and d.primary.id == "ascend.aclnn-call-failed"
    assert "aclnnXxx" not in d.primary.message and len(d.primary.message) < 80, d.primary.message


def test_a_packages_source_checkout_is_library_code():
    """A package run from its own cloned repository (an editable install on Windows, a research fork)
    has no site-packages in its frames: a known package's folder under a folder named after it is still
    that package's code, so its NotImplementedError is the package's internal check (held-out v2048)."""
    log = "\n".join([
        "Traceback (most recent call last):",
        '  File "train_net.py", line 60, in <module>',
        "    trainer.train()",
        '  File "d:\\development\\detectron2-master\\detectron2\\engine\\defaults.py", line 418, in build_evaluator',
        "    raise NotImplementedError",
        "NotImplementedError",
    ]) + "\n"
    d = diagnose(log)
    assert d.primary is not None and d.primary.id == "python.library-internal-error", [(f.id, f.facts) for f in d.findings]
    assert d.primary.facts["package"] == "detectron2" and d.primary.facts["user_frame"].startswith("train_net.py:60")
    # a user's own folder that merely shares a package's name is not that package
    own = log.replace("detectron2-master\\detectron2\\engine", "myproj\\detectron2")
    assert "detectron2-master" not in own
    d = diagnose(own)
    assert d.primary is None or d.primary.id != "python.library-internal-error", d.primary and d.primary.facts


@pytest.mark.parametrize("frame", [
    "/usr/local/lib/python3.10/dist-packages/pyro/distributions/torch_patch.py in <module>",
    "[/usr/local/lib/python3.10/dist-packages/pyro/distributions/torch_patch.py](https://localhost:8080/#) in <module>",
])
def test_an_ipython7_module_level_frame_names_the_raising_package(frame):
    """IPython 7 (Colab) prints a module-level frame without an argument list, and Colab links the path: the
    assert under it is pyro's own version check, not an assertion in the user's code (hunt gen55bio 020)."""
    log = "\n".join([
        "AssertionError                            Traceback (most recent call last)",
        "<ipython-input-4-87955b66e060> in <cell line: 3>()",
        "----> 3 install()",
        "",
        frame,
        '---> 10 assert torch.__version__.startswith("1.")',
        "",
        "AssertionError:",
    ]) + "\n"
    d = diagnose(log)
    assert d.primary is not None and d.primary.facts.get("package") == "pyro", d.primary and (d.primary.id, d.primary.facts)
    assert d.primary.id != "python.assertion-error-user"


def test_a_monorepos_python_folder_is_the_packages_checkout():
    """Ray (and sglang, tvm) keep the package under python/ in their repository: frames of a checkout run in
    place (".../dev/ray/python/ray/tune/function_runner.py") are Ray's, so a cut traceback under Tune's
    "Runner Thread raised error" is the wrapper's own propagation, not an error in the user's code (held-out g3024)."""
    from denpex.tracebacks import _frame

    fr = _frame("/Users/amog/dev/ray/python/ray/tune/function_runner.py", "640", "_trainable_func")
    assert fr.package == "ray" and fr.module == "ray.tune.function_runner"
    # a user's project that happens to have a python/ folder is still the user's
    assert _frame("/home/me/proj/python/train.py", "3", "main").package is None
    # a path printed relative to site-packages (frozen apps, zip imports) is the package's too; the user's
    # relative paths are not
    fr = _frame("transformers/models/wav2vec2/modeling_wav2vec2.py", "285", "forward")
    assert fr.package == "transformers" and fr.in_library
    assert _frame("models/train.py", "3", "main").package is None


def test_a_librarys_own_error_raised_while_handling_a_generic_one_is_the_diagnosis():
    """transformers looks the tokenizer up in a mapping, gets a KeyError and raises its own ValueError while
    handling it: the library's error (an entry of its own) is the diagnosis, the KeyError below it the same
    failure seen from inside, reported as collateral. With "raise ... from e" the library names the KeyError
    as the cause itself, and it stays the start."""
    log = "\n".join([
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.10/site-packages/transformers/models/auto/tokenization_auto.py", line 702, in from_pretrained',
        "    tokenizer_class_py = TOKENIZER_MAPPING[type(config)]",
        "KeyError: 'mymodel'",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        '  File "train.py", line 40, in <module>',
        "    tok = AutoTokenizer.from_pretrained(args.model)",
        '  File "/opt/conda/lib/python3.10/site-packages/transformers/models/auto/tokenization_auto.py", line 718, in from_pretrained',
        "    raise ValueError(",
        "ValueError: Tokenizer class LlamaTokenizer does not exist or is not currently imported.",
    ]) + "\n"
    d = diagnose(log)
    roles = {f.id: f.role for f in d.findings}
    assert d.primary is not None and d.primary.id == "hf.tokenizer-load-failed", roles
    assert roles.get("python.key-error") == "collateral", roles
    d = diagnose(log.replace("During handling of the above exception, another exception occurred:",
                             "The above exception was the direct cause of the following exception:"))
    assert d.primary is not None and d.primary.id == "python.key-error", [(f.id, f.role) for f in d.findings]
    # two generic classes chained: the first is still the start
    generic = log.replace("ValueError: Tokenizer class LlamaTokenizer does not exist or is not currently imported.",
                          "TypeError: 'NoneType' object is not subscriptable")
    d = diagnose(generic)
    assert d.primary is not None and d.primary.id == "python.key-error", [(f.id, f.role) for f in d.findings]


def test_a_faulthandler_stack_dump_is_not_an_unhandled_exception():
    # faulthandler's dump (no comma before "in") shows where threads were when a timeout or signal
    # stopped them; the launcher's abort line is what the log says failed, not an invented exception
    log = (
        "Thread 0x00003bac (most recent call first):\n"
        '  File "C:\\Users\\u\\anaconda3\\lib\\site-packages\\paddle\\fluid\\dataloader\\dataloader_iter.py", line 365 in __next__\n'
        '  File "C:\\Users\\u\\PaddleOCR\\tools\\program.py", line 341 in eval\n'
        '  File "tools/train.py", line 125 in <module>\n'
        "INFO 2021-05-30 23:32:54,897 launch_utils.py:307] terminate all the procs\n"
        "ERROR 2021-05-30 23:32:54,901 launch_utils.py:543] ABORT!!! Out of all 1 trainers, the trainer process with rank=[0] was aborted. Please check its log.\n"
    )
    ids = [f.id for f in diagnose(log).findings]
    assert "python.unhandled-exception" not in ids
    assert diagnose(log).primary.id == "paddle.launch-trainer-aborted"
    # the same frames in the traceback format (comma before "in") cut before the exception are still one
    cut = log.replace('", line 365 in', '", line 365, in').replace('", line 341 in', '", line 341, in').replace('", line 125 in', '", line 125, in')
    assert "python.unhandled-exception" in [f.id for f in diagnose(cut).findings]


def test_an_exception_line_ending_in_a_colon_takes_its_message_from_the_next_line():
    """``raise ValueError("\\nThe model type ...")`` prints the class alone on its line and the message
    under it: the report quotes that message, not an empty one; a traceback that follows is no message."""
    tb = "\n".join([
        "Traceback (most recent call last):",
        '  File "/home/u/proj/train.py", line 30, in main',
        "    model = build(cfg)",
        '  File "/home/u/.local/lib/python3.10/site-packages/foolib/builder.py", line 88, in build',
        "    raise ValueError(",
        "ValueError: ",
    ]) + "\n"
    d = diagnose(tb + "The model type 'zebra' is not registered. Available types: lion, tiger.\n")
    assert d.primary is not None and d.primary.facts["exception"] == "ValueError"
    assert d.primary.facts["message"] == "The model type 'zebra' is not registered. Available types: lion, tiger."
    assert "zebra" in d.verdict
    # under a rank prefix the prefix is no part of it
    ranked = "".join(f"[rank1]: {line}\n" for line in (tb + "Expected 3 channels, got 4").splitlines())
    assert diagnose(ranked).primary.facts["message"] == "Expected 3 channels, got 4"
    # what follows is another traceback: the message stays empty
    d = diagnose(tb + "Traceback (most recent call last):\n")
    assert d.primary is not None and d.primary.facts["message"] == ""


def test_a_julia_load_error_reports_the_error_it_wraps():
    """Julia prints an error raised while a file loads as ``ERROR: LoadError: ArgumentError: ...``: the
    exception is the wrapped one, not LoadError; a LoadError whose message is no error class stays."""
    log = ('julia> include("train.jl")\n'
           "ERROR: LoadError: ArgumentError: Package CSV not found in current path.\n"
           "Stacktrace:\n [1] top-level scope\n   @ ~/proj/train.jl:3\n")
    d = diagnose(log)
    assert d.primary is not None and d.primary.facts["exception"] == "ArgumentError"
    assert d.primary.facts["message"] == "Package CSV not found in current path."
    plain = diagnose("ERROR: LoadError: could not open file /home/u/proj/data.jl\n")
    assert plain.primary is not None and plain.primary.facts["exception"] == "LoadError"


def test_a_frame_in_a_compiled_cython_module_is_library_code():
    """``File "_dynet.pyx", line 1907, in _dynet.Expression.__mul__`` is DyNet's compiled code: a bare
    NotImplementedError raised there is the library's, not the user's; a .py file with no package stays the user's."""
    log = "\n".join([
        "Traceback (most recent call last):",
        '  File "inflection.py", line 489, in decode',
        "    w1dt = w1dt or self.attention_w1 * input_mat",
        '  File "_dynet.pyx", line 1907, in _dynet.Expression.__mul__',
        "NotImplementedError",
    ]) + "\n"
    d = diagnose(log)
    assert d.primary is not None and d.primary.id == "python.library-internal-error"
    assert d.primary.facts["package"] == "dynet" and d.primary.facts["user_frame"].startswith("inflection.py:489")
    arrow = diagnose(log.replace('"_dynet.pyx", line 1907, in _dynet.Expression.__mul__', '"pyarrow/table.pxi", line 1234, in pyarrow.lib.Table.from_pandas'))
    assert arrow.primary.facts["package"] == "pyarrow"
    # Cython's generated utility code is no user frame either
    memview = diagnose(log.replace('"_dynet.pyx", line 1907, in _dynet.Expression.__mul__', '"stringsource", line 349, in View.MemoryView.memoryview.__cinit__'))
    assert memview.primary.facts["user_frame"].startswith("inflection.py:489")
    user = diagnose(log.replace('"_dynet.pyx"', '"model_ops.py"'))
    assert user.primary.id == "python.unhandled-exception" and user.primary.facts["library_code"] is False


def test_a_title_naming_only_an_unknown_exception_yields_to_a_wrapper_in_the_body():
    """An issue titled "# RuntimeError: Federated round aborted." whose body prints a RayTaskError(ClientException)
    traceback: the title names an exception no entry knows, the body's Ray wrapper says where the error is.
    (Built on flower #2758, whose real title "RuntimeError: Simulation crashed." has its own entry now.)"""
    log = "\n".join([
        "flwrlabs/flower · issue #2758 · closed · Python",
        "# RuntimeError: Federated round aborted.",
        "",
        "RayTaskError(ClientException)             Traceback (most recent call last)",
        "File ~/miniconda3/envs/flower/lib/python3.10/site-packages/flwr/simulation/app.py:308, in start_simulation(client_fn)",
    ]) + "\n"
    d = diagnose(log)
    assert d.primary is not None and d.primary.id == "ray.task-error"
    # the same title over a body with no other failure stays the diagnosis
    alone = diagnose("\n".join(log.splitlines()[:3]) + "\n")
    assert alone.primary is not None and alone.primary.id == "python.unhandled-exception"


def test_a_cut_traceback_that_only_passes_a_wrapper_libraries_error_on_yields_to_the_wrapper():
    """RLlib's "The actor died because of an error raised in its creation task" over a traceback cut
    before its exception line whose every frame is Ray's own (the worker set re-raising): the wrapper
    says where the error is; the same cut traceback through the user's code stays the diagnosis."""
    head = ("(PPO pid=18404) 2023-07-28 17:53:23,335 ERROR actor_manager.py:500 -- Ray error, taking actor 4 out of service. "
            "The actor died because of an error raised in its creation task, ray::RolloutWorker.__init__() "
            "(pid=8848, ip=127.0.0.1, actor_id=1b9f3448f380f5afe62c139f01000000, repr=<RolloutWorker object at 0x1>)\n")
    frames = [
        ("/usr/lib/python3.10/site-packages/ray/rllib/evaluation/worker_set.py", 593, "add_workers", "raise result.get()"),
        ("/usr/lib/python3.10/site-packages/ray/rllib/utils/actor_manager.py", 481, "__fetch_result", "result = ray.get(r)"),
        ("/usr/lib/python3.10/site-packages/ray/_private/auto_init_hook.py", 24, "auto_init_wrapper", "return fn(*args, **kwargs)"),
    ]
    body = "".join(f'(PPO pid=18404)   File "{p}", line {n}, in {fn}\n(PPO pid=18404)     {src}\n' for p, n, fn, src in frames)
    d = diagnose(head + "(PPO pid=18404) Traceback (most recent call last):\n" + body)
    assert d.primary is not None and d.primary.id == "ray.task-error", d.verdict
    user = '(PPO pid=18404)   File "/home/u/envs/grid.py", line 12, in reset\n(PPO pid=18404)     obs = self.sim.start()\n'
    d = diagnose(head + "(PPO pid=18404) Traceback (most recent call last):\n" + body + user)
    assert d.primary is not None and d.primary.id == "python.unhandled-exception", d.verdict



def test_an_issue_title_read_only_as_a_python_error_class_yields_to_the_failure_its_body_prints():
    """A pasted issue whose title (a markdown heading at the top) reads only as a class of Python error
    ("# TypeError: 'int' object is not iterable") and whose body's log prints the failure: the body's is
    the evidence. A title a particular entry names stays the diagnosis, and so does a title alone."""
    head = "owner/repo \u00b7 issue #12 \u00b7 closed \u00b7 Python\n"
    body = "\n".join([
        "I get this when training:",
        "```",
        "Traceback (most recent call last):",
        '  File "train.py", line 12, in <module>',
        "    args = parser.parse_args()",
        "train.py: error: argument --loss_type: invalid choice: 'log_cosh' (choose from 'l1', 'l2', 'huber')",
        "```",
    ]) + "\n"
    generic = "# TypeError: __init__() missing 1 required positional argument: 'config'\n"
    d = diagnose(head + generic + body)
    assert d.primary is not None and d.primary.id == "python.argparse-error", d.verdict
    assert diagnose(head + generic + "Any idea?\n").primary.id == "python.call-signature-mismatch"
    specific = "# torch.cat(): Sizes of tensors must match except in dimension 0. Got 117 and 85 in dimension 3 (The offending index is 1)\n"
    d = diagnose(head + specific + body)
    assert d.primary is not None and d.primary.id == "data.collate-unequal-size", d.verdict


def test_a_chained_cause_does_not_outrank_the_entry_that_names_the_exception_it_caused_on_the_only_rank():
    """sqlite's OperationalError, then 'The above exception was the direct cause', then Optuna's
    StorageInternalError that an entry names, then srun's record of task 0: the entry's line is read as
    rank 0's (the only rank) and the unnamed cause above it, unprefixed, is the same process's."""
    log = "\n".join([
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.11/site-packages/sqlalchemy/engine/base.py", line 1967, in _exec_single_context',
        "    self.dialect.do_execute(",
        "sqlite3.OperationalError: disk I/O error",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "Traceback (most recent call last):",
        '  File "/home/u/hpo/run_worker.py", line 88, in <module>',
        "    study.optimize(objective, n_trials=50)",
        '  File "/usr/lib/python3.11/site-packages/optuna/storages/_rdb/storage.py", line 75, in _create_scoped_session',
        "    raise optuna.exceptions.StorageInternalError(message) from e",
        "optuna.exceptions.StorageInternalError: An exception is raised during the commit. This typically happens due to invalid data in the commit, e.g. exceeding max length. ",
        "srun: error: node042: task 0: Exited with exit code 1",
    ]) + "\n"
    d = diagnose(log)
    assert d.primary is not None and d.primary.id == "optuna.storage-commit-failed", d.verdict


def test_an_unnamed_exception_of_a_library_yields_to_that_librarys_entry_on_the_next_line():
    """py4j's generic "Py4JError: An error occurred while calling o1234.collectToPython" (no entry) just
    above the line py4j's own entry names (the gateway JVM stopped answering): the entry says where to
    look; the same Py4JError far from it stays the diagnosis."""
    tb = "\n".join([
        '  File "/home/u/venv/lib/python3.5/site-packages/py4j/protocol.py", line 336, in get_return_value',
        '    format(target_id, ".", name))',
        "py4j.protocol.Py4JError: An error occurred while calling o1234.collectToPython",
    ]) + "\n"
    net = "Py4JNetworkError: An error occurred while trying to connect to the Java server (127.0.0.1:43323)\n"
    d = diagnose(tb + net)
    assert d.primary is not None and d.primary.id == "py4j.java-side-connection-lost", d.verdict
    d = diagnose(net + "".join(f"INFO step {i} ok\n" for i in range(8)) + tb)
    assert d.primary is not None and d.primary.id == "python.unhandled-exception", d.verdict


def test_a_numbered_dump_line_is_not_an_srun_label_for_the_lines_after_it():
    """" 360: fc: cast ..." of a TensorRT layer dump reads like srun's "--label" prefix; srun labels every line,
    so an unlabelled failure under it is not task 360's. A real srun-labelled failure keeps its rank."""
    d = diagnose("building engine\n  360: fc: cast stuff\nRuntimeError: CUDA error: out of memory\n")
    assert d.primary is not None and d.primary.id == "torch.cuda-oom" and d.primary.rank is None
    d = diagnose("0: step 10\n1: step 10\n1: RuntimeError: CUDA error: out of memory\n")
    assert d.primary is not None and d.primary.id == "torch.cuda-oom" and d.primary.rank == 1


def test_a_tensors_rank_in_a_message_is_not_a_process_rank():
    tb = 'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\n    f()\n'
    for msg in ("AssertionError: X must have rank 2", "ValueError: Shape must be rank 4 but is rank 3 for 'conv'"):
        d = diagnose(tb + msg + "\n")
        assert d.primary is not None and d.primary.rank is None, (msg, d.primary.rank)
    d = diagnose(tb + "RuntimeError: boom on global_rank=3\n")
    assert d.primary is not None and d.primary.rank == 3


def test_an_egg_installed_package_is_named_without_its_egg_folder():
    d = diagnose('Traceback (most recent call last):\n  File "/work/run.py", line 9, in <module>\n    encode(x)\n'
                 '  File "/usr/local/lib/python3.9/site-packages/ms_swift-2.5.2-py3.9.egg/swift/llm/utils/template.py", line 4037, in encode\n'
                 "    inputs['label'] = example['label']\nKeyError: 'label'\n")
    facts = next(f for f in d.findings if f.facts.get("exception") == "KeyError" or f.id.startswith("python.")).facts
    assert facts.get("package") == "swift" and facts.get("raised_in") == "swift.llm.utils.template.encode"


def test_vs_code_debugger_exception_takes_its_message_from_the_next_line():
    d = diagnose('Exception has occurred: TypeError\nRequired parameter edge_index is empty.\n'
                 '  File "/home/u/proj/train.py", line 40, in <module>\n    out = model(x)\n')
    assert d.primary is not None and d.primary.facts.get("message") == "Required parameter edge_index is empty."
    # a class alone on its line elsewhere keeps an empty message (the next line is not read as one)
    d = diagnose("Saving state\nTypeError\nRequired parameter edge_index is empty.\n")
    assert d.primary is None or d.primary.facts.get("message") != "Required parameter edge_index is empty."


def test_a_traceback_flattened_onto_one_line_reports_its_last_exception():
    """A paste that lost its newlines puts the raising frame's source ("raise ImportError('...')") right before
    the exception line: the last "T: msg" is the exception, the raise is code."""
    line = ('Traceback (most recent call last):   File "./yad2k.py", line 254, in _main     model.save(p)   '
            'File "C:\\Anaconda3\\lib\\site-packages\\keras\\engine\\saving.py", line 367, in save_model     '
            "raise ImportError('`save_model` requires h5py.') ImportError: `save_model` requires h5py.")
    d = diagnose(line + "\n")
    assert d.primary is not None and d.primary.facts.get("exception") == "ImportError"
    assert d.primary.facts.get("message") == "`save_model` requires h5py."
    # quoted source alone is still code, not a failure
    d = diagnose("    raise ImportError('`save_model` requires h5py.')\n")
    assert d.primary is None


def test_a_cut_traceback_of_the_servers_own_frames_yields_to_the_asgi_wrapper_line():
    """uvicorn's "Exception in ASGI application" over a traceback cut inside starlette's middleware: the entry
    (tagged with the frameworks it covers) says where the exception is; a cut traceback with the user's frame
    in it still says more than the wrapper."""
    sp = "/srv/app/lib/python3.12/site-packages"
    head = ["INFO:     127.0.0.1:50412 - \"POST /infer HTTP/1.1\" 500 Internal Server Error",
            "ERROR:    Exception in ASGI application", "Traceback (most recent call last):",
            f'  File "{sp}/uvicorn/protocols/http/h11_impl.py", line 403, in run_asgi', "    result = await app(",
            f'  File "{sp}/starlette/middleware/errors.py", line 187, in __call__', "    raise exc"]
    d = diagnose("\n".join(head) + "\n")
    assert d.primary is not None and d.primary.id == "serving.asgi-app-exception", d.primary and d.primary.id
    d = diagnose("\n".join(head + ['  File "/srv/app/server.py", line 41, in infer', "    out = model(x)"]) + "\n")
    assert d.primary is not None and d.primary.id == "python.unhandled-exception"


def test_the_windows_standard_library_folder_is_not_the_users_code():
    tb = 'Traceback (most recent call last):\n  File "C:\\\\Users\\\\u\\\\proj\\\\run.py", line 3, in <module>\n    main()\n'
    d = diagnose(tb + '  File "C:\\\\Users\\\\u\\\\Miniconda3\\\\lib\\\\pkgutil.py", line 415, in get_importer\n    x = cache[k]\nKeyError: None\n')
    assert d.primary.facts.get("package") == "python" and d.primary.facts.get("user_frame") == "run.py:3 in <module>"
    # a project's own lib\ folder stays the user's code
    d = diagnose(tb + '  File "C:\\\\Users\\\\u\\\\proj\\\\lib\\\\mytools.py", line 9, in load\n    x = cache[k]\nKeyError: None\n')
    assert d.primary.facts.get("package") is None and d.primary.facts.get("library_code") is False


def test_a_line_quoted_in_markdown_still_meets_patterns_anchored_at_the_line_start():
    """A report quotes the log with "> " markers: an entry whose pattern starts at the line start (the shell's
    bare "Segmentation fault", Megatron's "Path should be a basename ...") still reads the quoted line; a
    Python prompt (">>> ") is not a quote marker."""
    d = diagnose("I ran the job and got\n\n> Segmentation fault\n")
    assert d.primary is not None and d.primary.id == "system.segfault", d.primary and d.primary.id
    d = diagnose("> > Segmentation fault\n")
    assert d.primary is not None and d.primary.id == "system.segfault"
    assert diagnose(">>> import nltk\n>>> nltk.download('punkt')\n").exit_code == 0
