"""Exception intelligence: what a Python traceback says when no entry names the error.

The scanner's generic rules find traceback headers, frame lines (``File "...", line N, in f``),
exception lines and the two chain markers. Here they are put back together per stream (one file,
one rank): each exception line closes the traceback whose frames precede it, chained exceptions
are linked (the first of a chain is the cause), wrappers such as Ray's ``RayTaskError(ValueError)``
defer to the inner exception printed after them, and each record learns where it was raised (the
last frame and the package it belongs to) and the last frame in the user's own code.

Nothing here knows a particular failure; the knowledge base still decides which exceptions have
an entry. A record that no entry matched becomes a ``python.unhandled-exception`` finding (or
``python.library-internal-error`` for an assertion or NotImplementedError inside a package).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import AttributedHit
    from .hits import Hit

_PKG_DIR = re.compile(r"[/\\](?:site|dist)-packages[/\\](?P<rel>[^\s\"]+)")
_STDLIB = re.compile(r"[/\\]lib[/\\]python(?P<ver>\d\.\d+)[/\\](?P<rel>[^\s\"]+)")
_STDLIB_NAMES = frozenset(getattr(sys, "stdlib_module_names", ())) - {"test", "this", "antigravity"}
# Windows keeps the standard library directly in <prefix>\Lib ("C:\Users\u\Miniconda3\lib\pkgutil.py"): a module
# there counts only when its top-level name is a standard-library module (a project's own lib\ folder does not)
_WIN_STDLIB = re.compile(r"^(?:[A-Za-z]:)?/(?:[^/]+/)*[Ll]ib/(?P<rel>(?P<top>[A-Za-z_]\w*)(?:\.py|/[^\s\"]+\.py))$")
_PY_VERSION = re.compile(r"python(?P<ver>3\.\d{1,2})\b|Python (?P<ver2>3\.\d{1,2}(?:\.\d+)?)")
_VERSION_OF = re.compile(
    r"\b(?P<pkg>[A-Za-z][\w-]{1,40}|`[A-Za-z][\w-]{1,40}`)\s+[Vv]ersion:? +v?(?P<ver>\d+\.\d+(?:\.\d+)?(?:[.+-][\w.+]{1,20})?)"
)
_INSTALLED = re.compile(r"\b(?P<pkg>[A-Za-z][\w.-]{0,40}?)-(?P<ver>\d+(?:\.\d+)+(?:[.+]\w+)*)\b")
# exceptions that report a wrapper, a teardown or an interruption rather than a cause of their own
WEAK_TYPES = frozenset({
    "KeyboardInterrupt", "SystemExit", "BrokenPipeError", "ConnectionResetError", "ConnectionAbortedError",
    "CancelledError", "BrokenProcessPool", "GeneratorExit",
})
# a launcher's or framework's report that a child process / task failed: the failure is the child's
# own error (printed elsewhere in the log, or in that child's log), never this exception
WRAPPER_TYPES = frozenset({
    "ChildFailedError", "ProcessRaisedException", "ProcessExitedException", "CalledProcessError",
    "TrainingFailedError", "TuneError", "RayTaskError", "WorkerCrashedError",
})
LAUNCHER_MODULES = (
    "torch.distributed.run", "torch.distributed.elastic", "torch.distributed.launcher", "torch.distributed.launch",
    "accelerate.commands", "deepspeed.launcher", "torch.multiprocessing.spawn", "subprocess",
)
LAUNCHER_SCRIPTS = frozenset({"torchrun", "accelerate", "deepspeed", "accelerate-launch"})
# raised inside a package, these usually mean a bug there or a configuration it does not support
INTERNAL_TYPES = frozenset({"AssertionError", "NotImplementedError", "InternalError", "InternalTorchDynamoError"})
WRAP_WINDOW = 400  # lines: how far after a wrapper (RayTaskError(X)) its inner exception may be printed

# top-level module -> (pip distribution, GitHub repository of its tracker), for the packages ML
# tracebacks most often end in
TRACKERS: dict[str, tuple[str, str]] = {
    "torch": ("torch", "pytorch/pytorch"), "transformers": ("transformers", "huggingface/transformers"),
    "accelerate": ("accelerate", "huggingface/accelerate"), "peft": ("peft", "huggingface/peft"),
    "trl": ("trl", "huggingface/trl"), "datasets": ("datasets", "huggingface/datasets"),
    "diffusers": ("diffusers", "huggingface/diffusers"), "huggingface_hub": ("huggingface_hub", "huggingface/huggingface_hub"),
    "tokenizers": ("tokenizers", "huggingface/tokenizers"), "safetensors": ("safetensors", "huggingface/safetensors"),
    "vllm": ("vllm", "vllm-project/vllm"), "sglang": ("sglang", "sgl-project/sglang"),
    "deepspeed": ("deepspeed", "deepspeedai/DeepSpeed"), "megatron": ("megatron-core", "NVIDIA/Megatron-LM"),
    "nemo": ("nemo_toolkit", "NVIDIA/NeMo"), "lightning": ("lightning", "Lightning-AI/pytorch-lightning"),
    "pytorch_lightning": ("pytorch-lightning", "Lightning-AI/pytorch-lightning"), "ray": ("ray", "ray-project/ray"),
    "jax": ("jax", "jax-ml/jax"), "jaxlib": ("jaxlib", "jax-ml/jax"), "flax": ("flax", "google/flax"),
    "tensorflow": ("tensorflow", "tensorflow/tensorflow"), "keras": ("keras", "keras-team/keras"),
    "bitsandbytes": ("bitsandbytes", "bitsandbytes-foundation/bitsandbytes"), "xformers": ("xformers", "facebookresearch/xformers"),
    "flash_attn": ("flash-attn", "Dao-AILab/flash-attention"), "triton": ("triton", "triton-lang/triton"),
    "torchvision": ("torchvision", "pytorch/vision"), "torchaudio": ("torchaudio", "pytorch/audio"),
    "torchtune": ("torchtune", "pytorch/torchtune"), "numpy": ("numpy", "numpy/numpy"), "pandas": ("pandas", "pandas-dev/pandas"),
    "sklearn": ("scikit-learn", "scikit-learn/scikit-learn"), "onnxruntime": ("onnxruntime", "microsoft/onnxruntime"),
    "ultralytics": ("ultralytics", "ultralytics/ultralytics"), "mmcv": ("mmcv", "open-mmlab/mmcv"),
    "mmdet": ("mmdet", "open-mmlab/mmdetection"), "detectron2": ("detectron2", "facebookresearch/detectron2"),
    "wandb": ("wandb", "wandb/wandb"), "mlflow": ("mlflow", "mlflow/mlflow"), "sentence_transformers": ("sentence-transformers", "UKPLab/sentence-transformers"),
    "llamafactory": ("llamafactory", "hiyouga/LLaMA-Factory"), "axolotl": ("axolotl", "axolotl-ai-cloud/axolotl"),
    "unsloth": ("unsloth", "unslothai/unsloth"), "openai": ("openai", "openai/openai-python"), "pydantic": ("pydantic", "pydantic/pydantic"),
    "hydra": ("hydra-core", "facebookresearch/hydra"), "omegaconf": ("omegaconf", "omry/omegaconf"),
    "lmdeploy": ("lmdeploy", "InternLM/lmdeploy"), "tensorrt_llm": ("tensorrt-llm", "NVIDIA/TensorRT-LLM"),
    "verl": ("verl", "volcengine/verl"), "openrlhf": ("openrlhf", "OpenRLHF/OpenRLHF"), "swift": ("ms-swift", "modelscope/ms-swift"),
    # (plugins and forks run from a source checkout, "/vllm-workspace/vllm-ascend/vllm_ascend/worker/worker_v1.py")
    "vllm_ascend": ("vllm-ascend", "vllm-project/vllm-ascend"), "torch_npu": ("torch-npu", "Ascend/pytorch"),
    "torch_xla": ("torch-xla", "pytorch/xla"), "intel_extension_for_pytorch": ("intel-extension-for-pytorch", "intel/intel-extension-for-pytorch"),
    "colossalai": ("colossalai", "hpcaitech/ColossalAI"), "fairseq": ("fairseq", "facebookresearch/fairseq"),
    "mmengine": ("mmengine", "open-mmlab/mmengine"), "mmseg": ("mmsegmentation", "open-mmlab/mmsegmentation"),
    "paddle": ("paddlepaddle", "PaddlePaddle/Paddle"), "paddleocr": ("paddleocr", "PaddlePaddle/PaddleOCR"),
    "timm": ("timm", "huggingface/timm"), "xgboost": ("xgboost", "dmlc/xgboost"), "lightgbm": ("lightgbm", "microsoft/LightGBM"),
    "langchain": ("langchain", "langchain-ai/langchain"), "llama_index": ("llama-index", "run-llama/llama_index"),
    "gradio": ("gradio", "gradio-app/gradio"), "torch_geometric": ("torch-geometric", "pyg-team/pytorch_geometric"),
    "dgl": ("dgl", "dmlc/dgl"), "stable_baselines3": ("stable-baselines3", "DLR-RM/stable-baselines3"),
    "gymnasium": ("gymnasium", "Farama-Foundation/Gymnasium"), "espnet": ("espnet", "espnet/espnet"),
}


@dataclass(frozen=True)
class Frame:
    path: str
    line: int | None
    func: str | None
    package: str | None  # top-level module of site-/dist-packages, "python" for the standard library
    module: str | None  # dotted module inside the package (torch.nn.functional)

    @property
    def in_library(self) -> bool:
        return self.package is not None

    def where(self) -> str:
        base = self.path.replace("\\", "/").rsplit("/", 1)[-1]
        return f"{base}:{self.line}" if self.line is not None else base


@dataclass
class ExceptionRecord:
    hit: AttributedHit
    exc_type: str
    inner: str | None  # the class a wrapper names: RayTaskError(ValueError) -> ValueError
    message: str
    frames: list[Frame] = field(default_factory=list)
    has_traceback: bool = False
    cause: ExceptionRecord | None = None  # the exception this one was raised from / while handling
    chain_kind: str | None = None  # "cause" (raise ... from) or "during" (raised while handling)
    wrapped_by: ExceptionRecord | None = None  # set on the inner exception of a wrapper
    wraps: ExceptionRecord | None = None  # set on a wrapper whose inner exception is in the log
    cut: bool = False  # the traceback ends without its exception line
    ignored: bool = False  # Python printed it as "Exception ignored in: <function X.__del__ ...>" and went on
    jvm: bool = False  # a Java/Scala exception: its "at ..." frames follow it, its "Caused by:" links chain to the cause
    js: bool = False  # a JavaScript error (its frames follow it too: ``jvm`` is set with it)

    @property
    def short_type(self) -> str:
        return self.exc_type.rsplit(".", 1)[-1] if self.exc_type else ""

    @property
    def raising(self) -> Frame | None:
        return self.frames[-1] if self.frames else None

    @property
    def user_frame(self) -> Frame | None:
        for fr in reversed(self.frames):
            if not fr.in_library and not fr.path.startswith("<"):
                return fr
        return None

    @property
    def chain_root(self) -> ExceptionRecord:
        rec = self
        seen = 0
        while rec.cause is not None and seen < 50:
            rec, seen = rec.cause, seen + 1
        return rec

    @property
    def is_wrapper(self) -> bool:
        if self.short_type in WRAPPER_TYPES or self.inner:
            return True
        # a launcher's own traceback cut before its ChildFailedError / CalledProcessError line
        return self.cut and any(
            (fr.module or "").startswith(LAUNCHER_MODULES) or fr.path.replace("\\", "/").rsplit("/", 1)[-1] in LAUNCHER_SCRIPTS
            for fr in self.frames
        )

    @property
    def is_weak(self) -> bool:
        return self.short_type in WEAK_TYPES

    @property
    def is_internal(self) -> bool:
        """An assertion / not-implemented error raised inside a package's own code."""
        fr = self.raising
        return self.short_type in INTERNAL_TYPES and fr is not None and fr.in_library and fr.package != "python"


