"""Computed diagnosis for vits.checkpoint-keys-missing: which sub-networks are random, and what that means."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SVC41 = {"f0_decoder", "pre", "emb_vol", "emb_uv"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("key")
    keys = [str(k) for k in (raw if isinstance(raw, (list, tuple)) else ([raw] if raw else []))]
    keys = list(dict.fromkeys(keys))
    if not keys:
        return None
    tops = Counter(k.split(".")[0] for k in keys)
    modules = ", ".join(f"{m} ({n})" for m, n in tops.most_common(6))
    names = set(tops)
    fix: list[str] = []
    if names <= {"emb_g"}:
        diagnosis = "speaker embedding re-initialised (expected when fine-tuning to a new speaker set)"
        text = "Only the speaker embedding (emb_g) is missing: the config has another speaker count than the base model. This is normal for fine-tuning; the embedding is learned."
    elif names & _SVC41 or any(k.startswith("enc_p.f0_emb") for k in keys):
        diagnosis = "so-vits-svc version/feature mismatch (f0 predictor / volume embedding)"
        text = ("Sub-networks of so-vits-svc 4.1 features (f0 predictor, pre-net, f0 or volume embedding) are not in the checkpoint: "
                "the code/config builds a 4.1-style model for a 4.0-style checkpoint (or enables vol_embedding / f0 predictor it was not trained with).")
        fix.append("Use the config.json saved with this model and the so-vits-svc version it was trained with (4.0 vs 4.1); switch off options the model lacks.")
    elif names == {"ref_enc"}:
        diagnosis = "Bert-VITS2 reference encoder built for a single-speaker config"
        text = "Only ref_enc.* is missing: Bert-VITS2 builds a reference encoder when n_speakers is 1, the checkpoint was trained multi-speaker."
        fix.append("Keep n_speakers as in the checkpoint's config (or apply the models.py 'n_speakers >= 1' change).")
    elif len(names) >= 4:
        diagnosis = "checkpoint does not match the model at all"
        text = (f"{len(keys)} parameters across {len(names)} sub-networks are missing: this file is not a generator checkpoint of this "
                "architecture (discriminator D_*.pth, another project's model, or another version).")
        fix.append("Load the G_*.pth generator trained with this code and config; check the top-level keys of the file.")
    else:
        diagnosis = "architecture differs from the checkpoint"
        text = f"{len(keys)} parameters in {modules} keep random values: the config builds layers the checkpoint does not have."
        fix.append("Use the config.json that was saved next to the checkpoint (same sampling rate, upsample rates, channels).")
    return Explanation(text=f"{text} Missing: {modules}.", fix=tuple(fix),
                       derived={"missing_count": len(keys), "modules": modules, "diagnosis": diagnosis})
