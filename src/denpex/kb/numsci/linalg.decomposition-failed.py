"""Computed diagnosis for linalg.decomposition-failed: which failure, and what it usually means in ML code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    kind = str(facts.get("kind") or "")
    order, api, fid = facts.get("order"), str(facts.get("api") or ""), facts.get("fid")
    jitter = "Add jitter and use float64: A = (A + A.T) / 2 + 1e-6 * np.eye(len(A)) (torch: A.double() + eps * torch.eye(n))."
    nan_first = "Check the input for NaN/inf first: np.isfinite(A).all() / torch.isfinite(A).all() - a diverged model is the common source."
    if sig == "fid-imaginary" or fid:
        kind = kind or ("non-finite input" if sig == "nonfinite-input" else "FID matrix square root not real")
        text = ("The failure is inside an FID computation: the covariance of the generated or real features is singular, NaN or "
                "ill-conditioned - typically fewer images than the 2048 feature dimensions, a collapsed generator (identical outputs), "
                "or NaN features.")
        if facts.get("imag"):
            text += f" The matrix square root had an imaginary part of {facts.get('imag')}."
        fix = ("Compute FID on >= 2048 images per set (10k-50k for stable numbers).",
               "Add eps to the covariance diagonals (offset = np.eye(d) * 1e-6) before sqrtm, as pytorch-fid does on failure.",
               nan_first)
        return Explanation(text=text, fix=fix, derived={"failure": kind})
    if sig in ("nonfinite-input", "torch-svd-nonfinite"):
        kind = "input contains NaN or inf"
        text = ("scipy/numpy refused the matrix because it contains NaN or inf values; the decomposition never started."
                if sig == "nonfinite-input" else
                "torch's SVD stopped because the matrix holds NaN or inf: the values were already broken upstream "
                "(a NaN forward pass, a division by zero, an exploding sample), not a hard matrix.")
        fix = (nan_first, "Trace where the NaN appears (loss, features, a division by a zero std) and fix it there.")
    elif "positive" in sig or "minor" in sig or sig in ("scipy-leading-minor", "scipy-eigh-b", "torch-cholesky") or "positive definite" in kind:
        kind = kind or "matrix is not positive definite"
        where = f" at leading minor {order}" if isinstance(order, int) else ""
        text = (f"Cholesky factorization failed{where}: the matrix is not (numerically) positive definite - a covariance with "
                "zero/negative variance directions, float32 round-off, or NaN entries.")
        if isinstance(order, int) and order == 1:
            text += " Order 1 means even the first diagonal element is <= 0 or NaN: the matrix is broken from the start, not just ill-conditioned."
        fix = (nan_first, jitter, "Or use torch.linalg.cholesky_ex / a PSD-projected matrix (clip eigenvalues) where the model builds the covariance.")
    elif sig == "torch-singular" or kind in ("Singular matrix", "singular matrix", "Matrix is singular"):
        kind = kind or "matrix is singular"
        text = "The matrix is singular (not invertible): rank-deficient data, duplicated/constant features, or fewer samples than dimensions."
        fix = ("Use np.linalg.pinv / lstsq (torch.linalg.pinv / lstsq) instead of inv / solve, or regularize with + eps * I.", nan_first)
    else:
        kind = f"{api or 'solver'} did not converge ({kind})" if sig == "torch-not-converged" else (kind or "iterative solver did not converge")
        text = ("The SVD/eigen solver did not converge: with real data this almost always means NaN/inf in the matrix; rarely an "
                "extremely ill-conditioned matrix or a buggy BLAS build.")
        fix = (nan_first, "Then try float64 and scipy.linalg.svd(A, lapack_driver='gesvd') or another numpy/torch build.")
    if api:
        text = f"{api}: " + text
    return Explanation(text=text, fix=fix, derived={"failure": kind})
