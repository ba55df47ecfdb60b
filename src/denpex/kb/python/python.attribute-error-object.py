"""Computed diagnosis for python.attribute-error-object: what the object on the left of .attr really is
(a model wrapper, a state_dict, a collated list, a plain dict config, a NumPy array, a library class whose API
changed) from the type and attribute in the message, the raising frame and the caller's line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_EXPR = r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*|\[[^\[\]]{0,40}\]|\([^()]{0,60}\))*"
_WRAPPERS = {
    "DataParallel": "nn.DataParallel", "DistributedDataParallel": "DistributedDataParallel",
    "FullyShardedDataParallel": "FSDP", "DeepSpeedEngine": "the DeepSpeed engine",
    "MMDataParallel": "MMDataParallel", "MMDistributedDataParallel": "MMDistributedDataParallel",
}
_MODEL_ATTRS = {
    "eval", "train", "to", "cuda", "cpu", "forward", "parameters", "named_parameters", "state_dict", "load_state_dict",
    "training", "module", "children", "modules", "half", "float", "predict", "compute_loss", "apply", "zero_grad",
    "requires_grad_", "generate", "config", "device", "dtype",
}
_TENSOR_ATTRS = {
    "to", "cuda", "cpu", "shape", "size", "float", "half", "long", "int", "bool", "detach", "numpy", "unsqueeze",
    "squeeze", "permute", "view", "reshape", "dim", "device", "dtype", "backward", "item", "argmax", "max", "min",
    "mean", "sum", "contiguous", "clone", "type", "flatten", "transpose", "softmax", "sigmoid", "requires_grad",
    "ndim", "astype", "T",
}
_OUTPUT_FIELDS = {"logits", "loss", "last_hidden_state", "hidden_states", "pooler_output", "attentions", "past_key_values", "sample", "images", "prev_sample"}
_TORCH_ONLY = {"to", "cuda", "cpu", "detach", "unsqueeze", "permute", "contiguous", "long", "half", "clone", "device", "requires_grad", "backward", "float", "numpy", "int", "bool", "dim"}
_REMOVED = {
    ("DataFrame", "append"): ("pandas 2.0", "pd.concat([df, other], ignore_index=True)"),
    ("Series", "append"): ("pandas 2.0", "pd.concat([s, other])"),
    ("Series", "iteritems"): ("pandas 2.0", "Series.items()"),
    ("DataFrame", "iteritems"): ("pandas 2.0", "DataFrame.items()"),
    ("DataFrame", "ix"): ("pandas 1.0", ".loc[...] (labels) or .iloc[...] (positions)"),
    ("DataFrame", "as_matrix"): ("pandas 1.0", ".to_numpy()"),
    ("Series", "as_matrix"): ("pandas 1.0", ".to_numpy()"),
    ("DataFrame", "get_value"): ("pandas 1.0", ".at[row, col]"),
    ("DataFrame", "set_value"): ("pandas 1.0", ".at[row, col] = value"),
    ("FigureCanvasAgg", "tostring_rgb"): ("matplotlib 3.10", "np.asarray(fig.canvas.buffer_rgba())[..., :3]"),
    ("FigureCanvasBase", "tostring_rgb"): ("matplotlib 3.10", "np.asarray(fig.canvas.buffer_rgba())[..., :3]"),
    ("FigureCanvasTkAgg", "tostring_rgb"): ("matplotlib 3.10", "np.asarray(fig.canvas.buffer_rgba())[..., :3]"),
}
_LIB_OF_TYPE = (
    (re.compile(r"^(?:DataFrame|Series|Index|MultiIndex|DataFrameGroupBy|SeriesGroupBy|Timestamp|Categorical)$"), "pandas"),
    (re.compile(r"^numpy\.|^ndarray$"), "numpy"),
    (re.compile(r"Tokenizer(?:Fast)?$|For[A-Z]\w+$|PreTrainedModel$|Config$|Output(?:WithPast|WithCrossAttentions)?$|^BatchEncoding$|^TrainingArguments$"), "transformers"),
    (re.compile(r"Pipeline$|UNet2DConditionModel$|^AutoencoderKL$|Transformer2DModel$"), "diffusers"),
    (re.compile(r"^(?:Image|JpegImageFile|PngImageFile|WebPImageFile|GifImageFile|TiffImageFile)$"), "Pillow"),
    (re.compile(r"^FigureCanvas\w*$|^(?:Axes|AxesSubplot|Figure)$"), "matplotlib"),
    (re.compile(r"^(?:EagerTensor|KerasTensor|SymbolicTensor|ResourceVariable)$"), "tensorflow"),
    (re.compile(r"^(?:DictConfig|ListConfig)$"), "omegaconf"),
)


def _library(typ: str) -> str:
    for rx, lib in _LIB_OF_TYPE:
        if rx.search(typ):
            return lib
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    typ = str(facts.get("type") or facts.get("cls") or "")
    attr = str(facts.get("attr") or "")
    if not typ or not attr:
        return None
    short = typ.rsplit(".", 1)[-1]
    sugg = str(facts.get("suggestion") or "")
    code = str(facts.get("code") or "").strip()
    rf = raising_frame(facts)
    ffile, ffunc, raising_pkg = rf.file, rf.func, rf.pkg
    ufile = str(facts.get("user_file") or "").replace("\\", "/")
    uline = facts.get("user_line")
    ufunc = str(facts.get("user_func") or "")
    user_where = f"{ufile.rsplit('/', 1)[-1]}:{uline} in {ufunc}" if ufile and uline else ""
    if raising_pkg and ffunc != "__getattr__" and rf.where:
        # the line shown belongs to the library frame that read the attribute
        where = rf.where + (f" (called from {user_where})" if user_where else "")
    else:
        where = user_where or rf.where
    m = re.search(rf"({_EXPR})\.{re.escape(attr)}\b", code) if code else None
    expr = m.group(1) if m else ""
    subject = f"`{expr}`" if expr else "the object"
    is_class = bool(facts.get("cls"))
    lib = _library(short) or _library(typ)
    if not lib and raising_pkg and ffunc == "__getattr__":
        lib = raising_pkg
    module_like = raising_pkg == "torch" and ffunc == "__getattr__" and ("nn/modules/module.py" in ffile)
    parts = [f"{subject[0].upper() + subject[1:]} is a{'n' if short[:1].lower() in 'aeiou' else ''} {typ}" + (" class" if is_class else "") + f" and has no attribute '{attr}'" + (f" (at {where})" if where else "") + "."]
    if code:
        parts.append(f"Line: `{code}`.")
    fix: list[str] = []
    cause = ""
    removed = _REMOVED.get((short, attr))
    if short in _WRAPPERS and attr not in ("module",):
        cause = f"the model is wrapped by {_WRAPPERS[short]}"
        inner = f"{expr}.module.{attr}" if expr else f"model.module.{attr}"
        parts.append(f"{_WRAPPERS[short]} holds your model as .module and does not forward its custom attributes or methods, so '{attr}' has to be read from the inner model. This appears when a script written for one GPU runs with several visible GPUs (or the reverse path of the code is taken).")
        fix.append(f"Read it from the wrapped model: {inner} (or unwrap once: m = model.module if hasattr(model, 'module') else model, and use m.{attr}).")
        fix.append("Or run on one GPU (CUDA_VISIBLE_DEVICES=0) if the code only wraps the model when several GPUs are visible.")
    elif attr == "module" and short not in ("OrderedDict", "dict", "list", "tuple", "str"):
        cause = "the code expects a DataParallel/DDP-wrapped model"
        parts.append(f"The code reads .module, which only exists on a model wrapped by DataParallel / DistributedDataParallel; this {short} is not wrapped (single GPU or a run without the distributed launcher).")
        fix.append(f"Use the model itself when it is not wrapped: m = {expr or 'model'}.module if hasattr({expr or 'model'}, 'module') else {expr or 'model'}.")
    elif short in ("OrderedDict", "dict") and attr in _MODEL_ATTRS:
        cause = "a state_dict / checkpoint dict was used as the model"
        parts.append(f"A {short} where a model was expected: the file loaded with torch.load holds a state_dict (parameter name -> tensor) or a checkpoint dict, not a pickled nn.Module, so it has no .{attr}().")
        fix.append("Build the model, then load the weights into it: model = MyModel(...); model.load_state_dict(torch.load(path, map_location='cpu')) - for a checkpoint dict pass ckpt['model'] / ckpt['state_dict'] (print(list(ckpt.keys())[:5]) to see which).")
        fix.append("Or use the file the code expects (some repositories ship both a full-model file and a *_statedict file).")
    elif short == "str" and attr == "decode":
        cause = "the value is already a str (h5py 3 / Python 3)"
        in_keras = raising_pkg in ("keras", "tensorflow", "tensorflow_core") or "keras_version" in code or "h5py" in code
        if in_keras or "attrs[" in code:
            parts.append("h5py 3.0 returns HDF5 string attributes as str instead of bytes; Keras and tf.keras before 2.4 call .decode('utf8') on them while loading .h5 weights or models.")
            fix.append("pip install 'h5py<3' (e.g. h5py==2.10.0) for the old Keras/TensorFlow, or upgrade to TensorFlow/Keras >= 2.4 which handle str attributes.")
        else:
            parts.append("In Python 3 str is already text; .decode() exists only on bytes. The value was decoded earlier or the code was written for Python 2 (or for a library version that returned bytes).")
            fix.append(f"Drop the .decode(...) call for str values (or decode only when isinstance({expr or 'x'}, bytes)).")
    elif short == "str":
        cause = "a string where an object was expected"
        if attr in _MODEL_ATTRS:
            parts.append("A string (a model name or a file path) stands where the loaded model was expected: it was passed as a name and never loaded, or a config field holds the path.")
            fix.append("Load the object first (AutoModel.from_pretrained(name), torch.load(path)) and pass the object, not its name.")
        elif attr in _TENSOR_ATTRS:
            parts.append("A string (often a file path or a label name) stands where a tensor/array/image was expected: the loader returned the path, or a batch field holds strings.")
            fix.append("Load the data for that path (an image/array reader) or encode labels to numbers before this line.")
        else:
            parts.append(f"The value is a str; check what produced {subject} (a config value, a dict key iterated instead of its value, a path).")
            fix.append(f"Print repr({expr or 'the value'}) and trace where it was assigned.")
    elif short in ("list", "tuple") and attr in _OUTPUT_FIELDS:
        cause = "model outputs are a tuple"
        parts.append(f"The model returned a {short} instead of an output object: transformers/diffusers models return tuples with return_dict=False (or an older release), and custom forward() methods often return several values.")
        fix.append(f"Index the tuple ({expr or 'outputs'}[0] is usually the loss when labels are passed, otherwise the logits), or call the model with return_dict=True.")
    elif short in ("list", "tuple") and attr in _TENSOR_ATTRS:
        cause = f"a batch field or output is a {short}, not a tensor"
        parts.append(f"A {short} where a tensor was expected: DataLoader's default_collate turns strings and variable-length fields into lists (and a sample that is a tuple into a list of tensors), and models or functions with several outputs return tuples.")
        if re.search(r"\.items\(\)|batch|inputs|sample|data", code):
            fix.append("Move only tensors to the device: {k: v.to(device) if torch.is_tensor(v) else v for k, v in batch.items()}; keep string fields (texts, paths, dates) on the CPU.")
        fix.append(f"For a list of tensors use torch.stack({expr or 'x'}) (same shapes) or move each element; for a tuple output index it ({expr or 'x'}[0]).")
    elif short in ("list", "tuple"):
        cause = f"a {short} where another object was expected"
        parts.append(f"{subject[0].upper() + subject[1:]} is a Python {short}; the code expected a single object (a loader, a tensor, a DataFrame). A function may return several values, or a list was built where one item was meant.")
        fix.append(f"Print type({expr or 'x'}) and len(...) and select the element the code needs, or fix the producer to return a single object.")
    elif short == "dict":
        if attr in _TENSOR_ATTRS:
            cause = "a dict (batch/outputs) used as a tensor"
            parts.append("A dict where a tensor was expected: the batch or model output is a mapping of fields.")
            fix.append(f"Select the field first ({expr or 'batch'}['input_ids'], outputs['logits']), or move every value: {{k: v.to(device) for k, v in {expr or 'batch'}.items()}}.")
        else:
            cause = "a plain dict used with attribute access"
            parts.append(f"A plain dict supports d['{attr}'] but not d.{attr}: a config read with json.load / yaml.safe_load (or a checkpoint's saved args) is a dict, unlike the argparse Namespace / OmegaConf / EasyDict object the code expects.")
            fix.append(f"Use {expr or 'cfg'}['{attr}'] (or .get('{attr}')), or wrap the dict: OmegaConf.create(d), types.SimpleNamespace(**d), easydict.EasyDict(d); if the key is absent the config file is from another version of the code.")
    elif short in ("ndarray", "numpy.ndarray") and attr in _TORCH_ONLY:
        cause = "a NumPy array where a torch tensor was expected"
        parts.append(f"'{attr}' is a torch.Tensor method; the value is a NumPy array (from a transform, cv2/PIL conversion or a numpy computation).")
        fix.append(f"Convert it: torch.from_numpy({expr or 'x'}) (or torch.as_tensor(..., device=device)); return tensors from the Dataset (transforms.ToTensor()).")
    elif short in ("ndarray", "numpy.ndarray") and attr in ("append", "convert", "save", "resize_", "mode"):
        cause = "a NumPy array where a list or PIL image was expected"
        parts.append(f"NumPy arrays have no .{attr}: use np.append/np.concatenate for arrays, or Image.fromarray(arr) when a PIL image is expected.")
        fix.append("Convert to the expected type (list(arr), Image.fromarray(arr)) or use the NumPy equivalent.")
    elif short in ("Tensor", "EagerTensor", "SymbolicTensor") and attr == "numpy":
        cause = "a TensorFlow graph tensor has no value"
        parts.append("In TensorFlow, .numpy() exists only on eager tensors; inside tf.function, Keras graph code or with eager execution disabled (tf.compat.v1) the tensor is symbolic.")
        fix.append("Call .numpy() outside tf.function (or use tf.py_function), or enable eager execution (do not call tf.compat.v1.disable_eager_execution; model.compile(run_eagerly=True) for debugging).")
    elif short == "Tensor" and attr in ("astype", "append", "items", "keys", "values", "iloc"):
        cause = "a tensor used as another type"
        if attr == "astype":
            parts.append("torch tensors have no .astype (that is NumPy): use .to(dtype) / .float() / .long().")
            fix.append(f"Replace .astype(...) with .to(torch.<dtype>) or convert with {expr or 'x'}.cpu().numpy() first.")
        else:
            parts.append(f"A tensor stands where a {'dict' if attr in ('items', 'keys', 'values') else 'list/DataFrame'} was expected (e.g. a loss tensor where a loss dict was meant).")
            fix.append(f"Check which variable holds the {'dict' if attr in ('items', 'keys', 'values') else 'container'} and use that one.")
    elif short in ("Image", "JpegImageFile", "PngImageFile", "WebPImageFile") and attr in ("shape", "astype", "ndim", "dtype", "transpose", "reshape"):
        cause = "a PIL image used as an array"
        parts.append(f"PIL images have .size (width, height) and .mode, not .{attr}: the code expects a NumPy array (as cv2.imread returns).")
        fix.append(f"Convert it: np.asarray({expr or 'img'}) (H, W, C), or use the PIL API (img.size).")
    elif short in ("int", "float", "float64", "float32", "int64", "numpy.float64", "numpy.float32", "numpy.int64", "bool") and attr in _TENSOR_ATTRS:
        cause = "a Python/NumPy number where a tensor was expected"
        parts.append(f"A plain number has no .{attr}: the value was already converted with .item()/float(), computed in NumPy, or is the 0 that sum() returns for an empty list of losses.")
        fix.append("Keep the tensor (do not call .item() before backward/.to), or check why the loss terms are empty (sum([]) == 0).")
    elif short in ("function", "method", "builtin_function_or_method", "method-wrapper"):
        cause = "a function, not its result"
        parts.append(f"{subject[0].upper() + subject[1:]} is a function or method object: it was not called (missing parentheses, e.g. x.size.{attr} instead of x.size().{attr}), or a name is bound to a function where a value was expected.")
        fix.append(f"Call it first: {expr + '()' if expr else 'f()'}.{attr}, or check that the name is not shadowed by a function.")
    elif short == "Namespace":
        cause = "a command-line option is not defined"
        parts.append(f"args.{attr} is read but the argparse parser defines no '--{attr.replace('_', '-')}' option: the script and the parser (or the saved args from a checkpoint) come from different versions of the code.")
        fix.append(f"Add parser.add_argument('--{attr.replace('_', '-')}', ...) (or pull the repository's matching version), or set a default with getattr(args, '{attr}', default).")
    elif removed:
        ver, repl = removed
        cause = f"{short}.{attr} was removed in {ver}"
        parts.append(f"{short}.{attr} was deprecated and removed in {ver}; the code was written for an older release.")
        fix.append(f"Use the replacement: {repl}; or pin the older release (pip install '{ver.split()[0]}<{ver.split()[1]}').")
    elif short in ("DataFrame", "Series") and not sugg:
        cause = f"no {short} attribute or column '{attr}'"
        parts.append(f"pandas resolves df.{attr} to a column only when a column with that exact name exists; otherwise the attribute is missing (a renamed column, a method removed in pandas 2.x, or a typo).")
        fix.append(f"Print df.columns; use df['{attr}'] for columns, and check the pandas version the code expects (pip show pandas).")
    elif sugg:
        cause = f"did you mean '{sugg}'"
        parts.append(f"Python suggests '{sugg}', a similar name that does exist on {typ}: the attribute was renamed (between versions of {lib or 'the library or repository'}) or misspelled.")
        fix.append(f"Use '{sugg}' if it is the same thing, or install the {lib or 'library'} version the code was written for.")
    elif module_like:
        cause = f"the {short} module does not define '{attr}'"
        parts.append(f"{short} is an nn.Module (the lookup failed in torch's Module.__getattr__): '{attr}' is neither a parameter, buffer, submodule nor attribute set in its __init__ - set only on some branch of __init__, named differently in this version of the model code, or expected from a checkpoint/config that was not applied.")
        fix.append(f"Check {short}.__init__ for where '{attr}' is assigned (and the options that skip it); make sure the model code and the config/checkpoint come from the same version of the repository.")
    elif lib:
        cause = f"{lib} API mismatch"
        parts.append(f"{typ} comes from {lib}; the installed {lib} release does not have '{attr}' on it: it was renamed or removed (or added later than your version).")
        fix.append(f"Compare pip show {lib.lower()} with the version the code pins (requirements.txt), and install that version or update the call to the current API.")
    elif is_class:
        cause = f"the class {short} has no '{attr}'"
        parts.append(f"The class {short} itself lacks '{attr}': the method/constant was never defined in this copy of the code (a missing or renamed function, a partial checkout) or belongs to another class, or it is an instance attribute read from the class.")
        fix.append(f"Search the code for 'def {attr}' / '{attr} =' to see where it should be defined; update or re-clone the repository so all files come from one commit.")
    else:
        cause = f"{short} has no '{attr}'"
        parts.append(f"The object is not what the code expects at this point, or its class does not define '{attr}' in this version (an attribute set only on some branch of __init__, a rename, a typo).")
        fix.append(f"Print type({expr or 'obj'}) and dir({expr or 'obj'}) before the line; fix the producer of the object or the attribute name, and check that code and installed libraries match the project's pinned versions.")
    if raising_pkg and ffunc != "__getattr__" and cause and raising_pkg not in ("torch",) and lib != raising_pkg:
        parts.append(f"The attribute is read inside {raising_pkg}: it received this object from your code (check what you passed) or from another library whose version it does not match.")
    headline = f"'{typ}'{' class' if is_class else ' object'} has no attribute '{attr}'" + (f" at {where}" if where else "") + (f": {cause}" if cause else "")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
