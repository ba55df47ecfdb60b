"""Computed diagnosis for sklearn.param-exceeds-samples: a size parameter (PCA n_components, KNN n_neighbors,
KMeans n_clusters) larger than the data it is applied to, with the numbers compared."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    frame = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    nc, limit = facts.get("n_components"), facts.get("limit")
    nn, nfit = facts.get("n_neighbors"), facts.get("n_fit")
    ns, ncl = facts.get("n_samples"), facts.get("n_clusters")
    tiny = ""
    if nc is not None and limit is not None:
        headline = f"PCA n_components={nc} but the data allows at most {limit}"
        parts.append(f"PCA can extract at most min(n_samples, n_features) = {limit} components from this data and {nc} were requested.")
        if isinstance(limit, int) and isinstance(nc, int) and limit < nc:
            tiny = f"{limit}"
            parts.append(f"With {limit} as the limit the data has only {limit} rows (or columns): usually far fewer samples than expected - a small dataset or batch, a split/filter that left few rows, or features extracted for only a few items.")
        fix.append(f"Use n_components <= {limit} (e.g. min({nc}, n_samples, n_features) computed from the data), a float such as 0.95 to keep 95% of the variance, or provide more samples.")
    elif nn is not None and nfit is not None:
        headline = f"n_neighbors={nn} but the model was fitted on {nfit} sample(s)"
        parts.append(f"A nearest-neighbour query asked for {nn} neighbours but the index holds only {nfit} training sample(s) (KNeighborsClassifier/Regressor, NearestNeighbors, LocalOutlierFactor, SMOTE's k_neighbors on the minority class, UMAP/t-SNE neighbour graphs).")
        if nfit == 1:
            parts.append("Only ONE training sample: the data passed to fit was reduced to a single row (a 1-D feature vector treated as one sample, an empty filter, a class with one member).")
        fix.append(f"Use n_neighbors <= {nfit} (n_neighbors=min(k, len(X_train))), or fit on more data; for SMOTE set k_neighbors below the minority class count.")
    elif ns is not None and ncl is not None:
        headline = f"KMeans n_clusters={ncl} but only {ns} sample(s)"
        parts.append(f"KMeans/MiniBatchKMeans needs at least as many samples as clusters; {ncl} clusters were requested for {ns} samples.")
        fix.append(f"Lower n_clusters to at most {ns} (usually much less), or cluster more data (check that all features/files were loaded).")
    else:
        return None
    if frame.pkg and frame.pkg not in ("sklearn",):
        parts.append(f"The parameter is set inside {frame.pkg}: its default assumes more data than you provide - look for its option (n_components / n_neighbors / n_clusters / number of centroids) or give it more data.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
