"""Computed diagnosis for python.key-error: what kind of key was missing (dataset column, checkpoint layout,
environment variable, label id, state_dict parameter, config field, pandas labels) and the check/fix for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_CKPT = {"state_dict", "model", "model_state_dict", "model_state", "net", "network", "optimizer", "optimizer_state_dict",
         "optim", "epoch", "weight", "weights", "params", "ema", "model_ema", "state_dict_ema", "module", "scheduler",
         "lr_scheduler", "global_step", "best_acc", "best_prec1", "arch", "generator", "discriminator", "netG", "netD", "g", "d"}
_COLUMNS = {"labels", "label", "input_ids", "attention_mask", "token_type_ids", "pixel_values", "text", "image", "images",
            "caption", "captions", "audio", "question", "answer", "answers", "context", "instruction", "input", "output",
            "prompt", "response", "chosen", "rejected", "messages", "conversations", "sentence", "sentence1", "sentence2",
            "premise", "hypothesis", "target", "targets", "source", "src", "tgt", "query", "completion", "img", "mask",
            "boxes", "bbox", "category_id", "image_id", "file_name", "filename", "path", "id", "idx", "tokens", "ner_tags",
            "decoder_input_ids", "start_positions", "end_positions", "video", "feats", "features", "x", "y"}
_ENV = re.compile(r"^(?:LOCAL_RANK|RANK|WORLD_SIZE|LOCAL_WORLD_SIZE|MASTER_ADDR|MASTER_PORT|NODE_RANK|GROUP_RANK|CUDA_VISIBLE_DEVICES|"
                  r"SLURM_\w+|OMPI_COMM_WORLD_\w+|PMI_\w+|HF_\w+|HUGGING\w+|WANDB_\w+|OPENAI_API_KEY|\w+_API_KEY|\w+_TOKEN|"
                  r"HOME|PATH|USER|CUDA_HOME|LD_LIBRARY_PATH|TORCH_\w+|NCCL_\w+|PYTHONPATH)$")


def _unquote(key: str) -> str:
    k = key.strip()
    if k[:2] in ("u'", 'u"'):  # Python 2 repr of a unicode key
        k = k[1:]
    if len(k) >= 2 and k[0] == k[-1] and k[0] in "'\"":
        return k[1:-1]
    return k


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("key") or "")
    missing = str(facts.get("missing") or "")
    axis = str(facts.get("axis") or "")
    code = str(facts.get("code") or "").strip()
    ffile, _, ffunc, pkg, base, where = raising_frame(facts)
    key = _unquote(raw)
    low = code.lower()
    parts: list[str] = []
    fix: list[str] = []
    if missing or "None of [" in raw or "not in index" in raw:
        labels = missing or key
        headline = f"pandas: {labels} not in the DataFrame's {axis or 'columns'}"
        parts.append(f"pandas could not find {labels} on the {axis or 'columns'} axis" + (f" ({where})" if where else "") + ". The DataFrame's real column names differ: another header row or separator (read_csv(sep=...)), leading/trailing spaces or different case in the header, a column dropped or renamed earlier, or a CSV from another dataset version.")
        fix.append("Print df.columns.tolist() right before this line; fix the names (df.columns = df.columns.str.strip(), the right sep=/header= in read_csv, df.rename(columns={...})) or the list the code selects.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    shown = raw if raw else "?"
    headline = f"KeyError {shown}" + (f" at {where}" if where else "")
    env_frame = base in ("os.py", "<frozen os>") or ffile.endswith("<frozen os>") or "environ" in code
    if env_frame or (_ENV.match(key) and ("environ" in low or not code)):
        headline += ": environment variable not set"
        parts.append(f"The environment variable {key} is read with os.environ[...] but is not set in this process.")
        if re.match(r"^(?:LOCAL_RANK|RANK|WORLD_SIZE|LOCAL_WORLD_SIZE|MASTER_ADDR|MASTER_PORT|NODE_RANK|GROUP_RANK)$", key):
            parts.append("torchrun / torch.distributed.run, DeepSpeed's and accelerate's launchers set it for each worker: the script was started with plain python (or an old torch.distributed.launch that passes --local_rank instead of setting LOCAL_RANK).")
            fix.append("Start it with a launcher: torchrun --nproc-per-node <gpus> <script> ... (one GPU: --nproc-per-node 1), or read it with a default: int(os.environ.get('" + key + "', 0)).")
        else:
            fix.append(f"export {key}=... in the shell/job script that starts the process (or read it with os.environ.get('{key}', default)).")
    elif key in _CKPT or re.search(r"\b(?:ckpt|checkpoint|state|torch\.load)\b", low):
        headline += ": checkpoint layout differs"
        parts.append(f"The checkpoint dict has no '{key}' entry: the file was saved with another layout than this loader expects - often the state_dict itself (torch.save(model.state_dict())), or a wrapper using other names ('model', 'state_dict', 'model_state_dict', 'ema', 'module'), or it is a different file than the repository's released weights.")
        fix.append("Inspect it: python -c \"import torch; c=torch.load('CKPT', map_location='cpu'); print(type(c), list(c)[:20])\"; then load what is there, e.g. sd = c.get('" + key + "', c) and model.load_state_dict(sd).")
    elif re.search(r"\.(?:weight|bias|running_mean|running_var|num_batches_tracked)$|^module\.|\blayers?\.\d", key):
        headline += ": state_dict parameter names differ"
        parts.append(f"'{key}' is a parameter name: the state_dict being read comes from a model with other parameter names - a 'module.' prefix from DataParallel/DDP, a different architecture or config (depth, head), or a different library version that renamed layers.")
        fix.append("Compare names: print(list(sd)[:5]) vs list(model.state_dict())[:5]; strip prefixes ({k.removeprefix('module.'): v for k, v in sd.items()}) or build the model with the config the checkpoint was trained with.")
    elif re.fullmatch(r"-?[0-9]{1,12}", raw.strip()):
        headline += ": an integer key missing (label map or pandas label index)"
        parts.append(f"The integer {key} is not a key of the mapping: a label/class id missing from label2id/id2label or a class list built from another label set, integer keys that became strings after a JSON round trip ('{key}' vs {key}), or a pandas Series/DataFrame indexed by label (s[{key}]) whose index no longer contains {key} after filtering or shuffling.")
        fix.append(f"Print the mapping's keys (list(d)[:20]) and their type; use d[str({key})] for JSON-loaded maps, rebuild the label map from the full label set, or use .iloc[{key}] for positional pandas access.")
    elif key in _COLUMNS or re.search(r"\b(?:batch|example|examples|sample|item|row|features|inputs|data)\s*\[", code):
        headline += ": dataset column / batch key missing"
        parts.append(f"'{key}' is a dataset column or batch field that this data does not have: the dataset uses another name (label vs labels, text vs sentence), a preprocessing map() did not keep it, or the HF Trainer removed it before the collator ran (remove_unused_columns=True drops columns the model's forward does not take).")
        fix.append("Print dataset.column_names (or batch.keys()) just before this line; rename the column (dataset.rename_column(old, '" + key + "')) or the key the code reads; with HF Trainer and a custom collator/compute_loss set remove_unused_columns=False.")
    elif re.search(r"\b(?:cfg|config|conf|args|opt|opts|params|hparams|hyp|settings)\b", low):
        headline += ": config field missing"
        parts.append(f"The configuration has no '{key}' field: the config file is from another version of the code (a field added or renamed), the field sits at another nesting level, or a command-line override was not applied.")
        fix.append(f"Compare your config with the repository's current example config; add '{key}' (or read it with cfg.get('{key}', default)).")
    elif re.search(r"registry|_REGISTRY|MODELS|BACKBONES|DATASETS|builder|factory|getattr", code) or re.search(r"regist|build|factory", ffunc):
        headline += ": unknown name in a registry"
        parts.append(f"'{key}' is not a registered name: a typo in the config's model/dataset/optimizer name, or the module that registers it was not imported (or exists only in another version).")
        fix.append("Print the registry's keys; fix the name in the config or import the module that registers it.")
    else:
        parts.append(f"The mapping indexed at {where or 'this line'} has no key {shown}: it was built from other data or another version (a column, a config field, a label, a cache) than the code expects.")
        fix.append("Print the object's keys just before this line (print(list(d.keys())[:20])) and fix either the key the code reads or the data/config that built the mapping.")
    if pkg:
        parts.append(f"The lookup is inside the installed package {pkg}: the key comes from your data, config or checkpoint (or from a {pkg} version that expects another format).")
    if code:
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