_CYTHON_SOURCE = re.compile(r"[A-Za-z_][\w.]*(?:/[A-Za-z_][\w.]*)*\.(?:pyx|pxi|pxd)")


def _dotted(parts: Sequence[str]) -> str:
    """A module's dotted name from its path components below the package root ("x/y/__init__.py" -> "x.y")."""
    return ".".join(p.removesuffix(".py") for p in parts if p != "__init__.py")


def _frame(path: str, line: str | None, func: str | None) -> Frame:
    norm = path.replace("\\\\", "/").replace("\\", "/")
    package = module = None
    m = _PKG_DIR.search(norm)
    if m:
        rel = m.group("rel")
        parts = rel.split("/")
        if len(parts) > 1 and parts[0].endswith((".egg", ".egg-link")):
            parts = parts[1:]  # an egg installed by setup.py install: "ms_swift-2.5.2-py3.9.egg/swift/llm/..."
        package = parts[0].split(".", 1)[0] if parts[0].endswith(".py") else parts[0]
        module = _dotted(parts)
    else:
        m = _STDLIB.search(norm)
        if m:
            package = "python"
            module = m.group("rel").removesuffix(".py").replace("/", ".")
        elif (w := _WIN_STDLIB.match(norm)) and w.group("top") in _STDLIB_NAMES:
            package = "python"
            module = w.group("rel").removesuffix(".py").replace("/", ".")
        elif norm.startswith("<frozen "):
            package = "python"
            module = norm[8:].rstrip(">")
        elif norm == "stringsource":
            package, module = "cython", "stringsource"  # Cython's generated utility code (memoryviews, buffers)
        elif (ts := norm.find("__torch__/")) != -1 and norm.endswith(".py"):
            # a scripted module's serialized code, as TorchScript's own traceback names it
            # ("code/__torch__/nequip/nn/_graph_model.py"): that package's code, compiled, not the user's file
            parts = norm[ts + len("__torch__/"):].split("/")
            package, module = parts[0].removesuffix(".py"), _dotted(parts)
        else:
            package, module = _source_checkout(norm)
            if package is None and (cy := _CYTHON_SOURCE.match(norm)):
                # a compiled Cython module names its source as built: "_dynet.pyx", "pyarrow/table.pxi",
                # "pandas/_libs/lib.pyx" - the package's own compiled code, never the user's
                parts = cy.group(0).split("/")
                if len(parts) > 2 and parts[0] == "python":
                    parts = parts[1:]  # a repository's python/ folder, as Ray's Cython frames print it: "python/ray/_raylet.pyx"
                package = parts[0].rsplit(".", 1)[0].lstrip("_") if len(parts) == 1 else parts[0]
                module = ".".join(p.rsplit(".", 1)[0] for p in parts)
            if package is None and norm.endswith(".py") and not norm.startswith(("/", ".", "~")) and ":" not in norm[:3]:
                # a path relative to site-packages, as frozen apps, zip imports and some launchers print it
                # ("transformers/models/wav2vec2/modeling_wav2vec2.py"): a known package's folder is that package
                parts = norm.split("/")
                if len(parts) >= 2 and parts[0] in TRACKERS:
                    package, module = parts[0], _dotted(parts)
    return Frame(path=path, line=int(line) if line and line.isdigit() else None, func=func, package=package, module=module)


