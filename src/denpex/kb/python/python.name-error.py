"""Computed diagnosis for python.name-error: which import is missing (a table of common ML names), whether a
library's guarded optional import left the name undefined, and why a local variable had no value."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

# name -> (import line, pip package)
_IMPORTS: dict[str, tuple[str, str]] = {
    "np": ("import numpy as np", "numpy"), "numpy": ("import numpy", "numpy"),
    "pd": ("import pandas as pd", "pandas"), "plt": ("import matplotlib.pyplot as plt", "matplotlib"),
    "sns": ("import seaborn as sns", "seaborn"), "torch": ("import torch", "torch"),
    "nn": ("from torch import nn", "torch"), "F": ("import torch.nn.functional as F", "torch"),
    "optim": ("from torch import optim", "torch"), "Tensor": ("from torch import Tensor", "torch"),
    "DataLoader": ("from torch.utils.data import DataLoader", "torch"),
    "TensorDataset": ("from torch.utils.data import TensorDataset", "torch"),
    "DistributedSampler": ("from torch.utils.data.distributed import DistributedSampler", "torch"),
    "dist": ("import torch.distributed as dist", "torch"),
    "autocast": ("from torch.amp import autocast", "torch"), "GradScaler": ("from torch.amp import GradScaler", "torch"),
    "torchvision": ("import torchvision", "torchvision"), "transforms": ("from torchvision import transforms", "torchvision"),
    "tf": ("import tensorflow as tf", "tensorflow"), "keras": ("from tensorflow import keras", "tensorflow"),
    "jnp": ("import jax.numpy as jnp", "jax"), "jax": ("import jax", "jax"),
    "cv2": ("import cv2", "opencv-python"), "Image": ("from PIL import Image", "pillow"),
    "tqdm": ("from tqdm import tqdm", "tqdm"), "trange": ("from tqdm import trange", "tqdm"),
    "spacy": ("import spacy", "spacy"), "nltk": ("import nltk", "nltk"), "wandb": ("import wandb", "wandb"),
    "yaml": ("import yaml", "pyyaml"), "einops": ("import einops", "einops"),
    "rearrange": ("from einops import rearrange", "einops"), "repeat": ("from einops import repeat", "einops"),
    "bnb": ("import bitsandbytes as bnb", "bitsandbytes"), "deepspeed": ("import deepspeed", "deepspeed"),
    "xm": ("import torch_xla.core.xla_model as xm", "torch_xla"),
    "flash_attn_func": ("from flash_attn import flash_attn_func", "flash-attn"),
    "flash_attn_varlen_func": ("from flash_attn import flash_attn_varlen_func", "flash-attn"),
    "Accelerator": ("from accelerate import Accelerator", "accelerate"),
    "LLM": ("from vllm import LLM", "vllm"), "SamplingParams": ("from vllm import SamplingParams", "vllm"),
    "load_dataset": ("from datasets import load_dataset", "datasets"), "load_from_disk": ("from datasets import load_from_disk", "datasets"),
    "DatasetDict": ("from datasets import DatasetDict", "datasets"),
    "train_test_split": ("from sklearn.model_selection import train_test_split", "scikit-learn"),
    "accuracy_score": ("from sklearn.metrics import accuracy_score", "scikit-learn"),
    "f1_score": ("from sklearn.metrics import f1_score", "scikit-learn"),
    "Path": ("from pathlib import Path", ""), "partial": ("from functools import partial", ""),
    "reduce": ("from functools import reduce", ""), "defaultdict": ("from collections import defaultdict", ""),
    "OrderedDict": ("from collections import OrderedDict", ""), "Counter": ("from collections import Counter", ""),
    "dataclass": ("from dataclasses import dataclass", ""), "field": ("from dataclasses import field", ""),
    "nullcontext": ("from contextlib import nullcontext", ""), "datetime": ("from datetime import datetime", ""),
    "logger": ("import logging; logger = logging.getLogger(__name__)", ""),
}
for _n in ("os", "sys", "re", "json", "math", "time", "random", "glob", "shutil", "pickle", "argparse", "logging", "subprocess", "copy", "itertools", "functools", "warnings", "gc", "csv"):
    _IMPORTS[_n] = (f"import {_n}", "")
for _n in ("Optional", "List", "Dict", "Tuple", "Union", "Any", "Callable", "Iterable", "Sequence"):
    _IMPORTS[_n] = (f"from typing import {_n}", "")
for _n in ("AutoTokenizer", "AutoModel", "AutoModelForCausalLM", "AutoModelForSequenceClassification", "AutoModelForSeq2SeqLM",
           "AutoModelForTokenClassification", "AutoConfig", "AutoProcessor", "AutoImageProcessor", "Trainer", "TrainingArguments",
           "Seq2SeqTrainer", "Seq2SeqTrainingArguments", "BitsAndBytesConfig", "pipeline", "DataCollatorWithPadding",
           "DataCollatorForLanguageModeling", "DataCollatorForSeq2Seq", "GenerationConfig", "TrainerCallback",
           "get_scheduler", "get_linear_schedule_with_warmup", "get_cosine_schedule_with_warmup", "set_seed",
           "LlamaTokenizer", "LlamaForCausalLM", "BertTokenizer", "BertModel", "CLIPModel", "CLIPProcessor", "CLIPTextModel",
           "CLIPTokenizer", "WhisperProcessor", "WhisperForConditionalGeneration", "T5Tokenizer", "T5ForConditionalGeneration"):
    _IMPORTS[_n] = (f"from transformers import {_n}", "transformers")
for _n in ("LoraConfig", "TaskType", "get_peft_model", "PeftModel", "PeftConfig", "prepare_model_for_kbit_training",
           "prepare_model_for_int8_training", "PrefixTuningConfig", "PromptTuningConfig", "IA3Config", "AdaLoraConfig"):
    _IMPORTS[_n] = (f"from peft import {_n}", "peft")
for _n in ("SFTTrainer", "SFTConfig", "DPOTrainer", "DPOConfig", "PPOTrainer", "PPOConfig", "GRPOTrainer", "GRPOConfig", "RewardTrainer"):
    _IMPORTS[_n] = (f"from trl import {_n}", "trl")
for _n in ("DiffusionPipeline", "StableDiffusionPipeline", "UNet2DConditionModel", "AutoencoderKL", "DDPMScheduler", "DDIMScheduler",
           "DPMSolverMultistepScheduler", "EulerDiscreteScheduler"):
    _IMPORTS[_n] = (f"from diffusers import {_n}", "diffusers")

_PY2 = {"xrange": "range", "unicode": "str", "raw_input": "input", "basestring": "str", "long": "int", "unichr": "chr",
        "execfile": "exec(open(f).read())", "file": "open", "cmp": "(a > b) - (a < b)", "reload": "importlib.reload"}
_LOOP_NAMES = re.compile(r"^(?:i|j|k|n|idx|step|it|iter\w*|epoch|batch\w*|b|data|sample|x|y|inputs?|targets?|labels?|outputs?|loss\w*|\w*_?loss|\w*losses|\w*_idx|i_\w+|global_step)$")


def _import_for(name: str) -> tuple[str, str] | None:
    if name in _IMPORTS:
        return _IMPORTS[name]
    if re.match(r"^[A-Z]\w*Pipeline$", name) and not name.startswith("Auto"):
        return (f"from diffusers import {name}", "diffusers")
    if re.match(r"^(?:Auto\w+|\w+(?:ForCausalLM|ForConditionalGeneration|ForSequenceClassification|TokenizerFast|Tokenizer|Config|Model))$", name):
        return (f"from transformers import {name}", "transformers")
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("name") or "")
    local = str(facts.get("local") or "")
    free = str(facts.get("free") or "")
    suggestion = str(facts.get("suggestion") or "")
    forgot = str(facts.get("forgot") or "")
    code = str(facts.get("code") or "").strip()
    _, _, ffunc, pkg, base, where = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    if name:
        imp = _import_for(name)
        headline = f"name '{name}' is not defined" + (f" at {where}" if where else "")
        if name in _PY2:
            headline += ": Python 2 code under Python 3"
            parts.append(f"'{name}' is a Python 2 builtin that Python 3 removed: this code (or the repository) was written for Python 2.")
            fix.append(f"Replace {name} with its Python 3 equivalent ({_PY2[name]}), or run 2to3 on the file / use the project's Python 3 port.")
        elif pkg and pkg != "ipykernel":
            dep = imp[1] if imp else ""
            headline += f" inside {pkg}" + (f": {dep} is missing or too old" if dep and dep != pkg else "")
            parts.append(f"The NameError is raised inside the installed package {pkg} ({where}). Libraries import optional dependencies behind try/except or is_X_available() checks; when that import fails the name is never bound, and the code path you selected then fails with NameError instead of ImportError.")
            if dep and dep != pkg:
                parts.append(f"'{name}' comes from {dep}: it is not installed in this environment or is too old for this {pkg} version.")
                fix.append(f"pip install -U {dep} (check the version {pkg} requires: pip show {pkg}), then restart the process; python -c '{imp[0] if imp else 'import ' + dep}' shows the import error that was hidden.")
            else:
                fix.append(f"Run python -c 'import {pkg}' and read the warnings; check which optional dependency {pkg} needs for this feature (its setup extras) and install it, or upgrade/downgrade {pkg} to a release where this code path works.")
        elif imp:
            line, dep = imp
            if dep and dep not in ("torch", "numpy") and re.match(r"^[A-Z]", name) and (dep == "diffusers" or re.search(r"Pipeline|Trainer|Config$", name)):
                headline += f": missing import, or {dep} too old"
                parts.append(f"'{name}' is a class of {dep}. Either the file never imports it, or it imports it inside try/except (or from a helper module) and the import failed because the installed {dep} is older than the release that added {name}.")
                fix.append(f"Add `{line}` at the top of {base or 'the file'}; if it then fails with ImportError: cannot import name, upgrade: pip install -U {dep}.")
            else:
                headline += f": missing `{line}`"
                parts.append(f"'{name}' is normally bound by `{line}`; that import is missing from {base or 'this file'} (imports do not carry over from other modules), misspelled, or - in a notebook - its cell did not run in this kernel session.")
                fix.append(f"Add `{line}` at the top of {base or 'the file'}" + (f" (pip install {dep} if it is not installed)" if dep else "") + ".")
        elif forgot:
            headline += f": import {forgot}"
            fix.append(f"Add `import {forgot}` at the top of {base or 'the file'}.")
        else:
            parts.append(f"'{name}' is not defined in {base or 'this module'}: a missing import or definition, a typo, a definition that runs later (or inside another function), or a notebook cell that was not run.")
            fix.append(f"Define or import {name} before {where or 'this line'}; search the project for where {name} should come from (grep -rn 'def {name}\\|class {name}\\|{name} =').")
        if suggestion:
            parts.append(f"Python suggests '{suggestion}': if that is what was meant, it is a typo.")
    elif local or free:
        var = local or free
        kind = "local" if local else "free (closure)"
        headline = f"{kind} variable '{var}' has no value" + (f" at {where}" if where else "")
        after_loop = bool(_LOOP_NAMES.match(var))
        if after_loop:
            headline += ": the loop that sets it never ran"
            parts.append(f"'{var}' is assigned inside a loop (or its body) of {ffunc or 'this function'}, and it is read after that loop: the loop ran zero times, so the iterable was empty - an empty dataset, split or DataLoader (wrong data path, a filter that removed every sample, batch_size larger than the dataset with drop_last=True), or an empty file list.")
            fix.append("Print len(dataset) and len(loader) (or the list being iterated) before the loop and fix the data path/filter; initialise the variable before the loop (e.g. total = 0, i = -1) and raise a clear error when nothing was iterated.")
        else:
            parts.append(f"'{var}' is assigned somewhere in {ffunc or 'this function'}, so Python treats it as local, but no assignment ran before {where or 'this line'}: a branch (if/elif without else, a try whose assignment raised) skipped it, or a later assignment in the function makes a global of the same name local.")
            fix.append(f"Find the assignments of {var} in {ffunc or 'the function'}: add the missing else (raise ValueError for an unknown option such as a misspelled model/optimizer name in the config), assign a default before the branch, or declare `global {var}` / `nonlocal {var}` if the outer variable was meant.")
    else:
        return None
    if code:
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
