"""Computed diagnosis for trl.ppo-step-input-invalid: what the count or type says about the rollout loop."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        sig = facts.get("_signature")
        name = str(facts.get("name") or "scores")
        if sig == "batch-size-mismatch":
            bs, got = facts.get("batch_size"), facts.get("got")
            if bs is None or got is None:
                return None
            bs, got = int(bs), int(got)
            if got < bs:
                text = (f"step() received {got} {name} but PPOConfig.batch_size is {bs}: a short batch, usually the "
                        f"dataloader's last one (dataset size % {bs} = {got}) or examples filtered out in the loop.")
                fix = ("Use a dataloader with drop_last=True (or trim the dataset to a multiple of "
                       f"{bs}), and filter queries, responses and scores together.",)
                prob = f"{got} items for a batch of {bs} (short batch)"
            elif got % bs == 0:
                k = got // bs
                text = (f"step() received {got} {name} for a batch of {bs}: exactly {k} per sample, so each sample's "
                        f"{name[:-1] if name.endswith('s') else name} was expanded (per label or per token) and flattened.")
                fix = (f"Reduce to one scalar per sample (e.g. the positive-class logit or the last-token value): "
                       f"len({name}) must be {bs}.",)
                prob = f"{got} items = {k} x batch {bs}"
            else:
                text = (f"step() received {got} {name} for a batch of {bs}: not a multiple, so the lists are misaligned "
                        "(per-token rewards of varying length, or a different batch source).")
                fix = (f"Build {name} from the same batch as the queries, one tensor per sample ({bs} in total).",)
                prob = f"{got} items for a batch of {bs}"
            return Explanation(text=text, fix=fix, derived={"problem": prob})
        if sig == "scores-not-scalar":
            d = facts.get("score_dims")
            return Explanation(
                text=f"A score has {d} dimensions; the legacy PPOTrainer needs one scalar (0-d) reward per sample.",
                fix=("Pass [torch.tensor(float(s)) for s in rewards]; for a reward model take logits[:, 0] (or the last-token value), not the whole tensor.",),
                derived={"problem": f"a score with {d} dimensions"},
            )
        t = str(facts.get("got_type") or "")
        if sig == "not-a-list":
            text = f"{name} was passed as {t}, but step() wants a Python list with one tensor per sample."
            fix = (f"Pass list({name}) / [x for x in {name}] (a list of 1-d tensors for queries/responses, 0-d for scores).",)
        else:
            text = f"The items of {name} are {t}, not torch tensors."
            fix = (f"Convert each item: {name} = [torch.tensor(float(x)) for x in {name}]" if name == "scores"
                   else f"Convert each item with torch.tensor(ids) (token ids), one tensor per sample.",)
        return Explanation(text=text, fix=fix, derived={"problem": f"{t} instead of a list of tensors"})
    except Exception:
        return None