# JVM packages that are not the user's code: the runtime, the languages' libraries and the frameworks ML jobs call
_JVM_LIBRARY = re.compile(
    r"(?:java|javax|jdk|sun|com\.sun|scala|kotlin|akka|py4j|io\.netty|org\.apache|org\.spark_project|org\.eclipse|org\.slf4j"
    r"|org\.springframework|org\.tensorflow|org\.pytorch|org\.deeplearning4j|org\.nd4j|ai\.djl|ai\.onnxruntime|com\.google"
    r"|com\.fasterxml|com\.amazonaws|software\.amazon|com\.databricks|com\.intel\.analytics|ml\.dmlc|ai\.h2o|water|hex|ml\.combust|com\.microsoft)\."
)


def _jvm_frame(path: str, line: str | None, func: str) -> Frame:
    """A JVM frame: ``func`` is ``package.Class.method``; library frames carry their package."""
    module = func.rsplit(".", 1)[0] if "." in func else func
    parts = module.split(".")
    package = None
    if _JVM_LIBRARY.match(func):
        package = ".".join(parts[:3] if parts[0] in ("org", "com", "io", "ai", "software", "ml") else parts[:2])
    return Frame(path=path, line=int(line) if line and line.isdigit() else None, func=func.rsplit(".", 1)[-1], package=package, module=module)


