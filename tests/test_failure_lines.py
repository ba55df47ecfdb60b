"""Every shape of failure line a person reads as an error is found, whatever prefix or quoting it
carries; the healthy lines that merely mention errors are not failures.

Each failure line is put at the end of a healthy log (after its last progress line, so nothing
suggests the run went on past it): the verdict must be a failure and quote that line. Each
near-miss is put in the same place: the verdict must stay clean.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from denpex import diagnose

HEALTHY = [
    "2026-11-02 10:14:03,118 INFO Loading checkpoint shards: 100%|##########| 4/4 [00:03<00:00,  1.21it/s]",
    "2026-11-02 10:14:04,902 INFO step 120 loss 2.3141 lr 2.0e-05 grad_norm 0.91",
    "[rank0]: 2026-11-02 10:14:05,321 INFO step 121 loss 2.3107 lr 2.0e-05",
    "Epoch 3: 100%|##########| 500/500 [01:02<00:00, 8.01it/s, loss=0.412]",
    "NCCL INFO Channel 00/02 :    0   1   2   3",
    "INFO:     127.0.0.1:40418 - \"GET /health HTTP/1.1\" 200 OK",
]

# (line, why it is a failure) - real wordings of the tools that print them
FAILURES = [
    ("`AttributeError: 'NoneType' object has no attribute 'shape'`", "exception after a backtick (markdown paste)"),
    ("(ModuleNotFoundError: No module named 'flash_attn')", "exception after a parenthesis"),
    ("\"ValueError: Tokenizer class LlamaTokenizer does not exist or is not currently imported.\"", "exception after a quote"),
    ("Running gpt4all gives me: \u201cNotImplementedError: Your platform is not supported: Windows-10-10.0.19042-SP0.\u201d", "exception after a curly quote (prose)"),
    ("ray.exceptions.RayTaskError(ActorDiedError): ray::TaskRunner.run() (pid=892962, ip=10.0.0.7, actor_id=f1c2)", "Ray wrapper with its inner class"),
    ("triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 98304, Hardware limit: 65536.", "dotted class without an Error suffix"),
    ("  | ray_release.exception.CommandError: Command returned non-success status: -1", "exception-group bar prefix"),
    ("16/12/22 13:56:26 ERROR yarn.ApplicationMaster: User class threw exception: java.lang.UnsatisfiedLinkError: no lmdbjni in java.library.path",
     "Java class after prose that says 'class' (Spark ApplicationMaster)"),
    ("Got an error from the server: ValueError: invalid literal for int() with base 10: 'abc'", "exception after prose that says 'from'"),
    ("TypeError:'NoneType'object is not subscriptable", "exception pasted with its spaces removed"),
    ("No module named 'sim_agent'", "no exception class: missing module"),
    ("[Errno 2] No such file or directory: '/data/train.jsonl'", "no exception class: errno"),
    ("filenotfoundError:[Error 2]  No such file or directory:Path('logs/run_log.jsonl')", "errno retyped by hand in a thread ([Error 2], two spaces)"),
    ("CMake Error at CMakeLists.txt:479 (message):", "CMake"),
    ("ERROR (VoskAPI:KaldiRecognizer():build-libkaldiwrap/kaldi_recognizer.cc:82) Can't create decoding graph.", "Kaldi/Vosk KALDI_ERR line"),
    ("ASSERTION_FAILED (gmm-acc-stats-ali[5.5.1~1]:AccumulateForComponent():diag-gmm.cc:712) Assertion failed: (data.Dim() == Dim())",
     "Kaldi assertion line"),
    ("/opt/torch/install/share/lua/5.1/nn/LookupTable.lua:59: attempt to index local 'input' (a number value)", "a Lua runtime error (Torch7)"),
    ("2019-03-02 10:11:12.123456: W tensorflow/core/framework/op_kernel.cc:1401] OP_REQUIRES failed at strided_slice_op.cc:108 : Invalid argument: slice index 3 of dimension 0 out of bounds.",
     "a TensorFlow kernel's failed check logged at W level"),
    ("  error: subprocess-exited-with-error", "pip build"),
    ("ERROR: Could not build wheels for flash-attn, which is required to install pyproject.toml-based projects", "pip build"),
    ("*** An error occurred in MPI_Init_thread", "Open MPI"),
    ("MPI_ABORT was invoked on rank 2 in communicator MPI_COMM_WORLD", "Open MPI abort"),
    ("bash: nvcc: command not found", "shell"),
    ("./build.sh:18: command not found: cmake", "zsh"),
    ("/bin/sh: 1: nvcc: not found", "dash"),
    ("'nvcc' is not recognized as an internal or external command,", "Windows cmd"),
    ("failed to create process.", "Windows pip launcher"),
    ("RuntimeError: [enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: can't allocate memory: you tried to allocate 1073741824 bytes. Error code 12 (Cannot allocate memory)", "host allocation"),
    ("Uncaught (in promise) 12768952", "browser unhandled rejection (onnxruntime-web wasm pointer)"),
    ("ort.min.js:6 Uncaught (in promise) Error: no available backend found. ERR: [wasm] RuntimeError: Aborted(both async and sync fetching of the wasm failed)", "browser unhandled rejection with an Error"),
    ("main.js:42 Uncaught TypeError: Cannot read properties of undefined (reading 'dims')", "browser uncaught TypeError"),
    ("train.sh:行43: tools/run.pl: 没有那个文件或目录", "bash under a Chinese locale: missing script path"),
    ("/workspace/train.py FAILED", "torchrun banner alone"),
    ("[rank3]: KeyError: 'input_ids'", "torchrun rank prefix"),
    ("[default1]:ValueError: expected sequence of length 512 at dim 1 (got 498)", "torchrun default prefix"),
    ("(RayTrainWorker pid=21416, ip=10.0.0.5) IndexError: list index out of range", "Ray worker prefix"),
    ("[1,2]<stderr>:ZeroDivisionError: division by zero", "mpirun --tag-output prefix"),
    ("3: TypeError: forward() got an unexpected keyword argument 'labels'", "srun --label prefix"),
    ("> RuntimeError: CUDA driver initialization failed, you might not have a CUDA gpu.", "markdown quote"),
    ("\x1b[31mValueError: invalid literal for int() with base 10: 'auto'\x1b[0m", "ANSI colours"),
    ("terminate called after throwing an instance of 'c10::Error'", "C++ exception"),
    ("F1203 09:27:52.123456 1234 pjrt_client.cc:512] Check failed: buffer != nullptr", "glog fatal"),
    ("[rank1]:[E1231 05:45:37.153774658 ProcessGroupNCCL.cpp:1484] [PG ID 0 PG GUID 0(default_pg) Rank 1] Pr", "c10d ERROR-level glog line, its message cut"),
    ("Fatal Python error: Aborted", "interpreter abort"),
    ("ninja: build stopped: subcommand failed.", "ninja"),
    ("make[2]: *** [CMakeFiles/ggml.dir/build.make:76: ggml.o] Error 1", "make"),
    ("Error executing job with overrides: ['trainer.devices=8']", "Hydra"),
    ("Error: failed to start a llama runner", "Go CLI (ollama)"),
    ("    Error: failed to start a llama runner", "indented Go CLI"),
    ("srun: error: node-17: task 3: Exited with exit code 1", "srun exit line"),
    ("Killed", "shell's OOM-kill line"),
    ("vLLM failed to start.  Retry with --enable-serving-output to learn more about the failure.", "server start"),
    ("NVRM: Xid (PCI:0000:01:00): 62, 323f0f30 0000c3d8 00000000 206dae68", "NVRM Xid without an entry"),
    # sentences with no exception class and no tool marker
    ("17:05:43 Download failed  = 30.00s", "a download that failed"),
    ("An exception was thrown!", "Paddle's C++ exception banner"),
    (" Invoke operator sgd error.", "an operator error sentence"),
    ("[socketio]: Invocation error (t2l):", "an error heading with its detail below"),
    ("2025-11-21 17:58:01 trial 12455 timed out after 1m0s (litellm.Timeout)", "a request that timed out"),
    ("Failed to load model from file: /models/llama-3-8b.Q4_K_M.gguf", "a failed load"),
    ("2024-05-02 10:01:22,101 - ERROR - Training job aborted by the controller", "an ERROR-level logger line"),
    ("time=2024-05-02T10:01:22Z level=error msg=\"runner exited\"", "logfmt error level"),
    ("panic: runtime error: invalid memory address or nil pointer dereference", "Go panic"),
    ("thread 'main' panicked at src/main.rs:12:5:", "Rust panic"),
    ("error: copy-fd: write returned No space left on device", "git error at a line start"),
    ("If I don't include it, I get `error: no executable product named 'transcribe'`.", "a CLI's error: quoted after a back-quote in prose (SwiftPM)"),
    ("[tts][ttsloop]error:You need to define either `text` (for sythesis) or a `reference_wav` (for voice conversion) to use the Coqui TTS API.",
     "error: run into an app's bracketed tags"),
    ("> I'm getting `\u2718 Invalid config override '\u2014': name should start with --` after I typed it", "wasabi's cross mark after a backtick"),
    # native crashes and launcher records
    ("Exception code: 0xc0000409", "Windows NTSTATUS in the event log"),
    ("terminate called without an active exception", "C++ terminate without an exception"),
    ("<source>:781:5: error: implicit declarations are not allowed", "compiler diagnostic"),
    ("[2022-05-27T11:37:57.377] _job_complete: JobId=127441 WTERMSIG 9", "slurmctld job killed by a signal"),
    ("/tmp/slurmd/job603995/slurm_script: line 9:  4727 Killed                  python train.py", "a shell's job-control note"),
    ("INFO 2023-03-10 09:14:57,180 controller 979 deployment_state.py:625 - Actor for replica D#DYFbUC crashed, marking it unhealthy immediately.", "a crashed replica, logged at INFO"),
    ("17  -     sky-cmd  1x[CPU:2+]  5 mins ago   4m 50s         -             0            FAILED_CONTROLLER", "a workflow state that means failure"),
    ("```ImportError:` Using `load_in_8bit=True` requires Accelerate: `pip install accelerate`", "exception class closed by a backtick"),
    ("Job entrypoint command failed with exit code -11, last available logs (truncated to 20,000 chars):", "an exit line above the job's own output"),
    ("*** SIGTERM received at time=1623371673 on cpu 3 ***", "absl failure signal handler"),
    ("[3] E0611 00:34:33.279713   10422 coredump_hook.cc:250] RAW: Remote crash gathering disabled for SIGTERM.", "libtpu crash hook on a pod worker"),
    ("POST http://localhost:8078/run/predict 422 (Unprocessable Entity)", "a browser console's failed request"),
    ("(RayTrainWorker pid=19045) [2023-11-02 13:17:59,227 E 19045 21937] logging.cc:97: Unhandled exception: N3c105ErrorE. what(): Collective call returned error", "a C++ runtime's unhandled exception"),
    ("**NameError: name 'load_audio' is not defined**", "exception in markdown bold"),
    ("[1]    96748 hangup     sudo python -m TTS.server.server", "zsh job-control notice of a job killed by SIGHUP"),
    ("[1]+  Killed                  python train.py", "bash job-control notice of a killed job"),
    ("ERROR ~ Error executing process > 'NFCORE_SOPA:SOPA:CELLPOSE:PATCH_SEGMENTATION_CELLPOSE (21)'", "Nextflow's failed process"),
    ("  Process `NFCORE_SOPA:SOPA:CELLPOSE:PATCH_SEGMENTATION_CELLPOSE (21)` terminated with an error exit status (1)", "Nextflow's process exit"),
    ("*** Error completing request", "AUTOMATIC1111 web UI's error block"),
    ("报错：RuntimeError: Role name '' is invalid. Maybe you are trying to call 'mindspore.communication.init()' without using 'mpirun'", "exception after a full-width colon"),
    ("srun: error: s_p_parse_file: unable to status file /etc/slurm-llnl/slurm.conf: No such file or directory, retrying in 1sec up to 60sec", "Slurm client error"),
    ('Swarm Web UI: "Error: No images were generated (all refused, or failed - check server logs for details)."', "an Error: quoted after a colon"),
    ("ld.lld: error: undefined symbol: cudaGetDeviceCount", "a program's 'name: error:' line"),
    ("bash: /opt/venv/bin/TotalSegmentator: /opt/py/bin/python3.8: bad interpreter: No such file or directory", "a shell that cannot run a script's interpreter"),
    ("[LightGBM] [Fatal] Model format error, expect a tree here. met aves=3", "a C++ library's [Fatal] log level (LightGBM)"),
    ("Something went wrong while generating images.", "a UI's generic failure sentence"),
    ("fatal: unable to access 'https://github.com/org/repo.git/': Could not resolve host: github.com", "git's fatal line"),
    ("python: relocation error: /usr/local/cuda-11.1/lib64/libcublas.so: symbol runGemmShortApi, version libcublasLt.so.11 not defined in file libcublasLt.so.11 with link time reference", "glibc's loader refusing a library"),
    ("python3: symbol lookup error: /opt/conda/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister", "glibc's loader missing a symbol at run time"),
    ("23:35:28-871812 ERROR    Error loading the model with llama.cpp: list index out of range", "a padded ERROR level column"),
    ("the term 'swift' is not recognized as the name of a cmdlet, function, script file, or operable program.", "PowerShell, lower-cased"),
    ("Error converting /m/model.onnx: [ONNXRuntimeError] : 2 : INVALID_ARGUMENT : ONNX format model is not supported in this build.", "ONNX Runtime status"),
    ("I got an error like this: Can't get attribute 'A2C2f' on <module 'ultralytics.nn.modules.block' from '/opt/conda/lib/python3.10/site-packages/ultralytics/nn/modules/block.py'>", "unpickling a class the package lacks"),
    ("08/26 19:56:49 - mmengine - WARNING - WARNING: command error: 'Unable to configure default ndarray.__repr__'!", "mmengine CLI's command error"),
    ("[2024-10-24 06:34:50.979] [error] [WASI-NN] llama.cpp: llama_get_logits_ith: invalid logits id -1, reason: negative index out of range [0, 0)", "spdlog error level"),
    ("-[IOGPUMetalCommandBuffer validate]:213: failed assertion `commit an already committed command buffer'", "Apple Metal validation abort"),
    ("loc(\"mps_select\"(\"(mpsFileLoc): /AppleInternal/Library/BuildRoots/x/MPSGraphUtilities.mm\":294:0)): error: 'anec.gain_offset_control' op result #0 must be 4D/5D memref of 16-bit float values",
     "an MLIR diagnostic with its location (MPSGraph)"),
    ("[headnode:23414] [[0,0],1] ORTE_ERROR_LOG: Not found in file ../../orte/runtime/orte_globals.c at line 517", "Open MPI internal error log"),
    ("Exception from src\\inference\\src\\cpp\\core.cpp:107:", "OpenVINO's exception chain"),
    ("Stack trace returned 8 entries:", "dmlc-core's native backtrace header (MXNet, XGBoost)"),
    ("[bt] (0) /usr/local/lib/python2.7/dist-packages/mxnet/libmxnet.so(_ZN4dmlc15LogMessageFatalD1Ev+0x3c) [0x7f0b7ad7f70c]", "dmlc-core's first backtrace frame"),
    ("INVALID_ARGUMENT: slice index 0 of dimension 0 out of bounds", "an absl status line (TensorFlow 2, XLA)"),
    ("[16:07:34:108813]:[Error]:[Metadata] SceneDatasetAttributesManager.cpp(304)::validateMap : `navmesh_instances` Value : `navmeshes/v3.navmesh` not found on disk as absolute path or relative to `data/scene_datasets/hm3d`",
     "habitat-sim's capitalised [Error] level"),
    ('{"name": "torchelastic.worker.status.FAILED", "source": "WORKER", "timestamp": 0, "metadata": {"global_rank": 0}}', "torchelastic event record"),
    ('I keep getting "python setup.py bdist_wheel did not run successfully."', "pip build step quoted in prose"),
    ("load checkpoint from local path: checkpoints/tsn_42.pth \u6bb5\u9519\u8bef (\u6838\u5fc3\u5df2\u8f6c\u50a8)", "segfault in a Chinese locale"),
    ("unable to prepare context: unable to evaluate symlinks in Dockerfile path: lstat /srv/Dockerfile: no such file or directory", "docker build"),
    ("No such file or directory: './checkpoints/latest_net_G_A.pth'", "a missing file without its errno"),
    ("ERROR 2021-05-24 17:17:14,611 launch_utils.py:545] ABORT!!! Out of all 4 trainers, the trainer process with rank=[3] was aborted. Please check its log.", "ERROR level with an ISO date"),
    ("2023-10-25T12:24:19.123838Z ERROR batch{batch_size=1}:decode:decode{size=1}: text_generation_client: router/client/src/lib.rs:33: Server error: unexpected frame", "Rust tracing ERROR level after its timestamp"),
    ("2024-05-01 10:00:00,123 ERROR Could not read the shard index of /models/llama", "Python logging asctime then ERROR"),
    ("For me when i try to use faceswap i get this error, Error: API Request Failed: 422 Unprocessable", "bare Error: after a sentence introducing it"),
    ("9:29:39: Error: In Music Generation, exception: If num_output_segments is set, it must be <= num_interpolation_steps", "wxWidgets log line: clock time, then Error:"),
    ("Generation failed: Exit code 1. Check /tmp/ltx_generation.log", "a wrapper's capitalised Exit code"),
    (' ERROR!! "step_number" is not consistent with "latticepara"!! ', "an ERROR!! banner"),
    ("[INFO]: train job failed! train_ret: 1", "a job wrapper's failed verdict with its non-zero return, at INFO"),
    ("The error is thrown : Malformed inference server.", "an error 'is thrown' sentence"),
    ("2023-05-24 15:29:18,365 Could not predict Q3L181_8c443. Not Enough GPU memory? INTERNAL: Failed to allocate", "a pipeline that could not predict an input"),
    ("ERROR importing or running cellpose, continuing without anatomical estimates", "an ERROR word then a lower-case sentence"),
    ("[Distributed] Worker process exited", "a worker process that exited, with nothing after it"),
    ("!!!! kernel execution error. (m: 256, n: 256, k: 64, error: 13)", "a CUDA library's kernel execution error (LightSeq)"),
    ("tests/runner/test_models.py:188: running the test CRASHED with signal 9", "pytest-forked's crashed test"),
    ("NotFoundError (see above for traceback): /tmp/mnist/mnist_train.tfrecord", "TF 1.x session error pointing at the traceback above"),
    ("(asr.sh:306:main) Error: --train_set is required", "an ESPnet/Kaldi recipe's Error: after its caller tag"),
    ("[12/08/2022-17:26:17] [E] [TRT] 3:", "TensorRT's logger at ERROR severity, the paste cut after its code"),
    ("[06/12/2023-10:11:12] [TRT] [E] 1: [runtime.cpp::parsePlan::314] Error Code 1: Serialization (Serialization assertion plan->header.magicTag == rt::kPLAN_MAGIC_TAG failed.)",
     "TensorRT's Python logger at ERROR severity"),
    ("python: ../nestkernel/scheduler.h:789: static nest::delay nest::Scheduler::get_modulo(nest::delay): Assertion `d < moduli_.size()' failed.",
     "glibc assert() line (abort follows)"),
    ("F0000 00:00:1690231188.634652  174603 b295d63588a.cc:1205] File: InitGoogle() has not finished yet.", "absl FATAL line with epoch seconds (libtpu)"),
    ("[ ERROR ]  Input model name /w/v4_iter_500000.params is not in an expected format, cannot extract iteration number.", "OpenVINO Model Optimizer's [ ERROR ] level"),
    ("INFO:tensorflow:Error reported to Coordinator: <class 'tensorflow.python.framework.errors_impl.InvalidArgumentError'>, Invalid JPEG data, size 82243", "TF 1.x Coordinator told of a thread's error"),
    ("2021-03-02 10:11:12.123456: W tensorflow/core/common_runtime/base_collective_executor.cc:216] BaseCollectiveExecutor::StartAbort Invalid argument: var and grad do not have the same shape[2,1536] [512,1536]", "TF collective step aborted"),
    ("cp: cannot stat 'exp/train_m4/decode_test_beam5/ref.trn': No such file or directory", "a coreutils file operation that failed (a recipe's scoring step)"),
    ("mkdir: cannot create directory ‘/data/ckpt’: Permission denied", "coreutils with its curly quotes"),
    ("cat: data/lang/words.txt: No such file or directory", "a tool's missing input file"),
    ("grpc._channel._MultiThreadedRendezvous: <_MultiThreadedRendezvous of RPC that terminated with:", "gRPC's private exception class (a streaming call)"),
    ("grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:", "gRPC's private exception class (a unary call)"),
    ("./run_inference.sh: line 12: 48211 Floating point exception python generate.py --model gpt-j-6b", "a shell's note of a child killed by SIGFPE"),
    ("我觉得是因为在 stage 2 的时候会出现KeyError: u'BAC009S0041W0234'，这是什么原因呢", "an exception right after a CJK character"),
    ("struct.error: unpack requires a buffer of 8 bytes", "a standard-library class named in lower case (a truncated binary file)"),
    ("binascii.Error: Incorrect padding", "a standard-library class named just Error"),
    ("lmdb.Error: ./data/mydata/train_data.mdb: Not a directory", "a library's base class named just Error, with no traceback"),
    ("zipfile.BadZipFile: File is not a zip file", "a standard-library class without the Error suffix"),
    ("cv2.error: OpenCV(4.8.0) /io/opencv/modules/core/src/matrix.cpp:250: error: (-215:Assertion failed) s >= 0 in function 'setSize'", "OpenCV's lower-case class"),
    ("ERROR: LoadError: ArgumentError: Package CSV not found in current path.", "Julia's error while loading a file"),
    ("EXCEPTION occurred: TrainOrAdaptModel: No criterion node was specified.", "CNTK's top-level exception handler"),
    ("EXCEPTION occurred:", "CNTK's handler with its message lost"),
    ("/AppleInternal/Library/BuildRoots/91a344b1/Library/Caches/com.apple.xbs/Sources/MetalPerformanceShaders/MPSNDArray/Kernels/MPSNDArrayGatherND.mm:256: failed assertion `Rank of updates array (1) must be greater than or equal to inner-most dimension of indices array (300)'", "an MPS kernel's failed assertion (source file and line, no bracketed method)"),
    ("mm:256: failed assertion `Rank of updates array (1) must be greater than or equal to inner-most dimension of indices array (300)'", "the same line wrapped by a paste after the file name's dot"),
    ("Deserialize header failed: /home/shree/tesstutorial/engtest/eng.Tungsten.exp0.lstmf", "Tesseract training cannot read a page file"),
    ("2019-02-06 10:12:01 ERROR rasa_nlu.data_router - [Failure instance: Traceback (failure with no frames): <class 'rasa_nlu.train.TrainingException'>: Can not train an empty pipeline.",
     "Twisted's failed Deferred as Rasa NLU logs it"),
    ("rasa_nlu.data_router - [Failure instance: Traceback (failure with no frames): <class ‘rasa_nlu.train.TrainingException’>: Can not train an empty pipeline.",
     "the same with curly quotes from a rich-text paste"),
    ("Errors may have originated from an input operation.", "the tail of a TensorFlow 2 graph function's error, exception line cut"),
    ("Function call stack:", "TensorFlow 2's function call stack footer of an error"),
    ("http.client.IncompleteRead: IncompleteRead(6746 bytes read, 1438 more expected)", "a standard-library class without the Error suffix"),
    ("http.client.RemoteDisconnected: Remote end closed connection without response", "the Hub's dropped connection, raised by http.client"),
    ("socket.timeout: timed out", "socket's own timeout class"),
    ('21:42:48 INFO [werkzeug] - 127.0.0.1 - - [23/Oct/2025 21:42:48] "POST /generate HTTP/1.1" 500 -', "a Flask handler that raised (access log, HTTP 500)"),
    ('INFO:     127.0.0.1:52114 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error', "uvicorn's access log of a handler that raised"),
    ("&nbsp;ValueError: need at least one array to concatenate", "exception after an HTML entity (text copied from an e-mail)"),
    ("Error in apply(nay, 2, all) : dim(X) must have a positive length", "R's error in a call"),
    ("Execution halted", "Rscript stopped by an error"),
    ('2023-02-09T12:00:01Z ERROR controllers.RayService Put "http://svc.kuberay.svc.cluster.local:52365/api/serve/deployments/": '
     "dial tcp 10.96.153.56:52365: connect: connection refused", "a Go service's failed call (dial tcp ... connection refused)"),
    ('Get "http://127.0.0.1:11434/api/tags": dial tcp 127.0.0.1:11434: i/o timeout', "a Go client's dial that timed out"),
    ("\u26a0\ufe0f Error: Expected a vector of length 209, got 208.", "a script's printed 'Error:' line (no Python class)"),
]

NEAR_MISSES = [
    "LOG (VoskAPI:ReadDataFiles():model.cc:213) Decoding params beam=10 max-active=3000 lattice-beam=2",
    "WARNING (VoskAPI:Recognizer():recognizer.cc:75) Runtime graphs are not supported by this model",
    "[12/08/2022-17:26:17] [W] [TRT] The getMaxBatchSize() function should not be used with an engine built from a network created with NetworkDefinitionCreationFlag::kEXPLICIT_BATCH flag.",
    "On the other hand, it seems like Whisper failed to install. Can you check whether you can call `whisper` in the terminal?",
    "loading model from /home/u/models/net.lua:59 (12 layers)",
    "Error in loading 17 samples, retrying...",  # a data loader's retry notice, not R's "Error in <call> : <message>"
    "2024-05-01 10:00:00,120 INFO step 100 loss 2.1 (no execution halted)",
    "        Py_Exit",  # a CPython C-API frame in a native stack dump (torch_xla's *** Begin stack trace ***)
    "        _Py_HandleSystemExit",
    "2019-03-02 10:11:12.123456: W tensorflow/core/framework/op_kernel.cc:1401] OP_REQUIRES failed at iterator_ops.cc:929 : Out of range: End of sequence",
    "[LightGBM] [Info] Number of positive: 3140, number of negative: 3373",
    "  error_file: <N/A>",
    "INFO num_errors=0 num_warnings=2",
    "usage: train.py [--max-errors MAX_ERRORS] [--resume]",
    "Process finished with exit code 0",
    "srun: Job 1333683 step creation temporarily disabled, retrying (Requested nodes are busy)",
    'Status: "Errors: 0"',
    "INFO: if something went wrong, rerun with --verbose",
    "LD_DEBUG=symbols: see ld.so(8) for how a symbol lookup error or relocation error is reported",
    "worker exited with code 0",
    "INFO validation: Mean Squared Error: 0.0123, MAE: 0.081",
    "    except FileNotFoundError:",
    "class ShardLoadError(Exception):",
    "Successfully installed torch-2.5.1 transformers-4.46.0",
    "INFO eval: error rate 0.12, accuracy 0.88",
    "WARNING: The script torchrun is installed in '/home/u/.local/bin' which is not on PATH.",
    # the sentence-level shapes on warning/info lines, retries, negations and conditionals
    "/usr/lib/python3/dist-packages/torchvision/io/image.py:13: UserWarning: Failed to load image Python extension: ''",
    "2024-01-10 12:00:01.123: I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used.",
    "W0110 12:00:01.123456 140 gemm_algorithm_picker.cc:203] Failed to find best cuBLAS algorithm, GEMM performance might be suboptimal",
    "Connection to huggingface.co timed out, retrying in 2s (attempt 1/5)",
    "Download failed, falling back to the local cache",
    "INFO finished with no errors",
    "[INFO:swift] No vLLM installed, if you are using vLLM, you will get `ImportError: cannot import name 'get_vllm_engine' from 'swift.llm'`",
    "2023-10-25T12:24:19.123838Z  INFO text_generation_router::server: router/src/server.rs:457: no ERROR since start",
    "2024-05-01 10:00:00,123 ERROR retrying the shard download (attempt 2/5)",
    "Evaluation finished: 0 failures, 1200 passed",
    "DEBUG will retry the request if it fails",
    "fatal: not a git repository (or any of the parent directories): .git",
    "Clang version: Could not collect",
    "E0000 00:00:1717171717.123456   12345 cuda_dnn.cc:8310] Unable to register cuDNN factory: Attempting to register factory for plugin cuDNN when one has already been registered",
    "[W1231 05:45:37.153774658 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL.",
    "See the browser console: a request like POST http://localhost:7860/run/predict returns the result",
    "[2024-10-24 06:34:50.974] [info] [WASI-NN] GGML backend: retrying after [error] counters were reset",
    "[bt] (3) frames are printed only below a fatal line",
    "OUT_OF_RANGE: End of sequence",
    "Metal API validation enabled; no failed assertion was reported",
    "  status: INVALID_ARGUMENT: is what the validator returns for a bad request (docs)",
    "[16:07:34:108813]:[Warning]:[Metadata] SceneDatasetAttributesManager.cpp(281)::validateMap : no [Error] entries in the scene map",
    "Ignoring benign restart error: CustomError: Runtime restarted at: 2023-08-01T13:12:13Z",
    "WARNING: No such file or directory: './cache/index.json', building it",
    "random-job-example-4rlkld8k-b97xv                 3/3     Running   0          5m59s",
    "random-job-example-4rlkld8k-x7m2p                 0/1     Completed 0          9m12s",
    "9:25:41: FFmpeg libraries loaded successfully from: C:\\Program Files\\ffmpeg\\bin\\avformat-60.dll",
    "Generation finished: Exit code 0. Output in /tmp/ltx_generation.log",
    "When running section 1.2 and 1.3, since last week, there's an error:",
    "I get the following error:",
    'Failed to align segment (" you"): backtrack failed, resorting to original...',
    "[1]  + 4711 done       python train.py",
    "[1]+  Done                    python train.py",
    "cp: copied 'exp/a/ref.trn' -> 'exp/b/ref.trn'",
    "出现KeyError的时候请检查 utt2spk",
    "2024-02-28 18:02:22,589 Unable to initialize backend 'rocm': NOT_FOUND: Could not find registered platform with name: \"rocm\". Available platform names are: CUDA",
    "2024-02-28 18:02:22,591 Unable to initialize backend 'tpu': INTERNAL: Failed to open libtpu.so: libtpu.so: cannot open shared object file: No such file or directory",
    "LOG_LEVEL=ERROR  python serve.py --port 8000",
    "[INFO]: train job failed! train_ret: 0 (retry scheduled)",
    "INFO: Could not predict the remaining time; continuing",
    "Worker process exited with code 0",
    "ERROR_LOG=/tmp/err.log python run.py",
    "[ WARNING ]  Use of deprecated cli option --data_type detected. Option use in the following releases will be fatal.",
    "(asr.sh:220:main) Stage 2: Speed perturbation: data/train -> data/train_sp",
    "INFO:tensorflow:Error reported to Coordinator: <class 'tensorflow.python.framework.errors_impl.OutOfRangeError'>, FIFOQueue '_1_batch/fifo_queue' is closed and has insufficient elements (requested 32, current size 0)",
    "2021-03-02 10:11:12.123456: W tensorflow/core/common_runtime/base_collective_executor.cc:216] BaseCollectiveExecutor::StartAbort Out of range: End of sequence",
    "[LightGBM] [Info] cannot find more split with gain = 0.000000 , current #leaves=8",
    "https://github.com/org/repo/actions/runs/2026/job/58195870456#step:5:1131",
    "INFO see run.error for the error log of the last step",
    "DEBUG socket.error counter: 0",
    "queue.Empty is raised when no item arrives in time; polling again",
    "INFO no EXCEPTION occurred: all 12 steps finished",
    "[train][INFO]error: 0 samples dropped",
    "Use `--strict` to turn these into `error: ` lines",
    # quoted source code in a traceback, whatever the word that opens the statement
    "    class DatasetError(RuntimeError):",
    "    from mypkg.errors import ShardError",
    "----> 2 from mypkg.errors import ShardError",
    'INFO:     127.0.0.1:52114 - "GET /health HTTP/1.1" 503 Service Unavailable',  # a server still warming up
    '127.0.0.1 - - [23/Oct/2025 21:42:48] "POST /generate HTTP/1.1" 200 -',
    "INFO: scheduled 5000 requests, no Failure instance recorded",
    "Function call stack: see the profiler's trace for details",
    "INFO retrying the download after an IncompleteRead (attempt 2 of 5)",
    "Test Error: ",  # PyTorch's quickstart tutorial: the heading of " Accuracy: 27.2%, Avg loss: 2.008141"
    "(pid=65986) Test Error: ",
    "Mean Squared Error:",
    "INFO registered a reporter for Uncaught exceptions in the web worker",
]


def _report_text(d) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(d.to_dict())


@pytest.mark.parametrize(("line", "why"), FAILURES, ids=[w for _, w in FAILURES])
def test_failure_line_is_found(line: str, why: str) -> None:
    d = diagnose("\n".join(HEALTHY + [line]) + "\n")
    assert d.exit_code == 1, f"{why}: {d.verdict}"
    assert "No failure found" not in d.verdict
    quoted = line.strip().replace("\x1b[31m", "").replace("\x1b[0m", "")[:28]
    assert json.dumps(quoted)[1:-1] in _report_text(d), f"{why}: the line is not quoted in the report"


@pytest.mark.parametrize("line", NEAR_MISSES)
def test_healthy_line_that_mentions_errors_is_not_a_failure(line: str) -> None:
    d = diagnose("\n".join(HEALTHY + [line]) + "\n")
    assert d.exit_code == 0, d.verdict
    assert d.primary is None


def test_retried_error_then_progress_is_handled_not_a_failure() -> None:
    log = "\n".join([
        "2026-11-02 10:14:03,118 INFO step 120 loss 2.3141",
        "2026-11-02 10:14:04,903 ERROR upload failed, will retry: ConnectionRefusedError: [Errno 111] Connection refused",
        *[f"2026-11-02 10:14:0{5 + i},000 INFO step {121 + i} loss 2.30" for i in range(5)],
        "2026-11-02 10:14:10,802 INFO Training completed.",
    ]) + "\n"
    d = diagnose(log)
    assert d.exit_code == 0 and d.primary is None
    assert d.unknown is not None and any("ConnectionRefusedError" in e.text for e in d.unknown.handled)
    assert "went on past them" in d.verdict
    # the same error as the last thing the run printed is the failure
    d = diagnose("\n".join(log.splitlines()[:2]) + "\n")
    assert d.exit_code == 1


def test_quoted_source_in_a_notebook_traceback_is_not_progress() -> None:
    """IPython prints the source around each frame; a format string there ("Epoch: {epoch:02d}") is
    code, not a training step that went on past the error (held-out f039: a cut RuntimeError)."""
    log = "\n".join([
        "RuntimeError                              Traceback (most recent call last)",
        "Cell In[1], line 191",
        "    190 for epoch in range(1, 51):",
        "--> 191     loss = train()",
        "    192     print(f'Epoch: {epoch:02d}, Loss: {loss:.4f}')",
        "    193     val_ap, val_auc = test(val_loader)",
        "",
        "Cell In[1], line 135, in train()",
        "--> 135 z, last_update = memory(n_id)",
        "    136 z = gnn(z, last_update, edge_index)",
        "    137 pos_out = link_pred(z)",
        "",
    ]) + "\n"
    d = diagnose(log)
    assert d.exit_code == 1, d.verdict
    assert d.primary is not None and d.primary.facts.get("exception") == "RuntimeError"
    # a real step line after an error still counts as going on past it
    d = diagnose("ERROR upload failed, will retry: ConnectionRefusedError: [Errno 111] Connection refused\n"
                 + "".join(f"Epoch: {e:02d}, Loss: 0.5\n" for e in range(5)))
    assert d.exit_code == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    healthy=st.lists(st.sampled_from(HEALTHY + NEAR_MISSES), min_size=0, max_size=30),
    failure=st.sampled_from([f for f, _ in FAILURES]),
    at=st.integers(min_value=0, max_value=30),
    tail=st.lists(st.sampled_from([h for h in HEALTHY if "step" not in h and "it/s" not in h]), max_size=3),
)
def test_inserting_a_failure_line_never_reads_as_no_failure(healthy, failure, at, tail) -> None:  # type: ignore[no-untyped-def]
    """Wherever a failure line lands in a healthy log, the report never says "No failure found":
    it is a failure, or (when training visibly went on after it) it is listed as handled."""
    lines = list(healthy)
    lines.insert(min(at, len(lines)), failure)
    d = diagnose("\n".join(lines + tail) + "\n")
    assert d.verdict != "No failure found."
    assert "No failure found" not in d.verdict
    if d.exit_code == 0:
        assert d.unknown is not None and d.unknown.handled, d.verdict


def test_ctrl_c_alone_is_not_a_failure_but_is_reported():
    """A run the user stopped with Ctrl-C: no failure (exit 0), and where it stopped is kept as noise."""
    log = "\n".join(HEALTHY + [
        "^CTraceback (most recent call last):",
        '  File "/home/u/train.py", line 118, in <module>',
        "    process.wait()",
        '  File "/usr/lib/python3.8/subprocess.py", line 1804, in _wait',
        "    (pid, sts) = self._try_wait(0)",
        "KeyboardInterrupt",
    ]) + "\n"
    d = diagnose(log)
    assert d.exit_code == 0 and d.primary is None
    assert any(f.role == "noise" and f.facts.get("exception") == "KeyboardInterrupt" or "KeyboardInterrupt" in json.dumps(f.facts) for f in d.findings)


def test_generic_patterns_use_no_escape_ripgrep_refuses() -> None:
    """The generic patterns are exported for grep -E / ripgrep (``denpex kb export-patterns --generic``, the scan
    benchmark's contenders): an escaped quote (\\" or \\') is a parse error there ("unrecognized escape sequence")."""
    from denpex.rules import GENERIC

    for name, pattern, *_ in GENERIC:
        assert '\\"' not in pattern and "\\'" not in pattern, name


def test_ipython_traceback_cut_at_the_marked_raise_line_keeps_its_message() -> None:
    """IPython 7 quotes context lines under a frame and marks the running one ("--> 305     raise ..."): a paste
    that ends there still says which exception and message the frame raised."""
    log = (
        "ValueError                                Traceback (most recent call last)\n"
        "<ipython-input-3-1f2e> in <module>\n"
        "----> 1 run(x)\n"
        "\n"
        "/usr/local/lib/python3.7/dist-packages/jax/_src/lax/control_flow.py in _thread(args)\n"
        "    303   if not args:\n"
        "    304     # nothing to thread on\n"
        '--> 305     raise ValueError("No arrays to thread error on to.")\n'
    )
    d = diagnose(log, mask=False)
    assert d.exit_code == 1
    assert d.primary is not None and d.primary.facts.get("exception") == "ValueError"
    assert d.primary.facts.get("message") == "No arrays to thread error on to."
    assert "No arrays to thread error on to." in d.primary.message


def test_a_later_command_that_crashed_outranks_an_earlier_failed_install() -> None:
    """A script without `set -e`: pip could not install one pin, the script went on, and training then crashed with a
    shape error. The crash ended the run; the failed install is listed, not the start (unless the crash is the
    missing package itself)."""
    pip = (
        "+ pip install -r requirements.txt\n"
        "ERROR: Could not find a version that satisfies the requirement apex==0.1 (from versions: 0.9.8)\n"
        "ERROR: No matching distribution found for apex==0.1\n"
        "+ python train.py --bs 64\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 88, in <module>\n'
        "    out = model(x)\n"
    )
    crash = "RuntimeError: shape '[64, -1, 768]' is invalid for input of size 1000\n"
    d = diagnose(pip + crash, mask=False)
    assert d.primary is not None and d.primary.id == "torch.shape-mismatch"
    assert any(f.id == "python.pip-dependency-conflict" for f in d.findings)
    d = diagnose(pip + "ModuleNotFoundError: No module named 'apex'\n", mask=False)
    assert d.primary is not None and d.primary.id == "python.pip-dependency-conflict"


HF_METRIC = (
    "Traceback (most recent call last):\n"
    '  File "/workspace/train.py", line 88, in <module>\n'
    "    trainer.train()\n"
    '  File "/usr/local/lib/python3.10/site-packages/transformers/trainer.py", line 2279, in _save_checkpoint\n'
    "    metric_value = metrics[metric_to_check]\n"
    "KeyError: 'eval_accuracy'\n"
)
FAISS_DIM = (
    "Traceback (most recent call last):\n"
    '  File "/app/index.py", line 21, in <module>\n'
    "    index.add(vectors)\n"
    '  File "/usr/lib/python3/dist-packages/faiss/class_wrappers.py", line 228, in replacement_add\n'
    "    assert d == self.d\n"
    "AssertionError\n"
)


@pytest.mark.parametrize(
    ("log", "entry"),
    [(HF_METRIC, "hf.trainer-metric-for-best-model"), (FAISS_DIM, "faiss.dimension-mismatch")],
)
@pytest.mark.parametrize("prefix", ["[rank3]: ", "[default3]:", "[1,3]<stderr>: ", "(RayTrainWorker pid=4711, ip=10.0.0.3) "])
def test_wording_anchored_at_line_start_holds_under_a_launcher_prefix(log: str, entry: str, prefix: str) -> None:
    """A signature written for the bare message ("^KeyError: 'eval_...'") still matches the line a
    launcher prefixed, and the evidence keeps the prefix (it says whose line it is)."""
    bare = diagnose(log, mask=False)
    assert bare.primary is not None and bare.primary.id == entry
    d = diagnose("".join(prefix + ln for ln in log.splitlines(keepends=True)), mask=False)
    found = [f for f in d.findings if f.id == entry]
    assert found, [f.id for f in d.findings]
    assert found[0].evidence[-1].text.startswith(prefix.strip()[:6])


def test_torchscript_interpreter_error_reports_the_scripts_own_exception() -> None:
    """TorchScript's "The following operation failed in the TorchScript interpreter." only wraps: the error
    is the exception that ends the script's own traceback, raised in the scripted package's code."""
    log = (
        "Traceback (most recent call last):\n"
        '  File "/opt/nequip/scripts/evaluate.py", line 40, in main\n'
        "    out = model(data)\n"
        '  File "/usr/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1501, in _call_impl\n'
        "    return forward_call(*args, **kwargs)\n"
        "RuntimeError: The following operation failed in the TorchScript interpreter.\n"
        "Traceback of TorchScript (most recent call last):\n"
        '  File "code/__torch__/nequip/nn/_graph_model.py", line 30, in forward\n'
        "    _0 = torch.unsupported(x)\n"
        "RuntimeError: Unsupported value kind: Tensor\n"
    )
    d = diagnose(log, mask=False)
    assert d.primary is not None and d.primary.id == "python.unhandled-exception"
    f = d.primary.facts
    assert f["message"] == "Unsupported value kind: Tensor"
    assert f["package"] == "nequip" and f["library_code"] is True
    assert "evaluate.py:40" in str(f.get("user_frame", ""))


def test_assert_in_a_source_checkout_of_a_package_is_that_packages_internal_error() -> None:
    """A bare assert inside a cloned Megatron-LM is the package's own check, not the user's, although the
    frame is outside site-packages (what the user-code assertion entry looks at)."""
    log = (
        "Traceback (most recent call last):\n"
        '  File "/workspace/slime/train.py", line 12, in <module>\n'
        "    main()\n"
        '  File "/workspace/Megatron-LM/megatron/core/optimizer/distrib_optimizer.py", line 1648, in sharded_param_state_dp_reshardable\n'
        "    assert tensors[key].shape == (gbuf_local_end - gbuf_local_start,), (\n"
        "AssertionError: (torch.Size([]), 0, 77856768)\n"
    )
    d = diagnose(log, mask=False)
    assert d.primary is not None and d.primary.id == "python.library-internal-error"
    assert d.primary.facts["package"] == "megatron"
    assert [f.id for f in d.findings] == ["python.library-internal-error"]
    # the user's own assert stays the user's
    own = log.replace("/workspace/Megatron-LM/megatron/core/optimizer/distrib_optimizer.py", "/workspace/slime/utils.py")
    d2 = diagnose(own, mask=False)
    assert d2.primary is not None and d2.primary.id == "python.assertion-error-user"


def test_abort_after_a_rendezvous_timeout_in_one_process_is_that_waits_collateral() -> None:
    """XLA's watchdog gives up on a collective and the process ends; an abort printed after it is the
    way out of that wait, not a failure of its own with "no reason printed"."""
    log = (
        "step 1150 loss 0.4127\n"
        "2025-03-02 10:15:15.121533: E external/xla/xla/service/rendezvous.cc:42] Termination timeout for `all gather "
        "RendezvousKey{run_id=RunId: 5, global_devices=[1, 3], num_local_participants=2, collective_op_kind=cross_module, "
        "op_id=28}` of 40 seconds exceeded. Exiting to ensure a consistent program state. Expected 2 threads to join the "
        "rendezvous, but only 1 of them arrived on time.\n"
        "Aborted (core dumped)\n"
    )
    d = diagnose(log, mask=False)
    assert d.primary is not None and d.primary.id == "xla.rendezvous-stuck"
    assert all(f.role != "root" for f in d.findings), [(f.id, f.role) for f in d.findings]


def test_class_entry_read_from_a_traceback_gets_the_raising_frame() -> None:
    """A bare `raise FileNotFoundError` (no path, no signature of the entry matches): the class entry made from
    the traceback hands its explainer the raising frame, which says what was looked for."""
    log = (
        "Traceback (most recent call last):\n"
        '  File "tools/test.py", line 40, in <module>\n'
        "    model.load_params_from_file(filename=args.ckpt)\n"
        '  File "/home/u/OpenPCDet/pcdet/models/detectors/detector3d_template.py", line 322, in load_params_from_file\n'
        "    raise FileNotFoundError\n"
        "FileNotFoundError\n"
    )
    d = diagnose(log, mask=False)
    assert d.primary is not None and d.primary.id == "python.file-not-found"
    assert d.primary.facts["frame_line"] == 322 and d.primary.facts["frame_func"] == "load_params_from_file"
    assert "checkpoint path does not exist" in d.verdict


def test_ray_cython_frames_under_a_serve_wrapper_are_rays_and_the_wrapper_leads() -> None:
    # Ray prints its Cython frames with the repository's python/ folder ("python/ray/_raylet.pyx"): they are
    # ray's code, so a traceback cut after them under Serve's creation-task wrapper is Ray passing the error on
    log = (
        "(pid=43093) 2021-06-25 16:24:01,207\tERROR worker.py:414 -- Exception raised in creation task: The actor died "
        "because of an error raised in its creation task, ray::SERVE_CONTROLLER_ACTOR:Fail#ZEqBbB:"
        "RayServeWrappedReplica.__init__ (pid=43093, ip=192.168.86.154)\n"
        '(pid=43093)   File "python/ray/_raylet.pyx", line 535, in ray._raylet.execute_task\n'
        '(pid=43093)   File "python/ray/_raylet.pyx", line 1724, in ray.\n'
    )
    d = diagnose(log, mask=False)
    assert d.primary is not None and d.primary.id == "ray.serve-deployment-failed"
    cut = next(f for f in d.findings if f.id == "python.unhandled-exception")
    assert cut.facts.get("package") == "ray"
    assert str(cut.facts.get("raised_in", "")).startswith("ray._raylet")


def test_search_key_drops_numbers_but_not_digits_inside_names() -> None:
    log = (
        "Traceback (most recent call last):\n"
        '  File "reg.py", line 3, in <module>\n'
        "    o3d.pipelines.registration.registration_icp(a, b, 0.02)\n"
        "RuntimeError: [Open3D Error] target has 4096 points, expected int64 ids at version 1.2.3\n"
    )
    d = diagnose(log, mask=False)
    key = str(next(f for f in d.findings if f.id == "python.unhandled-exception").facts["search_key"])
    assert "Open3D" in key and "int64" in key
    assert "4096" not in key and "1.2.3" not in key


def test_a_javascript_error_is_explained_as_javascript_not_python() -> None:
    log = (
        "TypeError: ort.Tensor is not a constructor\n"
        "    at main (/app/index.js:5:29)\n"
        "    at node:internal/main/run_main_module:28:49\n"
    )
    d = diagnose(log, mask=False)
    assert d.primary is not None and d.primary.id == "python.unhandled-exception"
    assert d.primary.facts.get("javascript") is True
    text = d.primary.explanation + " ".join(d.primary.fix)
    assert "pip show" not in text and "npm ls" in text
    assert "CommonJS vs ES module" in text
    # the same class from Python keeps the Python reading
    from denpex.exception_text import describe

    py = describe({"exception": "TypeError", "message": "unsupported operand", "traceback": True})
    assert "pip show" in " ".join(py.fix) and "npm ls" not in " ".join(py.fix)


@pytest.mark.parametrize("ending", ["Abort trap: 6", "Aborted (core dumped)"])
def test_an_abort_notice_under_an_exception_ends_it_and_does_not_swallow_it(ending: str) -> None:
    # the abort is how the exception ended the process (a Qt app's slot raised): the exception is the failure
    log = (
        "Traceback (most recent call last):\n"
        '  File "/app/canvas.py", line 499, in intersectionPoint\n'
        "    d = min([])\n"
        "ValueError: min() arg is an empty sequence\n"
        f"{ending}\n"
    )
    d = diagnose(log, mask=False)
    assert d.primary is not None and d.primary.id == "python.unhandled-exception"
    assert d.primary.facts["exception"] == "ValueError"
    assert any(f.id == "system.abort" for f in d.findings)
