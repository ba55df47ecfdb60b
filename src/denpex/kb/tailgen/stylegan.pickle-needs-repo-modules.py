"""Computed diagnosis for stylegan.pickle-needs-repo-modules: which StyleGAN generation the pickle is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = facts.get("module")
    if not isinstance(module, str) or not module:
        return None
    if module.startswith("dnnlib.tflib"):
        diagnosis = "TensorFlow StyleGAN pickle given to a PyTorch loader"
        text = (f"'{module}' is the TensorFlow StyleGAN/StyleGAN2(-ADA) network class: this pickle was written by the "
                "TensorFlow code and cannot be unpickled by a PyTorch script.")
        fix = ("Convert it once with the PyTorch repository: in NVlabs/stylegan3 (or stylegan2-ada-pytorch), "
               "legacy.load_network_pkl(open('net.pkl','rb')) reads TF pickles; save the result as a PyTorch pickle or state_dict.",
               "Or run the TensorFlow repository (TensorFlow 1.x) that produced it.")
    elif module.startswith("torch_utils"):
        diagnosis = "StyleGAN2-ADA-PyTorch / StyleGAN3 pickle loaded outside its repository"
        text = (f"'{module}' is a folder of the NVlabs PyTorch StyleGAN repositories: the pickle references "
                "torch_utils.persistence, so it only loads where that repository's root is importable.")
        fix = ("git clone https://github.com/NVlabs/stylegan3 and run from it, or sys.path.insert(0, '/path/to/stylegan3') before pickle.load / torch.load.",
               "Do not pip install torch_utils: it is an unrelated package (the error then names torch_utils.persistence).")
    else:
        diagnosis = "StyleGAN pickle loaded without the repository's dnnlib package"
        text = (f"'{module}' is the dnnlib package of the NVlabs StyleGAN repositories; the pickle stores objects "
                "(EasyDict, networks) from it, so the repository must be on sys.path.")
        fix = ("Add the StyleGAN repository that trained the model (stylegan3 reads stylegan2-ada-pytorch pickles too) to PYTHONPATH.",
               "Or export a state_dict from inside that repository and load it into your own copy of the architecture.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