_NODE_MODULE = re.compile(r"/node_modules/(?P<pkg>(?:@[\w.-]+/)?[\w.-]+)/")


def _js_frame(path: str, line: str | None, func: str | None) -> Frame:
    """A JavaScript frame: under node_modules/ it is that package's (a scoped "@org/pkg" too), else the user's."""
    norm = path.replace("\\", "/")
    m = _NODE_MODULE.search(norm)
    name = norm.rsplit("/", 1)[-1]
    return Frame(path=path, line=int(line) if line and line.isdigit() else None, func=func or "<anonymous>",
                 package=m.group("pkg") if m else None, module=name.rsplit(".", 1)[0])


def _source_checkout(norm: str) -> tuple[str | None, str | None]:
    """A frame in a package's own source checkout (an editable install, a cloned repository run in place):
    ".../detectron2-master/detectron2/engine/defaults.py", ".../DeepSpeed/deepspeed/runtime/engine.py",
    ".../transformers/src/transformers/trainer.py", ".../ray/python/ray/tune/function_runner.py" - a known package's
    folder directly under a folder named after it (or its src/ or python/ layout) is that package's code, not the user's."""
    parts = norm.split("/")
    for i in range(len(parts) - 2, 0, -1):
        pkg = parts[i]
        if pkg not in TRACKERS:
            continue
        # (a src/ layout, or a monorepo's python/ folder: ray/python/ray, sglang/python/sglang, tvm/python/tvm,
        # xgboost/python-package/xgboost)
        repo = parts[i - 1].lower() if parts[i - 1] not in ("src", "python", "python-package") or i < 2 else parts[i - 2].lower()
        if repo.replace("-", "_").startswith(pkg.lower().replace("-", "_")) or repo.startswith(TRACKERS[pkg][1].split("/")[1].lower()):
            return pkg, _dotted(parts[i:])
    return None, None


def stream_of(h: AttributedHit) -> tuple[int, int | None]:
    """The stream a hit belongs to: its file and rank (one process's output)."""
    return (h.file_index, h.at.rank)


def _strip(text: str) -> str:
    from .unknown import strip_prefix

    return strip_prefix(text)


_FLATTENED = "Traceback (most recent call last)"


def _exc_pos(text: str, t: str) -> tuple[int, bool]:
    """Where the exception class ``t`` is reported on ``text``, and whether the line is a whole traceback
    flattened onto one line (a paste that lost its newlines: "Traceback (most recent call last): File ...
    raise ImportError('x') ImportError: x"): there the class's last "T:" is the exception, not the raise."""
    i = text.find(t)
    if i > 0 and _FLATTENED in text[:i]:
        j = text.rfind(t + ":")
        if j > i and 'File "' in text[:j]:
            return j, True
    return i, False


