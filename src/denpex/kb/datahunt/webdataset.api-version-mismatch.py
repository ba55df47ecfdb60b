"""Computed diagnosis for webdataset.api-version-mismatch: which generation the symbol belongs to and its replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# symbol -> (generation the code was written for, replacement / action)
_OLD = {
    "Dataset": ("0.1", "wds.WebDataset(urls)"),
    "Processor": ("0.1", "wds.DataPipeline(stage, ...) or dataset.compose(fn)"),
    "ShardList": ("0.1", "wds.SimpleShardList(urls) (or wds.ResampledShards(urls) for resampling)"),
    "ResizedDataset": ("0.1", "dataset.with_epoch(n) (and .with_length(n) for len())"),
    "ChoppedDataset": ("0.1", "dataset.with_epoch(n)"),
    "MultiDataset": ("0.1", "wds.WebLoader(dataset, num_workers=N) or torch DataLoader"),
    "splitter": ("0.1", "workersplitter=wds.split_by_worker (and nodesplitter=wds.split_by_node)"),
    "length": ("0.1", ".with_length(n) / .with_epoch(n) on the dataset"),
    "decoder": ("pre-0.1", ".decode('pil') (or .decode(handler)) on the dataset"),
    "extensions": ("pre-0.1", ".to_tuple('jpg;jpeg;png', 'txt') on the dataset"),
    "transforms": ("pre-0.1", ".map_tuple(transform, ...) on the dataset"),
}
_NEW = {
    "DataPipeline", "SimpleShardList", "ResampledShards", "split_by_node", "split_by_worker",
    "WebLoader", "with_epoch", "tarfile_to_samples", "shardlists", "filters", "wids", "FluidWrapper",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sym = facts.get("symbol")
    if not sym:
        return None
    sym = str(sym)
    if facts.get("_signature") == "no-len":
        diagnosis = f"len() called on a webdataset {sym}, which has no __len__ since webdataset 0.1.62"
        text = (f"Something (DeepSpeed, Lightning, a sampler or the training loop) calls len() on a webdataset '{sym}'. "
                "WebDataset removed __len__ from its dataset classes after 0.1.62 because the presence of __len__ "
                "made libraries treat an iterable dataset as map-style.")
        fix = ("Declare the length explicitly: dataset = dataset.with_length(n) (usually with .with_epoch(n) for a fixed epoch size).",
               "Or pin the version the code was written for: pip install 'webdataset==0.1.62'.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if sym in _OLD:
        gen, repl = _OLD[sym]
        diagnosis = f"code uses webdataset {gen} API ('{sym}') on a newer webdataset"
        text = (f"'{sym}' belongs to the webdataset {gen} API, which the installed webdataset (0.2 generation) no longer has.")
        fix = (f"Port it: {repl}.",
               "Or install what the code was written for: pip install 'webdataset==0.1.103'." if gen == "0.1"
               else "The pre-0.1 keyword API is not installable in practice: port to the fluent 0.2 API.")
    elif sym in _NEW:
        diagnosis = f"code uses webdataset 0.2 API ('{sym}') on an old webdataset"
        text = (f"'{sym}' exists only from webdataset 0.2 on; the installed webdataset is an older 0.1.x release "
                "(often pinned by another requirement).")
        fix = ("pip install -U 'webdataset>=0.2' and check what pinned the old version (pip check / pipdeptree -r -p webdataset).",)
    else:
        diagnosis = f"'{sym}' not in the installed webdataset's API"
        text = (f"The installed webdataset has no '{sym}': the code was written for another webdataset generation "
                "(0.1 vs 0.2) or misspells the name.")
        fix = ("Compare with the API of the installed version (pip show webdataset) and pin the version the code was written for.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
