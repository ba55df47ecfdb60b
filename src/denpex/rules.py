"""Compiling signatures into rules the scanner runs, plus the generic failure patterns.

Generic patterns (tracebacks, exception lines, fatal lines, exit codes) are not
knowledge-base entries: they feed the honest "unknown failure" summary, the
traceback-chain ordering and rank attribution when no entry matches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .knowledge import KnowledgeBase, signature_rows

_NAMED = re.compile(r"\(\?P<[A-Za-z_][A-Za-z0-9_]*>")
_NAMED_REF = re.compile(r"\(\?P=[A-Za-z_]\w*\)")


@dataclass(frozen=True)
class ContextRule:
    regex: re.Pattern[str]
    before: int
    after: int
    required: bool = False
    veto: bool = False


@dataclass(frozen=True)
class Rule:
    index: int
    entry_id: str | None  # None: a generic pattern
    sig_id: str
    pattern: str
    regex: re.Pattern[str]
    ignore_case: bool
    context: tuple[ContextRule, ...] = field(default=())
    exclude: re.Pattern[str] | None = None
    specificity: int = 0
    confidence: float = 1.0
    role: str | None = None  # None: the entry's role
    wraps: int = 0
    wraps_generic: bool = True
    ends_command: bool = False
    noise: bool = False  # the signature's (or its entry's) role is noise: a benign line, often very frequent

    @property
    def keep_before(self) -> bool:
        """Whether hits keep the lines above them (for time, rank and summary-record inheritance):
        entry hits and the generic kinds the report quotes; not bookkeeping kinds that can be frequent."""
        # (not a benign line's: a warning printed thousands of times would cost its context thousands of times)
        return (self.entry_id is not None and not self.noise) or self.sig_id in _KEEP_BEFORE

    @property
    def key(self) -> str:
        return f"{self.entry_id or 'generic'}:{self.sig_id}"


# a wording below this confidence is tentative (a warning, a bare process-death notice): it gives way to a firm
# root failure printed after it, and right under an exception it is how that exception ended the process
TENTATIVE = 0.7


# Generic patterns: (name, regex, ignore_case)
# An exception class token: dotted, ending in Error/Exception/Exit/Interrupt (or a few well-known names
# without that suffix), optionally wrapping another class in parentheses as Ray's RayTaskError(ValueError)
# does; it may follow a backtick, quote or bracket as pasted in issue threads and chat.
_EXC_CLASS = (
    r"(?P<exc_type>(?:[A-Za-z_][A-Za-z0-9_]*\.)*(?:_?[A-Z][A-Za-z0-9_]*(?:Error|Exception|Exit|Interrupt)|[A-Z][A-Za-z0-9_]+Timeout)"
    r"|(?:[A-Za-z_][A-Za-z0-9_]*\.)+(?:errors?|exceptions?|exc)\.[A-Z][A-Za-z0-9_]*"
    # (gRPC's private classes: "grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:",
    # "grpc._channel._MultiThreadedRendezvous: <...>", grpcio < 1.26 "grpc._channel._Rendezvous: <...>")
    r"|(?:grpc\.(?:_channel|aio\._call)\.)?_(?:MultiThreaded)?Rendezvous"
    r"|BrokenProcessPool|BackendCompilerFailed|TimeoutExpired|StopIteration|CancelledError|ResolutionImpossible"
    # standard-library and OpenCV classes without the suffix ("struct.error: unpack requires a buffer of 8 bytes",
    # "binascii.Error: Incorrect padding", "_queue.Empty", "zipfile.BadZipFile: File is not a zip file")
    r"|(?:struct|re|sre_constants|zlib|socket|select|getopt|os|dbm|resource|cv2)\.error"
    r"|(?:[A-Za-z_][A-Za-z0-9_]*\.)+Error"  # a module's own base class: binascii.Error, lmdb.Error, sqlite3.Error
    r"|_?queue\.(?:Empty|Full)|zipfile\.BadZip[Ff]ile|gzip\.BadGzipFile"
    # standard-library network classes without the suffix, common under downloads: "http.client.IncompleteRead:
    # IncompleteRead(6746 bytes read, 1438 more expected)", "http.client.RemoteDisconnected: Remote end closed
    # connection without response", "socket.timeout: timed out", "socket.gaierror: [Errno -2] Name or service not known"
    r"|(?:http\.client\.)?(?:IncompleteRead|RemoteDisconnected|BadStatusLine|ResponseNotReady|CannotSendRequest)"
    r"|socket\.(?:timeout|gaierror|herror)|GeneratorExit)"
    r"(?:\((?P<exc_inner>(?:[A-Za-z_][A-Za-z0-9_]*\.)*[A-Z][A-Za-z0-9_]*)\))?"
)
# srun's per-task exit records ("srun: error: vm: tasks 0,2-3: Terminated") are the launcher's account of how
# ranks ended: attribution.exit_record reads them, and a rank srun terminated did not fail by itself, so the
# error-line rules that would take them exclude them
_SRUN_TASK_RECORD = r"\b(?:srun|salloc|sbatch): error: [A-Za-z0-9][\w.-]*: tasks? \d"
# (name, regex, ignore_case[, exclude regex])
GENERIC: list[tuple[str, str, bool] | tuple[str, str, bool, str]] = [
    ("traceback", r"Traceback \(most recent call last\)", False),
    ("chain-during", r"During handling of the above exception, another exception occurred", False),
    ("chain-cause", r"The above exception was the direct cause of the following exception", False),
    # Python's note above an exception it could not raise and went on from (a destructor, an atexit
    # callback, interpreter shutdown; 3.13+ "Exception ignored while ..."); a dead _thread is not ignored.
    # Also a library's own note that the traceback it logs next is harmless (Ray Train's controller:
    # "Failed to send resource request ... If this only happens transiently during network partition or
    # CPU being overloaded, it's safe to ignore this", then a GetTimeoutError traceback; xFormers' "A matching
    # Triton is not available, some optimizations will not be enabled" above the import traceback it caught)
    ("exception-ignored", r"Exception ignored (?:in|on|while)\b|\b(?:it's|it is|It's|It is) safe to ignore\b|\bcan (?:be )?safely (?:be )?ignored\b|\bsome optimi[sz]ations will not be enabled\b",
     False, r"ignored in thread started by"),
    # a Python warning (as the warnings module prints it, "<file>.py:<line>: <Category>: <message>") whose
    # message goes on over the next lines ("UserWarning: Error getting driver and runtime versions:", then cudf's
    # "stdout:" / "stderr:" and a subprocess's traceback): a traceback right under its "stderr:" is part of the
    # warning's text, not an exception of this process (see tracebacks.collect)
    ("warning-carries", r"\.py:\d{1,6}: [A-Z]\w{0,60}Warning: [^\n]{0,500}:\s*$", False),
    # ... and the "stdout:" / "stderr:" label of the captured output such a message quotes
    ("output-label", r"^\s{0,4}(?:stdout|stderr|STDOUT|STDERR|Stdout|Stderr):\s*$", False),
    # a traceback frame: where the exception travelled (raising package, user code)
    ("frame", r'File "(?P<path>[^"]{1,500})", line (?P<lineno>\d+)(?:, in (?P<func><?[A-Za-z_][\w.<>]*))?', False),
    # IPython 8+ (Jupyter, Colab): "File /usr/lib/python3.10/site-packages/x/y.py:2357, in func(args)";
    # IPython 7: "/usr/local/lib/python3.7/dist-packages/x/y.py in func(self, *args)"
    ("frame", r'(?:^|[\s>|:])File (?P<path>(?:[A-Za-z]:)?[\\/~][^\n"]{0,500}?\.py):(?P<lineno>\d+), in (?P<func><?[A-Za-z_][\w.<>]*)', False),
    # (module level has no argument list: "/usr/local/lib/python3.10/dist-packages/pyro/distributions/torch_patch.py in <module>";
    # Colab links each path: "[/usr/local/lib/python3.10/dist-packages/x/y.py](https://localhost:8080/#) in f(a, b)")
    ("frame", r'(?:^|[\s>|])\[?(?P<path>(?:[A-Za-z]:)?[\\/~][^\n" \]]{0,500}?\.py)(?:\]\([^)\s]{0,300}\))? in (?P<func><?[A-Za-z_][\w.<>]*)(?:\(|\s*$)', False),
    # ... and VS Code's notebook output, which links each path: "File [~/x/y.py:115](https://file+.vscode-resource...), in f"
    ("frame", r'(?:^|[\s>|:])File \[(?P<path>(?:[A-Za-z]:)?[\\/~][^\n"\]]{0,500}?\.py):(?P<lineno>\d+)\]\([^)\n]{0,800}\), in (?P<func><?[A-Za-z_][\w.<>]*)', False),
    # a JVM stack frame under a Java/Scala exception ("\tat org.apache.spark.rdd.RDD.iterator(RDD.scala:329)"):
    # printed after its exception line, innermost first
    # (its literals - ".java:", "Native Method" - keep it on the prefilter)
    ("jvm-frame", r"(?:^|\s)at (?P<func>[A-Za-z_$][\w$]*\.[\w$.<>-]{1,300})\((?:(?P<path>[\w$-]{1,200}\.(?:java|scala|kt|groovy)):(?P<lineno>\d{1,7})|Native Method|Unknown Source)\)", False),
    # a Node.js / browser stack frame under a JavaScript error ("    at embed (/app/node_modules/web-llm/lib/index.js:10:5)",
    # "    at /app/server.js:42:13"): printed after its error line, innermost first, like a JVM trace
    ("js-frame", r"^\s+at (?:(?P<func>(?:async |new )?[^\s()]{1,300}(?: \[as [\w$]{1,100}\])?) \()?(?P<path>[^\s()]{1,500}?\.(?:js|mjs|cjs)):(?P<lineno>\d{1,7}):\d{1,7}\)?\s*$", False),
    # (quotes unescaped: the patterns are exported for grep/ripgrep, whose regex syntax refuses \")
    # (curly quotes: an error quoted in prose pasted from a rich-text editor, "gives me: “NotImplementedError: ...”")
    # (full-width colon and brackets: a Chinese or Japanese sentence quoting the error, "报错：RuntimeError: ...";
    # or right after a CJK character, with no space: "在 stage 2 的时候会出现KeyError: u'BAC009S0041W0234'")
    # (not where a line predicts the error for a case that may not apply: ms-swift's start-up INFO "No vLLM
    # installed, if you are using vLLM, you will get `ImportError: cannot import name ...`")
    # (and after an HTML entity's semicolon: text copied from a notification e-mail, "&nbsp;ValueError: ...")
    ("exception", r"(?:^|[\s\]>|:`'" + '"' + r"(;]|\*\*|" "\u201c|\u2018|\uff1a|\uff08|\u3010|\u300c|[\u3040-\u30ff\u4e00-\u9fff]" r")" + _EXC_CLASS + r"(?: ?: |:\s*$|\s*$|:`|:['" + '"' + r"]| \(see above for traceback\): |['" "\u2019" r"]>: )", False,
     # (nor a CPython C-API frame alone on its line in a native stack dump - "Py_Exit", "_Py_HandleSystemExit" - as
     # torch_xla's "*** Begin stack trace ***" block prints them)
     r"\byou(?:'ll| will| may| might| would) (?:get|see)\b|\b(?:will|would|may|might) raise\b|^\s*_{0,2}Py[A-Za-z]*_\w+\s*$"),
    # a bare "Error: ..." / "Exception: ..." (Go and Node CLIs, JS, Python's own bare Exception) only where
    # a line's message starts: mid-line it is prose ("... completed with error. Error: 2")
    # (also after a clock time: wxWidgets/Audacity-style "9:29:39: Error: ...")
    # (and quoted after a colon: 'Swarm Web UI: "Error: No images were generated ...')
    # (and after a sentence that introduces it: "when I try faceswap I get this error, Error: API Request Failed: 422")
    # (and after ESPnet/Kaldi recipes' "(asr.sh:306:main) " caller tag: "(asr.sh:306:main) Error: --train_set is required")
    ("exception", r"(?:^|\]: ?|[Ee]rror[:,] |\d:\d\d: |: [`'" + '"' + r"]|: " "\u201c" r"|:\d+:\w+\) )[^\w\n]{0,8}(?P<exc_type>Error|Exception): \S", False),
    ("cpp-exception", r"terminate called after throwing an instance of '[^']+'|terminate called (?:without an|recursively)|what\(\):  ", False),
    ("fatal", r"\b(?:FATAL|Fatal Python error|CRITICAL|Segmentation fault|core dumped|Aborted \(core|Bus error|Floating point exception)\b", False),
    # Apple's Metal / MPS validation aborting the process: "-[IOGPUMetalCommandBuffer validate]:213: failed assertion
    # `commit an already committed command buffer'", ".../MPSNDArrayGatherND.mm:256: failed assertion `Rank of updates
    # array (1) must be ...'" - an abort, never a handled error, even where a progress bar goes on in the paste
    ("fatal", r"(?:\]|\.mm?|\.swift|\.cpp|^mm?):\d+: failed assertion [`']", False),
    # glibc's assert() message, printed just before it calls abort(): "python: ../nestkernel/scheduler.h:789: static
    # nest::delay nest::Scheduler::get_modulo(nest::delay): Assertion `d < moduli_.size()' failed." - a dead process
    # even where the paste stops before the shell's "Aborted (core dumped)"
    ("fatal", r": Assertion `[^\n]{1,600}' failed\.", False),
    # TensorRT's logger at ERROR / INTERNAL_ERROR severity (trtexec and the samples' "[E] [TRT] 3: ...", the
    # Python logger's "[TRT] [E] 1: ..."), even when the paste stops right after the error code (its own rule: the
    # long error-line alternation below is at its literal-set limit)
    ("error-line", r"\[E\] \[TRT\] |\[F\] \[TRT\] |\[TRT\] \[E\] |\[TRT\] \[F\] ", False),
    # anchored on a line start or a bracket: a bare character class in front costs Hyperscan a quarter of its time
    # (absl's newer prefix puts seconds since the epoch after "00:00:": "F0000 00:00:1690231188.634652  174603 x.cc:1205]")
    ("glog-error", r"(?:^|\] ?:?\[?|\[)[EF]\d{3,4} \d\d:\d\d:\d{2,10}\.\d", False),
    # error lines that carry no exception class but that everyone reads as a failure: OS errors, shells,
    # compilers and build tools, pip, MPI, allocators, launchers' FAILED banners
    (
        "error-line",
        (r"No module named ['" + '"' + r"]?[A-Za-z_]"
        r"|\[Errno -?\d+\] {1,3}[A-Z]"
        r"|\[WinError \d+\] "
        r"|CMake Error(?: at |:)"
        r"|error: subprocess-exited-with-error"
        r"|ERROR: (?:Failed building wheel|Could not build wheels|Could not find a version|No matching distribution|Cannot install|ResolutionImpossible|Command errored out)"
        r"|\*\*\* CMake build failed|An error occurred while building with CMake"
        r"|Error executing job with overrides"
        r"|\bfailed to start\b|error loading model"
        r"|NVRM: Xid \("
        r"|Test NCCL failure |NCCL WARN Error "
        # C++ runtimes: glog/absl CHECK failures (TensorFlow, XLA, PyTorch c10), glibc's heap checks,
        # MSVC's abort, gdb's verdict on a core file, ONNX Runtime's error log, setuptools' compiler call
        r"|\bCheck failed: "
        r"|double free or corruption|free\(\): invalid (?:pointer|size)|malloc\(\): (?:corrupted|memory corruption|unaligned)|corrupted size vs\. prev_size|\*\*\* stack smashing detected \*\*\*"
        r"|This application has requested the Runtime to terminate it in an unusual way"
        r"|Program terminated with signal SIG[A-Z]+"
        r"|\[E:onnxruntime:|Non-zero status code returned while running "
        r"|error: command '[^']{1,200}' failed with exit (?:status|code) \d+"
        r"|slurmstepd: error: |, FAILED, ExitCode [1-9]"
        r"|died unexpectedly|unexpectedly (?:stopped|exited|died|terminated)|process died during"
        r"|\b\d{1,2}:\d\d[AP]M ERR "
        r"|^\s*" "\u2718 "
        r"|sigkill_handler\] Killing subprocess"
        r"|Failed to build (?:installable wheels|[A-Za-z0-9])"
        r"|\*\*\* An error occurred in MPI_"
        r"|MPI_ABORT was invoked on rank"
        r"|(?:command not found|: not found$)"
        r"|is not recognized as an internal or external command"
        r"|failed to create process\."
        r"|DefaultCPUAllocator: can't allocate memory"
        r"|: fatal error: "
        r"|^ninja: build stopped: subcommand failed"
        r"|^FAILED: \S"
        r"|make(?:\[\d+\])?: \*\*\* \[[^\]]{0,300}\] Error \d+"
        r"|\.(?:py|sh) FAILED\s*$"
        r"|^FAILED \S{1,300}::\S"),
        False,
    ),
    # (a second rule: the literal prefilter keeps at most 64 literals per rule)
    (
        "error-line",
        # Windows NTSTATUS crash codes (0xC0000005 access violation, 0xC0000409 stack buffer overrun...)
        (r"(?:[Ee]xception|[Ee]rror|[Ss]tatus|[Ee]xit) code:? 0x[Cc]0000[0-9A-Fa-f]{3}\b"
        # Slurm's client tools ("srun: error: s_p_parse_file: unable to status file ...", "sbatch: error: Batch job
        # submission failed: ...", "salloc: error: Job submit/allocate failed: ...")
        r"|\b(?:srun|salloc|sbatch|sacct|scontrol|sattach|sbcast): error: "
        # Slurm's controller record of a job killed by a signal or exiting non-zero; a shell's job-control
        # note on a killed child ("slurm_script: line 9:  4727 Killed")
        r"|\bWTERMSIG [1-9]|\bWEXITSTATUS [1-9]|: line \d+: +\d+ (?:Killed|Aborted|Terminated|Bus error)\b"
        # interactive shells' job-control notices of a background job that died: zsh "[1]    96748 hangup
        # sudo python -m x", "[2]  + 4711 killed  python train.py"; bash "[1]+  Killed   python train.py"
        r"|^\[\d{1,3}\] {0,2}[+-]? +\d+ (?:hangup|killed|terminated|abort|segmentation fault|bus error|illegal hardware instruction) "
        r"|^\[\d{1,3}\][+-]? +(?:Killed|Terminated|Hangup|Aborted|Segmentation fault|Bus error|Illegal instruction)(?: \(core dumped\))? {2,}\S"
        # a component that crashed, and workflow states that mean failure (SkyPilot FAILED_SETUP ...)
        r"|\b(?:[Aa]ctor|[Rr]eplica|[Ww]orker|[Pp]rocess|[Kk]ernel|[Ss]erver|[Rr]unner|[Ee]ngine|[Pp]od|[Cc]ontainer|[Aa]pplication|[Pp]rogram) (?:\S+ )?(?:has )?crashed\b"
        r"|\bFAILED_[A-Z]{3,}\b"
        # a test runner's crashed process (pytest-forked "running the test CRASHED with signal 9"), a worker that
        # exited with nothing after it ("[Distributed] Worker process exited")
        r"|(?:[Cc]rashed|CRASHED) with signal \d|[Ww]orker process exited\s*$"
        # a job wrapper's verdict with the job's non-zero return (PaddlePaddle AI Studio: "[INFO]: train job failed!
        # train_ret: 1"), whatever level the wrapper logs it at
        r"|\b(?:[Jj]ob|[Tt]ask) failed\W{1,3}\w{0,30}(?:ret|returncode|exit_?code|status)[:=] ?-?[1-9]"),
        False,
        _SRUN_TASK_RECORD,
    ),
    # (a third rule, for the same reason)
    (
        "error-line",
        # PowerShell's command-not-found, whatever the case of its first word
        (r"is not recognized as the name of a cmdlet"
        # ONNX Runtime's status exceptions: "[ONNXRuntimeError] : 2 : INVALID_ARGUMENT : ..."
        r"|\[ONNXRuntimeError\] : \d+ : [A-Z_]{3,}"
        # unpickling a checkpoint whose class the installed package lacks (the AttributeError prefix is often cut)
        r"|Can't get attribute '[^'\n]{1,200}' on <module '"
        # mmengine-based CLIs (xtuner) log the exception that ended a command at WARNING level
        r"|WARNING: command error: '"
        # torchelastic's event record of a failed worker (JSON), pip's failed build step, docker build
        r"|torchelastic\.worker\.status\.FAILED|\bdid not run successfully\."
        r"|unable to prepare context: |ERROR: failed to solve: "
        # glibc's "Segmentation fault (core dumped)" in a Chinese locale
        r"|" "\u6bb5\u9519\u8bef"
        # absl's failure signal handler (TensorFlow, XLA, JAX, TPU runtimes): "*** SIGTERM received at
        # time=1623371673 on cpu 3 ***", "*** SIGSEGV received by PID 12 (TID 34) on cpu 1 from PID 0"
        r"|\*\*\* SIG[A-Z]{3,6} received (?:at time=|by PID )"
        # ... and the crash hook of Google runtimes (libtpu) as the process dies of a signal
        r"|Remote crash gathering disabled for SIG[A-Z]"
        # a C++ runtime's last-chance handler (Ray's logging.cc, MSVC): "Unhandled exception: N3c105ErrorE. what(): ..."
        r"|\bUnhandled exception: [A-Za-z_]"
        # Nextflow's failed process; AUTOMATIC1111-style web UIs' "*** Error completing request" blocks
        r"|terminated with an error exit status \(\d+\)|^\*\*\* Error [a-z]{3,}"
        # glibc's dynamic loader refusing a library at run time: "python: relocation error: /x/libcublas.so: symbol
        # runGemmShortApi, version libcublasLt.so.11 not defined ...", "python3: symbol lookup error: x.so: undefined symbol: y"
        r"|: (?:relocation|symbol lookup) error: "
        # a shell that cannot run a script's #! interpreter: "bash: ./run.sh: /bin/bash^M: bad interpreter: No such file ..."
        r"|: bad interpreter: "
        # a browser console's failed request (web demos: Gradio, Streamlit): "POST http://h:8078/run/predict 422 (Unprocessable Entity)"
        r"|\b(?:GET|POST|PUT|PATCH|DELETE) https?://\S{1,500} [45]\d\d \((?:[A-Z]|\d)"
        # LightGBM's (and other C++ libraries') fatal log level: "[LightGBM] [Fatal] Model format error, expect a tree here."
        r"|\[Fatal\] \S"
        # a Unix tool's failed file operation at a line start (GNU coreutils: "cp: cannot stat 'exp/x/ref.trn': No such
        # file or directory", "mkdir: cannot create directory '/data': Permission denied"; "cat: x.txt: No such file or directory")
        r"|^[\w.+-]{1,40}: cannot (?:stat|open|access|create|remove|move|copy|read|write|touch|change)\b[^\n]{0,400}?: (?:No such file or directory|Permission denied|Not a directory|Is a directory|No space left on device|Read-only file system|Disk quota exceeded)"
        r"|^[\w.+-]{1,40}: [^\s:]{1,400}: No such file or directory\s*$"
        # dmlc-core's native backtrace under a fatal log (MXNet, XGBoost, TVM): "Stack trace returned 8 entries:" then
        # "[bt] (0) /x/libmxnet.so(_ZN4dmlc15LogMessageFatalD1Ev+0x3c) [0x7f..]" - pasted alone, the message above is cut
        r"|^Stack trace returned \d+ entries:|^\[bt\] \(0\) \S"
        # an absl status printed on its own line (TensorFlow 2 eager / XLA errors without their Python class:
        # "INVALID_ARGUMENT: slice index 0 of dimension 0 out of bounds"); not the codes that end a loop or a probe
        r"|^(?:INVALID_ARGUMENT|FAILED_PRECONDITION|RESOURCE_EXHAUSTED|INTERNAL|UNIMPLEMENTED|DATA_LOSS|PERMISSION_DENIED): [A-Za-z]"
        # an MLIR diagnostic with its location (MPSGraph, XLA, Triton:
        # loc("mps_select"("(mpsFileLoc): /x/MPSGraphUtilities.mm":294:0)): error: 'anec.gain_offset_control' op ...)
        r'|^loc\(".*\)\): error: ' "'"
        # Open MPI / PMIx internal error logs ("[host:23414] [[0,0],1] ORTE_ERROR_LOG: Not found in file
        # ../orte/runtime/orte_globals.c at line 517", "PMIX ERROR: NOT-FOUND in file pmdl_ompi5.c at line 487") and
        # OpenVINO's exception chain ("Exception from src\inference\src\cpp\core.cpp:107:")
        r"|\bORTE_ERROR_LOG: |\bPMIX ERROR: |^Exception from [\w./\\-]{1,300}:\d+:"
        # CNTK's top-level handler ("EXCEPTION occurred: TrainOrAdaptModel: No criterion node was specified.", or the
        # line alone when the message is lost) and Tesseract's training loader ("Deserialize header failed: x.lstmf")
        r"|^\s{0,8}EXCEPTION occurred:|^\s{0,8}Deserialize header failed: \S"
        # Twisted's record of a failed Deferred, as Rasa NLU / Scrapy log it ("rasa_nlu.data_router - [Failure instance:
        # Traceback (failure with no frames): <class 'rasa_nlu.train.TrainingException'>: Can not train ...")
        r"|\[Failure instance: Traceback\b[^\n]{0,40}: <class "
        # the tail TensorFlow 2 appends to a graph function's error message, pasted without the exception line above
        # it: "Errors may have originated from an input operation." / "Function call stack:"
        r"|^\s{0,8}Errors may have originated from an input operation\.|^Function call stack:\s*$"
        # a web server's access log of a request that raised in its handler (Flask/werkzeug, uvicorn, gunicorn):
        # '127.0.0.1 - - [23/Oct/2025 21:42:48] "POST /generate HTTP/1.1" 500 -'; 500 only, not a 503 while warming up
        r"|" '"' r"(?:GET|POST|PUT|PATCH|DELETE) /\S{0,300} HTTP/\d(?:\.\d)?" '"' r" 500\b"
        # R's condition for an error in a call ("Error in apply(nay, 2, all) : dim(X) must have a positive length") and
        # Rscript's last words when one ended the script (R packages in ML pipelines, reticulate, Seurat, caret)
        r"|^Error in [^\n]{1,300} : \S|^Execution halted\s*$"
        # Go's net errors, as Kubernetes controllers (KubeRay, the kubelet), Ollama and other Go services log a failed
        # call: 'Put "http://x-dashboard-svc:52365/api/serve/deployments/": dial tcp 10.96.153.56:52365: connect:
        # connection refused'
        r"|: dial (?:tcp|udp|unix)\d? [^\s]{1,300}: (?:connect: (?:connection refused|no route to host|network is unreachable|connection timed out)|i/o timeout)"),
        False,
    ),
    # Lua runtime errors (Torch7, OpenNMT-lua, LuaJIT tools): "/x/nn/LookupTable.lua:59: attempt to index local
    # 'input' (a number value)", "bad argument #1 to 'f'", and the interpreter's "luajit: file.lua:67: ..." prefix
    ("error-line", r"\.lua:\d+: (?:attempt to (?:index|call|perform|compare|concatenate|get length)|bad argument #\d+)|\b(?:luajit|lua\d?(?:\.\d)?): \S+\.lua:\d+: ", False),
    # a TensorFlow kernel's failed check, logged at W level just before the op's exception ("W tensorflow/core/
    # framework/op_kernel.cc:1767] OP_REQUIRES failed at example_parsing_ops.cc:240 : Invalid argument: ..."); not
    # the end of a dataset or a cancelled step at shutdown, which TF 1.x input loops log the same way
    # ... and the same for a collective step that aborts ("W ... base_collective_executor.cc:216]
    # BaseCollectiveExecutor::StartAbort Invalid argument: var and grad do not have the same shape ...") and TF 1.x's
    # Coordinator, told of a thread's exception ("INFO:tensorflow:Error reported to Coordinator: <class
    # '...InvalidArgumentError'>, Invalid JPEG data"), an input queue running dry at the last epoch being its normal end
    ("error-line", r"OP_REQUIRES failed at [\w./-]{1,200}:\d+ : \S|BaseCollectiveExecutor::StartAbort \S|Error reported to Coordinator: <class '", False,
     r"(?:OP_REQUIRES failed at [\w./-]{1,200}:\d+ :|StartAbort) (?:Out of range|OUT_OF_RANGE|Cancelled|CANCELLED)"
     r"|Error reported to Coordinator: <class '[\w.]{0,80}(?:OutOfRangeError|CancelledError)'"),
    # a browser console's unhandled error or promise rejection (transformers.js, onnxruntime-web, TensorFlow.js):
    # "Uncaught (in promise) Error: no available backend found", "Uncaught (in promise) 12768952" (an ONNX
    # Runtime Web wasm exception pointer), "Uncaught TypeError: Cannot read properties of undefined" (a rule of
    # its own: inside the long error-line rule its literal would push that rule's literal set over its limit)
    ("error-line", r"\bUncaught (?:\(in promise\)|[A-Z][A-Za-z]*(?:Error|Exception)\b)", False),
    # compilers' diagnostics (gcc, clang, nvcc, OpenCL): file:line:col: error: - a rule of its own, as
    # its only literal (": error: ") is a word healthy logs print: inside the long error-line rule it would send
    # that whole alternation to Hyperscan as one full regex (seconds to compile instead of a literal set)
    # ... and, on the same literal, the Unix convention "program: error: message" / "program: fatal: message" at a
    # line start (argparse's "train.py: error: ...", "gsutil: error: ...", git, linkers, CLIs)
    ("error-line", r":\d+:\d+: error: |^[\w./-]{1,40}: (?:error|fatal): \S", False,
     _SRUN_TASK_RECORD),
    # error sentences with no exception class and no tool-specific marker ("Download failed",
    # "An exception was thrown!", "Invoke operator sgd error.", "request timed out after 60s", an
    # ERROR-level logger line): weaker than the lines above, so not on warning/info-level lines,
    # not on retry notices and not where the line says nothing failed
    (
        "error-line",
        (r"(?:^|[\s`'" + '"' + r"(>*\]:])(?:[Ff]ailed to [a-z]{2,}"
         r"|(?:[Dd]ownload|[Uu]pload|[Ll]oad(?:ing)?|[Cc]onnection|[Rr]equest|[Bb]uild|[Ii]nstall(?:ation)?|[Cc]ompil(?:e|ation)"
         r"|[Ii]nitiali[sz]ation|[Ee]xport|[Cc]onversion|[Ii]nference|[Tt]raining|[Ee]valuation|[Jj]ob|[Tt]ask|[Oo]peration"
         r"|[Cc]ommand|[Aa]ssertion|[Vv]alidation|[Ss]tartup|[Hh]andshake|[Aa]uthentication|[Ww]orker|[Ss]etup|[Ss]tatus)"
         r" (?:has |have |had )?failed\b"
         r"|(?:[Ee]xecution|[Kk]ernel) error[.!:]|(?:[Ee]xception|[Ee]rror|[Ff]ailure) (?:was thrown|is thrown|was raised|has been raised|occurred|occured|has occurred|has occured|happened)\b"
         r"|(?:[Cc]ould not|[Cc]ouldn't|[Cc]annot|[Uu]nable to) (?:load|open|find|connect|allocate|create|start|initiali[sz]e|import"
         r"|locate|resolve|read|write|access|parse|launch|execute|spawn|bind|determine|reach|mount|save|restore|download|fetch|compile|build"
         r"|predict|generate)\b"
         r"|[Tt]imed out\b|(?:has |have )?crashed\b|panicked at |Exception in thread |No such file or directory: '|[Ss]omething went wrong\b"
         r"|error [A-Z]{1,3}\d{3,5}: |5\d\d (?:Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout)\b"
         # an errno retyped by hand in a thread ("filenotfoundError:[Error 2]  No such file or directory"; its
         # literal is a common word, so it lives in this full-regex rule)
         r"|\[Error -?\d+\] {1,3}[A-Z])"
         r"|[a-z] [Ee]rror(?:[.!]| \([^)]{0,60}\):|:)\s*$"
         # git, compilers' drivers, linkers, SwiftPM: "error: ..." / "fatal: ..." at a line start or quoted after a
         # back-quote in prose ("If I don't include it, I get `error: no executable product named 'transcribe'`")
         r"|^(?:error|fatal): \S|`(?:error|fatal): [A-Za-z]"
         # an app's bracketed tags run into the word ("[tts][ttsloop]error:You need to define either `text` ...")
         r"|\](?:error|Error): ?[A-Za-z]"
         # (and a level right after a clock time with fractions: Rust tracing "12:24:19.123838Z ERROR batch{..}:
         # target: file.rs:33: msg", Python logging "10:00:00,123 ERROR msg")
         r"|^\s*panic: |^ERROR [a-z]{3,} [a-z]|ERROR(?:\]| \]|:|!| - | ~ |\s+\d\d-\d\d |\s+\d{4}-\d\d-\d\d |\s+\||\s{2,}[A-Z])|(?:\dZ|[,.]\d{3,9}) {1,2}ERROR \S|\] \[(?:error|critical)\] |\[(?:Error|Fatal|Critical)\](?::\[| )|\blevel=(?:error|fatal)\b|" + '"' + r"level" + '"' + r": ?" + '"' + r"(?:error|fatal)"
         r"|(?:^|[`>] ?)" "\u2718 "),
        False,
        (r"\b[A-Z]\w*Warning\b|\bWARN(?:ING)?\b|\bINFO\b|\bDEBUG\b|\[(?:Info|info|Debug|debug|Warning|warning|Warn|warn)\]|warnings\.warn|(?:^|[\s\]:])[IWD]\d{4} \d\d:"
         r"|: [IWD] [\w/.-]{1,200}\.(?:cc|cpp|h|py):\d+\]|\[W(?: |\d)|[Rr]etry(?:ing)?\b|[Rr]etries\b|[Ff]alling back|[Ff]allback|[Rr]esorting to"
         r"|\b(?:[Nn]o|[Ww]ithout|0|[Zz]ero) (?:errors?|failures?)\b|\b[Ii]gnor(?:e|ed|ing)\b|\b[Ss]kipp(?:ed|ing)\b|[Nn]ot an error"
         r"|(?:if|when|whether) (?:the )?(?:\w+ )?(?:fails|failed|times out)"
         # git's notes when a script asks for its version outside a checkout
         r"|not a git repository|No names found, cannot describe|No tags can describe"
         # a person searching, not a program failing ("I could not find a way to make the segments longer")
         r"|\b(?:I|[Ww]e) (?:could not|couldn't|cannot|can't|was unable to) find\b"
         # ... and a maintainer's guess about what went wrong ("it seems like Whisper failed to install. Can you check ...")
         r"|\b(?:[Ss]eems?|[Ll]ooks?|[Aa]ppears?) (?:like|as if|that) (?:\w+ ){0,3}(?:failed|crashed|timed out)\b"
         # JAX probing each platform at start-up ("Unable to initialize backend 'rocm': NOT_FOUND: ...")
         r"|Unable to initialize backend '"
         # a metric's heading, as PyTorch's quickstart tutorial prints it ("Test Error: " then " Accuracy: 27.2%, Avg
         # loss: 2.008141") and as training scripts name their error metrics ("Mean Squared Error:", "Top-1 Error:")
         r"|\b(?:[Tt]est|TEST|[Tt]rain(?:ing)?|[Vv]al(?:idation)?|[Ee]val(?:uation)?|[Dd]ev|[Mm]ean|[Aa]vg|[Aa]verage|[Ss]quared|[Aa]bsolute"
         r"|[Rr]elative|[Rr]econstruction|[Cc]lassification|[Pp]rediction|[Aa]pproximation|[Tt]op-?\d|[Gg]eneralization|[Tt]ranslation|[Ww]ord|[Cc]haracter) [Ee]rror:\s*$"
         # prose that introduces a paste ("since last week, there's an error:", "I get the following error:")
         r"|\b(?:an|the|this|that|following|same|another|these|those|some|[Tt]his|[Tt]he) (?:\w+ )?[Ee]rrors?:\s*$"
         # Vertex AI's log stream (gcloud ai custom-jobs stream-logs, the console's export) files everything the
         # job wrote to stderr at ERROR severity: tqdm bars and "Configuration saved in ..." included
         r"|^ERROR\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? [+-]\d{4}\s+workerpool\d+-\d+\s"),
    ),
    # Kaldi's (and Vosk's) own error and assertion lines: "ERROR (VoskAPI:KaldiRecognizer():kaldi_recognizer.cc:82) Can't
    # create decoding graph.", "ERROR (nnet3-train[5.5.0~1-da93]:ExpectToken():io-funcs.cc:212) Expected token ...",
    # "ASSERTION_FAILED (gmm-est[5.4]:Foo():bar.cc:12) Assertion failed: ..." (KALDI_ERR throws; the program ends)
    ("error-line", r"^(?:ERROR|ASSERTION_FAILED) \([^()\s]{1,160}\(\):[^()\s]{1,200}\.cc:\d{1,6}\) \S", False),
    ("error-word", r"(?:^|[\s\[|(])(?:ERROR|Error:|error:)", False),
    # a launcher's markers around one rank's saved output (MosaicML Composer): launcher_blocks.py
    ("launcher-block", r"^-{10}(?P<edge>Begin|End) global rank (?P<block_rank>\d+) (?:STDOUT|STDERR|logs)-{10}", False),
    # the source line a traceback quotes under its last frame when that line raises or asserts: what a
    # traceback cut before its exception line was about to report (tracebacks.collect reads it)
    ("source-raise",
     r"(?:^|[\]:>|]|^-{1,4}> ?\d{1,6})\s{2,}(?:raise (?P<raise_type>(?:[A-Za-z_]\w*\.)*[A-Z]\w*)(?:\(\s*f?['" + '"' + r"](?P<raise_msg>[^'" + '"' + r"\n]{1,300}))?"
     r"|assert\b(?:[^'" + '"' + r"\n]{0,300}, *f?['" + '"' + r"](?P<assert_msg>[^'" + '"' + r"\n]{1,300}))?)", False),
    ("world", r"\b(?:world[_ ]size|WORLD_SIZE)\s*[=:]\s*\d+", False),
    ("nccl-rank", r"NCCL INFO (?:comm 0x[0-9a-fA-F]+ )?rank \d+ nranks \d+", False),
    ("summary-rank", r"^\s*rank\s+: \d+ \(local_rank: \d+\)", False),
    # lines that tie a process to its rank: Ray Train's worker-group list, Lightning's join message
    ("rank-map", r"\) world_rank=\d+, local_rank=\d+|GLOBAL_RANK: \d+, MEMBER: \d+/\d+", False),
    # package versions the log shows (pip lines, env reports): context for an unknown exception
    ("version", r"\b[Vv]ersion:? +v?\d+\.\d+|Successfully installed \S", False),
    (
        "exit",
        # the last two: launchers' records of how one process ended (read by attribution.exit_record),
        # Open MPI/PRRTE's "mpirun noticed that process rank 1 ... exited on signal 9 (Killed)" and the
        # "Process name: [[28107,1],2]" field under "The first process to do so was:"
        (r"[Ee]xit ?[Cc]ode[:=]? ?-?\d+|exitcode\s*: -?\d+|exited with (?:code|status) -?\d+|failed with (?:exit )?code -?\d+|Signal \d+ \(SIG[A-Z]+\) received|^Killed\s*$|returned non-zero exit status -?\d+"
         r"|exited on signal \d+|^\s*Process name: \[(?:\[\d+,\d+\]|[^\s,\]]+),\d+\]"),
        False,
    ),
]


_KEEP_BEFORE = frozenset({"exception", "fatal", "cpp-exception", "exit", "error-line"})
# generic kinds that mean the process printing them failed (whether or not an entry knows the error)
FAILURE_KINDS = frozenset({"traceback", "exception", "cpp-exception", "fatal", "error-line"})
# a glog / c10 fatal line: "F0626 05:06:30.9" or, in recent PyTorch, "F626 05:06:30.9"
GLOG_FATAL = re.compile(r"(?:^|[\[\]:\s])F\d{3,4} ")
# an ERROR-level glog line of PyTorch's c10d (ProcessGroupNCCL's watchdog, the TCPStore, its sockets):
# c10d logs only failures at E ("[rank1]:[E1231 05:45:37.153774658 ProcessGroupNCCL.cpp:1484] ..."),
# so one is a failure even when the rest of its message is cut off
C10D_GLOG_ERROR = re.compile(r"(?:^|[\[\]:\s])E\d{4} \d\d:\d\d:\d\d\.\d+ (?:\d+ )?(?:ProcessGroup\w{0,20}|NCCLUtils|TCPStore\w{0,20}|socket|Backoff|FlightRecorder\w{0,10})\.(?:cpp|hpp):\d+\]")


def to_hyperscan(pattern: str) -> str:
    """Python regex -> Hyperscan syntax: named groups become plain groups."""
    if _NAMED_REF.search(pattern):
        raise ValueError("backreferences are not allowed (not linear-time)")
    return _NAMED.sub("(", pattern)


class LazyRegex:
    """A ``re.Pattern`` compiled on first use, whose ``search``/``match`` run in linear time.

    Compiling every signature's regex took a good part of the start-up; a scan verifies only the few
    rules whose Hyperscan candidates it meets. ``search`` and ``match`` (what verification calls on
    untrusted lines) run the pattern in RE2 with Python's semantics (``denpex.linear``), or, for the
    few patterns RE2 cannot express, in Python ``re`` on a bounded prefix of the text. ``compiled()``
    is the plain Python pattern (the reference the tests compare against)."""

    __slots__ = ("_lin", "_rx", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern = pattern
        self.flags = flags
        self._rx: re.Pattern[str] | None = None
        self._lin = None

    def compiled(self) -> re.Pattern[str]:
        rx = self._rx
        if rx is None:
            rx = self._rx = re.compile(self.pattern, self.flags)
        return rx

    def verifier(self):  # type: ignore[no-untyped-def]  # LinearPattern | BoundedPattern
        """The linear-time matcher verification uses (built on first use)."""
        lin = self._lin
        if lin is None:
            from .linear import linear

            lin = self._lin = linear(self.pattern, self.flags, self.compiled())
        return lin

    @property
    def linear(self) -> bool:
        """Whether this pattern runs in RE2 (False: bounded Python ``re``)."""
        from .linear import LinearPattern

        return isinstance(self.verifier(), LinearPattern)

    def search(self, string: str, *args: int):  # type: ignore[no-untyped-def]
        return (self._lin or self.verifier()).search(string, *args)

    def match(self, string: str, *args: int):  # type: ignore[no-untyped-def]
        return (self._lin or self.verifier()).match(string, *args)

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]  # finditer, groupindex, sub, ...
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (LazyRegex, (self.pattern, self.flags))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyRegex | re.Pattern):
            return (self.pattern, self.flags) == (other.pattern, other.flags if isinstance(other, LazyRegex) else other.flags & ~re.UNICODE)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pattern, self.flags))

    def __repr__(self) -> str:
        return f"LazyRegex({self.pattern!r}, {self.flags})"


_FLAGS = (int(re.ASCII), int(re.ASCII | re.IGNORECASE))  # plain ints: RegexFlag arithmetic, thousands of times, cost start-up


def _compile(pattern: str, ignore_case: bool) -> re.Pattern[str]:
    return LazyRegex(pattern, _FLAGS[bool(ignore_case)])  # type: ignore[return-value]


def build_rules(kb: KnowledgeBase) -> list[Rule]:
    rules: list[Rule] = []
    new, add = object.__new__, rules.append  # (a frozen dataclass's __init__, 4,000 times, cost start-up)
    for entry_id, loaded in kb.entries.items():
        rows = loaded.rule_rows
        if rows is None:
            rows = signature_rows(loaded.entry)
        for sig_id, pattern, icase, context, exclude, specificity, confidence, role, wraps, wraps_generic, ends_command, noise in rows:
            rule = new(Rule)
            rule.__dict__.update(
                index=len(rules), entry_id=entry_id, sig_id=sig_id, pattern=pattern, regex=_compile(pattern, icase),
                ignore_case=icase,
                context=tuple(ContextRule(_compile(c[0], icase), c[1], c[2], c[3], c[4]) for c in context) if context else (),
                exclude=_compile(exclude, icase) if exclude else None, specificity=specificity, confidence=confidence,
                role=role, wraps=wraps, wraps_generic=wraps_generic, ends_command=ends_command, noise=noise,
            )
            add(rule)
    for name, pattern, icase, *exclude in GENERIC:
        rules.append(
            Rule(
                index=len(rules), entry_id=None, sig_id=name, pattern=pattern, regex=_compile(pattern, icase), ignore_case=icase,
                exclude=_compile(exclude[0], icase) if exclude else None,
                context=_NEXT_LINE if name == "exception" else (),
            )
        )
    return rules


# the line under an exception line: its message when the class ends its own line ("ValueError:" then
# "The model type 'x' is not registered", a library that raises with a message starting on a new line)
_NEXT_LINE = (ContextRule(_compile(r"^\s*(?P<next_line>\S.{0,400})", False), 0, 1),)