def _message(h: AttributedHit) -> str:
    """The exception's message: the text after the class token on its line."""
    text = h.hit.text
    t = h.hit.groups.get("exc_type")
    if not t:
        return ""
    i, _flat = _exc_pos(text, t)
    rest = text[i + len(t):] if i >= 0 else ""
    inner = h.hit.groups.get("exc_inner")
    if inner and rest.startswith(f"({inner})"):
        rest = rest[len(inner) + 2:]
    if rest[:3] in ("'>:", "\u2019>:"):
        rest = rest[2:]  # a class repr ("<class 'x.TrainingException'>: msg", Twisted's Failure record)
    rest = rest.lstrip()
    rest = rest.removeprefix(":")
    rest = rest.strip()
    opener = text[i - 1] if i > 0 else ""
    closer = {"`": "`", "(": ")", "'": "'", '"': '"'}.get(opener)
    if closer and rest.endswith(closer):
        rest = rest[: -len(closer)].rstrip()  # `AttributeError: ...` quoted in a paste: the quote is not the message
    elif text[max(0, i - 2):i] == "**" and rest.endswith("**"):
        rest = rest[:-2].rstrip()  # **NameError: ...** in markdown bold
    if not rest and (text.rstrip().endswith(":") or text[:i].rstrip().endswith("Exception has occurred:")) and (
        nxt := h.hit.groups.get("next_line")
    ):
        # "ValueError:" ending its line: a message raised starting with a newline is on the next line; VS Code's
        # debugger prints the class alone ("Exception has occurred: TypeError") and the message under it
        nxt = _strip(nxt).strip()
        if nxt and not _NOT_A_MESSAGE.match(nxt):
            rest = nxt
    return rest


# what follows an exception line but is not its message: another traceback, a chain note, a frame, a fence, a prompt
_NOT_A_MESSAGE = re.compile(r"Traceback \(|During handling|The above exception|File \"|```|\$ |>>> |\[?\d{4}-\d\d-\d\d|\d\d:\d\d:\d\d")


# (a comma before the class is an argument list, "except (OSError, ValueError)", unless prose introduces
# the error with it: "I get this error, Error: API Request Failed")
# ("class", "def", "import" and "from" only where they start the statement: in prose they are words - "User class
# threw exception: java.lang.UnsatisfiedLinkError: ..." from Spark's ApplicationMaster, "an error from the server:");
# IPython's quoted source keeps its arrow and line number in front: "----> 2 from mypkg.errors import ShardError")
_CODE_BEFORE = re.compile(r"\b(?:except|raise|return|isinstance|issubclass|assert)\b|^\W*(?:\d+\s+)?(?:class|def|import|from)\b|[=(\[]\s*$|(?<![Ee]rror),\s*$")
# the program itself says the exception does not matter: "Ignoring benign restart error: CustomError: ..."
_BENIGN_BEFORE = re.compile(r"\b(?:[Ii]gnor(?:e|ed|ing) (?:benign|harmless|expected)|[Bb]enign (?:\w+ )?(?:error|exception))\b")
_IPYTHON_HEADER = re.compile(r"(?P<exc_type>(?:[A-Za-z_]\w*\.)*[A-Z]\w*)\s{2,}Traceback \(most recent call last\)")


def is_exception_line(h: AttributedHit) -> bool:
    """Whether a generic exception hit is an exception being reported, not source code quoted in
    a traceback (``    except KeyError:``, ``    raise ValueError``). Indented lines count when no
    code precedes the class: exception groups (``  | X: ...``) and nested output indent them."""
    t = h.hit.groups.get("exc_type")
    if not t:
        return False
    body = _strip(h.hit.text)
    i, flat = _exc_pos(body, t)
    if flat:
        return True  # the last "T: msg" of a flattened traceback follows the raising frame's source line
    return i >= 0 and not _CODE_BEFORE.search(body[:i]) and not _BENIGN_BEFORE.search(body[:i])


_FAULTHANDLER_FRAME = re.compile(r'", line \d+ in ')


# a native frame in Python's frame layout (crash handlers' symbolized backtraces): C/C++/CUDA sources
_NATIVE_SOURCES = (".c", ".cc", ".cpp", ".cxx", ".cu", ".h", ".hpp", ".hh")


# how far under a warning line ending with a colon a traceback header is still that warning's text
WARNING_TEXT_LINES = 12


