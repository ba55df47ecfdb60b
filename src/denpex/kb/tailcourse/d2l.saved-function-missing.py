"""Computed diagnosis for d2l.saved-function-missing: which d2l release the missing helper belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# helpers of the 1.0 edition (object-oriented API), absent from 0.17.x
_V1 = {"HyperParameters", "Module", "DataModule", "Trainer", "ProgressBoard", "Classifier", "FashionMNIST",
       "TimeMachine", "SyntheticRegressionData", "LinearRegressionScratch", "LinearRegression", "SoftmaxRegression",
       "add_to_class", "RNNScratch", "RNNLMScratch", "RNNLM", "Seq2Seq", "EncoderDecoder", "MTFraEng", "GRU", "LSTM",
       "ResNeXtBlock", "Residual", "Vocab_v1", "init_cnn", "cpu", "gpu", "num_gpus"}
# renamed in older editions
_RENAMED = {"train_ch5": "train_ch6", "train_ch7": "train_seq2seq", "train_ch9": "train_ch8"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    if not attr:
        return None
    fw = str(facts.get("framework") or "")
    mod = f"d2l.{fw}" if fw else "d2l"
    fix: list[str] = []
    if not fw:
        fix.append("Import the framework module as the book does: from d2l import torch as d2l  (or tensorflow / mxnet / jax).")
    if attr in _RENAMED:
        diagnosis = f"{attr} was renamed ({_RENAMED[attr]})"
        text = f"`{attr}` is from an early pre-release of the book; later editions call it `{_RENAMED[attr]}`."
        fix.append(f"Use d2l.{_RENAMED[attr]} (check its signature in your edition), or the notebook matching your d2l release.")
    elif attr in _V1:
        diagnosis = "1.0-edition helper on an older d2l"
        text = f"`{attr}` belongs to the d2l 1.0 edition (object-oriented API); the installed {mod} is an older release."
        fix.append("pip install -U d2l==1.0.3")
    else:
        diagnosis = "0.x-edition helper on d2l 1.0+"
        text = (f"`{attr}` is a chapter helper of the d2l 0.x editions (0.17 / zh-v2); d2l 1.0+ removed it "
                "(the installed release is probably the newest)." if attr.startswith(("train_", "load_data", "predict_", "evaluate_"))
                or attr in {"Accumulator", "Animator", "Timer", "sgd", "linreg", "squared_loss", "synthetic_data", "try_gpu", "try_all_gpus"}
                else f"`{attr}` is not defined by the installed {mod}: the notebook comes from another book edition than the d2l release.")
        fix.append("pip install d2l==0.17.6  (0.17 edition / zh-v2 notebooks), or run the 1.0 notebook of this section")
    if fw in ("", "torch") and attr == "train_ch3":
        fix.append("On d2l 0.17.6 also use `from d2l import torch as d2l`: plain `import d2l` has no train_ch3.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis,
                                                           "framework_suffix": f".{fw}" if fw else ""})
