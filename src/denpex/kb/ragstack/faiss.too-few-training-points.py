"""Computed diagnosis for faiss.too-few-training-points: how many centroids the data supports."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int as _int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n, k = _int(facts.get("n_points")), _int(facts.get("n_clusters"))
    if n is None or k is None or k <= 0:
        return None
    warning = facts.get("_signature") == "clustering-warning"
    max_ok = max(1, n // 39)
    sqrt_nl = max(1, int(4 * math.sqrt(n)))
    suggest = min(max_ok, sqrt_nl)
    pow2 = k & (k - 1) == 0 and k in (16, 256, 4096, 65536)
    origin = ""
    if pow2:
        bits = int(math.log2(k))
        origin = (f" K={k} = 2^{bits}: this may be a product quantizer with nbits={bits} (or an IVF{k}).")
    if warning:
        text = (f"FAISS clusters {n} points into {k} centroids, under its 39 points per centroid guideline "
                f"(wants {facts.get('recommended_points') or 39 * k}). Training continues; recall may be lower." + origin)
        fix = (f"Optional: use nlist <= {max_ok} for {n} training vectors, or train on more vectors.",)
        return Explanation(text=text, fix=fix, derived={"recommended_points": 39 * k})
    text = (f"k-means was asked for {k} centroids but train() got only {n} vectors ({k - n} short); "
            f"k-means needs at least as many points as centroids." + origin)
    fix = [f"Use nlist of about {suggest} (at most {max_ok} = N/39) for {n} training vectors, e.g. index_factory(d, 'IVF{suggest},Flat')."]
    if pow2 and k <= 65536:
        fix.append(f"If it is the PQ codebook: use fewer bits (2^bits <= {n}, e.g. PQ m x 4 -> 16 centroids) or train on at least {k} vectors.")
    if n < 10000:
        fix.append(f"With only {n} vectors a flat index (faiss.IndexFlatIP / IndexFlatL2) needs no training and searches fast enough.")
    return Explanation(text=text, fix=tuple(fix), derived={"recommended_points": 39 * k})