def collect(hits: Sequence[AttributedHit]) -> list[ExceptionRecord]:
    """Every exception line of the input as a record with its traceback, chain and wrapper links,
    in input order per stream."""
    out: list[ExceptionRecord] = []
    state: dict[tuple[int, int | None], dict] = {}
    for h in _exception_before_nested_header(hits):
        kind = h.rule.sig_id
        if h.rule.entry_id is not None or kind not in ("traceback", "frame", "exception", "chain-cause", "chain-during", "source-raise", "exception-ignored", "warning-carries", "output-label", "jvm-frame", "js-frame"):
            continue
        st = state.setdefault(stream_of(h), {"frames": None, "header": None, "last": None, "chain": None, "last_line": -1, "ipython": None})
        if kind == "exception" and st["header"] is None and st["frames"] is None:
            # the exception line may be attributed to a rank its message names ("Rank 13: found NaN")
            # while its unprefixed traceback is in the file's own stream: adopt a block ending just above
            st = next(
                (o for k, o in state.items()
                 if k[0] == h.file_index and (o["header"] is not None or o["frames"] is not None) and 0 < h.hit.line - o["last_line"] <= 3),
                st,
            )
        if kind in ("jvm-frame", "js-frame"):
            # a JVM or JavaScript trace prints its frames after the exception line, innermost first, "... N more"
            # between (``jvm`` marks that layout; ``js`` the language)
            rec = st["last"]
            if rec is not None and (rec.jvm or not rec.frames) and 0 < h.hit.line - st.get("jvm_line", -9) <= 3:
                g = h.hit.groups
                if not rec.jvm:
                    rec.frames, rec.jvm, rec.has_traceback = [], True, True
                    rec.js = kind == "js-frame"
                frame = (_js_frame(g.get("path") or "", g.get("lineno"), g.get("func")) if kind == "js-frame"
                         else _jvm_frame(g.get("path") or "Native Method", g.get("lineno"), g.get("func") or ""))
                rec.frames.insert(0, frame)  # innermost ends last
                st["jvm_line"] = h.hit.line
            continue
        if kind == "exception-ignored":
            # "Exception ignored in: <function X.__del__ ...>" just above the traceback it introduces
            st["ignored_at"] = h.hit.line
            continue
        if kind in ("warning-carries", "output-label"):
            st[kind] = h.hit.line
            continue
        if kind == "source-raise":
            # the quoted source of the frame just above: kept for a traceback that ends here, cut
            # (IPython quotes a few lines of context under a frame and marks the one running with "--> 305")
            if st["frames"] and (h.hit.line == st["last_line"] + 1
                                 or ("--> " in h.hit.text[:40] and 0 < h.hit.line - st["last_line"] <= 8)):
                g = h.hit.groups
                st["raise_src"] = (g.get("raise_type") or ("AssertionError" if g.get("assert_msg") is not None or "assert" in h.hit.text else ""),
                                   g.get("raise_msg") or g.get("assert_msg") or "")
            continue
        if kind in ("traceback", "frame"):
            st["last_line"] = h.hit.line
            st["raise_src"] = None
        if kind == "traceback":
            _close_cut(st, out, at_end=False)
            st["frames"], st["header"], st["stack_dump"] = [], h, False
            st["header_chain"] = st["chain"]  # the chain note printed above this traceback, if any
            # (or a warning's message that quotes a subprocess's output: a warning line ending with a colon a few lines
            # above, the traceback header right under its "stderr:" label; Python prints the warning's source line
            # only after the whole message)
            st["ignored"] = st.get("ignored_at") == h.hit.line - 1 or (
                0 < h.hit.line - st.get("output-label", -99) <= 2 and 0 < h.hit.line - st.get("warning-carries", -99) <= WARNING_TEXT_LINES)
            st["ipython"] = (m.group("exc_type") if (m := _IPYTHON_HEADER.search(h.hit.text)) else None)
        elif kind == "frame":
            if st["frames"] is None:
                st["frames"] = []  # a traceback whose header is cut off, or the inner trace Ray prints under its wrapper
                st["first_frame"] = h
                st["stack_dump"] = True
            # faulthandler's stack dump ("Thread 0x... (most recent call first):" then 'File "x", line 365 in f', no
            # comma): the stacks of a process a signal or a timeout stopped, not an exception that travelled up
            # ... and a native backtrace printed in Python's frame layout by a crash handler (tvm_ffi's "!!!!!!! Segfault
            # encountered !!!!!!!" then 'File "<unknown>", line 0, in mz_crc32'): C++ symbols, no Python frame
            g = h.hit.groups
            native = (g.get("path") or "") == "<unknown>" or (g.get("path") or "").endswith(_NATIVE_SOURCES)
            st["stack_dump"] = st["stack_dump"] and (native or _FAULTHANDLER_FRAME.search(h.hit.text) is not None)
            st["frames"].append(_frame(g.get("path", ""), g.get("lineno"), g.get("func")))
        elif kind in ("chain-cause", "chain-during"):
            st["chain"] = "cause" if kind == "chain-cause" else "during"
        else:
            if not is_exception_line(h):
                continue  # source lines quoted inside a traceback ("    raise ValueError(...)")
            exc_type, message = _unwrap_julia(h.hit.groups["exc_type"], _message(h))
            rec = ExceptionRecord(
                hit=h,
                exc_type=exc_type,
                inner=h.hit.groups.get("exc_inner"),
                message=message,
                frames=st["frames"] or [],
                has_traceback=bool(st["header"]) or bool(st["frames"]),
                ignored=bool(st.get("ignored")) and bool(st["header"]),
            )
            if st["chain"] and st["last"] is not None:
                rec.cause, rec.chain_kind = st["last"], st["chain"]
            elif (prev := st["last"]) is not None and prev.jvm and _strip(h.hit.text).lstrip().startswith("Caused by:") \
                    and 0 < h.hit.line - st.get("jvm_line", -9) <= 3:
                # Java's "Caused by: X: ..." under a trace: X is what the exception above wraps; the innermost is the failure
                prev.cause, prev.chain_kind = rec, "caused-by"
            st["jvm_line"] = h.hit.line
            st.update(frames=None, header=None, chain=None, last=rec, last_line=h.hit.line, ipython=None, raise_src=None, ignored=False)
            out.append(rec)
    for st in state.values():
        _close_cut(st, out, at_end=True)
    out.sort(key=lambda r: (r.hit.file_index, r.hit.hit.line))
    _link_wrappers(out)
    return out


# Julia wraps an error raised while loading a file or initialising a module: "ERROR: LoadError: ArgumentError: ..."
_JULIA_WRAPPERS = frozenset({"LoadError", "InitError"})
_JULIA_INNER = re.compile(r"(?P<t>[A-Z]\w{0,60}(?:Error|Exception)):\s(?P<m>.*)")


def _unwrap_julia(exc_type: str, message: str) -> tuple[str, str]:
    """The error a Julia ``LoadError``/``InitError`` wraps, when its message starts with one."""
    if exc_type in _JULIA_WRAPPERS and (m := _JULIA_INNER.match(message)):
        return m.group("t"), m.group("m").strip()
    return exc_type, message


def _exception_before_nested_header(hits: Sequence[AttributedHit]) -> list[AttributedHit]:
    """``hits`` with one reordering inside a line: an exception whose message carries the next traceback's
    header ("Exception: KeyError:Traceback (most recent call last):", old PyTorch DataLoader workers;
    "ValueError: 'Traceback (most recent call last):...") closes the traceback above before that header
    opens a new one, as the text reads."""
    out = list(hits)
    for i in range(len(out) - 1):
        h = out[i]
        if h.rule.entry_id is not None or h.rule.sig_id != "traceback":
            continue
        header_at = h.hit.text.find("Traceback (most recent call last)")
        for j in range(i + 1, len(out)):
            e = out[j]
            if e.file_index != h.file_index or e.hit.line != h.hit.line:
                break
            if e.rule.entry_id is None and e.rule.sig_id == "exception":
                at = e.hit.text.find(e.hit.groups.get("exc_type") or "\0")
                if 0 <= at < header_at:
                    out[i], out[j] = e, h
                break
    return out


def _close_cut(st: dict, out: list[ExceptionRecord], at_end: bool) -> None:
    """A traceback that no exception line closed (the paste or the log is cut after its frames, or
    IPython printed only its "ValueError   Traceback" header) is still a failure: a record with the
    class IPython named, if any, and the frames that were printed."""
    header = st.get("header")
    raised = st.get("raise_src")  # (class, message) of the `raise X("...")` / `assert ..., "..."` quoted last
    if header is None and at_end and (len(st.get("frames") or ()) >= 2 or (raised and raised[0])) and not st.get("stack_dump"):
        # a paste that starts and ends inside a traceback's frames (one frame is enough when its quoted
        # source raises); headerless frames followed by a new traceback are a stack dump (anomaly mode's
        # "Traceback of forward call", a warning's stack)
        header = st.get("first_frame")
    if not header or (not st.get("frames") and not st.get("ipython")):
        return
    exc_type, message = st.get("ipython") or "", ""
    if raised and raised[0] and (not exc_type or exc_type.rsplit(".", 1)[-1] == raised[0].rsplit(".", 1)[-1]):
        exc_type, message = raised  # the statement the last frame quotes is the one that raised
    rec = ExceptionRecord(
        hit=header, exc_type=exc_type, inner=None, message=message, frames=st["frames"] or [], has_traceback=True, cut=True,
        ignored=bool(st.get("ignored")) and header is st.get("header"),
    )
    if st.get("header_chain") and st.get("last") is not None and header is st.get("header"):
        # a cut traceback printed under "During handling of the above exception" / "The above exception was the
        # direct cause": still the later link of that chain
        rec.cause, rec.chain_kind = st["last"], st["header_chain"]
    out.append(rec)
    st.update(frames=None, header=None, ipython=None, first_frame=None, raise_src=None, ignored=False, header_chain=None)


_TORCHSCRIPT_WRAPPER = "The following operation failed in the TorchScript interpreter"


def _link_wrappers(records: list[ExceptionRecord]) -> None:
    """A wrapper names its inner class (RayTaskError(ValueError)); the first later exception of that
    class in the same stream, within ``WRAP_WINDOW`` lines, is the inner one."""
    for i, rec in enumerate(records):
        # TorchScript's interpreter reports a failed op as "RuntimeError: The following operation failed in the
        # TorchScript interpreter." and then prints the script's own traceback ("Traceback of TorchScript (most
        # recent call last):") ending in the op's exception: that later line is the error, of whatever class
        any_class = rec.message.startswith(_TORCHSCRIPT_WRAPPER)
        if not rec.inner and not any_class:
            continue
        want = rec.inner.rsplit(".", 1)[-1] if rec.inner else None
        for later in records[i + 1:]:
            if stream_of(later.hit) != stream_of(rec.hit) or later.hit.hit.line - rec.hit.hit.line > WRAP_WINDOW:
                continue
            if (any_class or later.short_type == want) and later.wrapped_by is None:
                rec.wraps, later.wrapped_by = later, rec
                if any_class and rec.frames:
                    later.frames = rec.frames + later.frames  # the Python stack that called into the script
                break


def versions(hits: Sequence[AttributedHit], records: Sequence[ExceptionRecord]) -> dict[str, str]:
    """Package versions the log shows: the Python of the traceback paths, "X version: 1.2" lines of
    environment reports, and "Successfully installed a-1.2 b-3.4" lines of pip."""
    out: dict[str, str] = {}
    for rec in records:
        for fr in rec.frames:
            m = _PY_VERSION.search(fr.path)
            if m and "python" not in out:
                out["python"] = m.group("ver") or m.group("ver2")
    for h in hits:
        if h.rule.sig_id != "version" or h.rule.entry_id is not None:
            continue
        text = h.hit.text
        if "Successfully installed " in text:
            for m in _INSTALLED.finditer(text.split("Successfully installed ", 1)[1]):
                out.setdefault(m.group("pkg").lower(), m.group("ver"))
            continue
        for m in _VERSION_OF.finditer(text):
            pkg = m.group("pkg").strip("`").lower()
            if pkg in ("cuda", "driver", "python", "pytorch", "torch", "nccl", "cudnn") or pkg in TRACKERS:
                out.setdefault("torch" if pkg == "pytorch" else pkg, m.group("ver"))
    return out


def search_key(rec: ExceptionRecord) -> str:
    """A query that finds this error in its package's tracker: class and message, with the volatile
    parts (numbers, paths, quoted names longer than a word) left out."""
    msg = re.sub(r"['\"]?(?:[A-Za-z]:)?(?:[/\\][^\s'\"]+)+['\"]?", " ", rec.message)
    # (digits inside a name stay: Open3D, int64, x86_64, fp16)
    msg = re.sub(r"0x[0-9a-fA-F]+|(?<![A-Za-z_\d.])-?\d+(?:\.\d+)*(?![A-Za-z_\d])", " ", msg)
    msg = re.sub(r"\s+", " ", msg).strip()[:120]
    return f"{rec.short_type}: {msg}" if msg else rec.short_type


def facts_of(rec: ExceptionRecord, vers: dict[str, str]) -> dict[str, object]:
    """The facts a ``python.*`` finding carries for this record."""
    facts: dict[str, object] = {"exception": rec.exc_type, "message": rec.message[:300]}
    if rec.cut:
        facts["cut"] = True
    fr = rec.raising
    if fr is not None:
        facts["raised_in"] = f"{fr.module}.{fr.func}" if fr.module and fr.func and not fr.func.startswith("<") else (fr.module or fr.where())
        facts["raised_at"] = fr.where()
        if fr.package:
            facts["package"] = fr.package
    facts["library_code"] = bool(fr is not None and fr.in_library)
    uf = rec.user_frame
    if uf is not None:
        facts["user_frame"] = uf.where() + (f" in {uf.func}" if uf.func else "")
    if rec.wrapped_by is not None:
        facts["wrapped_by"] = rec.wrapped_by.exc_type
    pkg = facts.get("package")
    if isinstance(pkg, str) and pkg in vers:
        facts["package_version"] = vers[pkg]
    if "python" in vers:
        facts["python_version"] = vers["python"]
    if "torch" in vers and pkg != "torch":
        facts["torch_version"] = vers["torch"]
    facts["search_key"] = search_key(rec)
    if isinstance(pkg, str) and pkg in TRACKERS:
        facts["tracker"] = f"https://github.com/{TRACKERS[pkg][1]}/issues"
    facts["traceback"] = rec.has_traceback
    if rec.js:
        facts["javascript"] = True
    elif rec.jvm:
        facts["jvm"] = True
    return facts


# "Error: ..." with no traceback names no Python class (Python's Error classes are a module's: shutil.Error,
# binascii.Error): a CLI's error line (Go's cobra, Rust's anyhow, Node) or a script's printed message
BARE_ERROR = "Error"


# the knowledge-base entries whose findings the engine makes from this analysis (no signatures)
ENGINE_IDS = frozenset({"python.unhandled-exception", "python.library-internal-error"})



_FRAME_LINE = re.compile(r'^\s*File "[^"]{1,500}", line \d+')
# what makes a quoted source line a message's template rather than code an entry keys on
# ("config_class = CONFIG_MAPPING[config_dict['model_type']]" is evidence some entries read)
_TEMPLATE = re.compile(r"^\s*(?:raise|assert)\b|\{[A-Za-z_][\w.]*(?:\[[^\]{}]{0,40}\])?(?:![rsa])?(?::[^{}]{0,20})?\}|%[sdr]\b")


def is_source_echo(hit: Hit) -> bool:
    """Whether ``hit`` is the source line a Python traceback quotes under a frame ("  File "x.py",
    line 9, in f" then "    raise ValueError(f'Could not find {name}')") and that line is a message
    template (a raise, an assert, a format field): code an entry's wording may match, not a message
    the program printed."""
    if not hit.before or 'File "' not in hit.before[-1]:
        return False  # the common case, decided without a regex
    from .unknown import strip_prefix

    text = strip_prefix(hit.text)
    return (text[:2] == "  " and _FRAME_LINE.match(strip_prefix(hit.before[-1])) is not None
            and _TEMPLATE.search(text) is not None)
