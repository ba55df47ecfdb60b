"""Computed diagnosis for pandas.length-mismatch: the two lengths (values vs rows, new labels vs axis) and
what the difference usually means (a one-element value, predictions for another subset, an empty frame,
a wrong separator, the saved index column)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    frame = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    nv, ni = facts.get("n_values"), facts.get("n_index")
    na, nn = facts.get("n_axis"), facts.get("n_new")
    if na is not None and nn is not None:
        headline = f"setting {nn} labels on an axis of length {na}"
        parts.append(f"df.columns = [...] / df.index = [...] / set_axis need exactly one label per column/row: the axis has {na} and {nn} labels were given.")
        if na == 0:
            parts.append("The axis has 0 elements: the DataFrame is EMPTY (nothing was read or returned - an empty API response or file, a filter that kept nothing), so no labels can be set.")
            fix.append("Check the data source before renaming: if df.empty: ... ; print(df.shape) after loading.")
        elif na == 1 and nn > 1:
            parts.append("The frame has a single column: the file was read with the wrong separator, so each whole line landed in one column.")
            fix.append("Pass the file's separator: pd.read_csv(path, sep=';') / sep='\\t' / sep=None, engine='python'; check with head -2 FILE.")
        elif na == nn + 1:
            parts.append("One column more than names: usually the index saved by to_csv (an 'Unnamed: 0' column) or an extra trailing delimiter.")
            fix.append("Read with index_col=0 (or save with index=False), or drop the extra column before renaming.")
        elif na > nn:
            parts.append(f"{na - nn} more columns than names: the file has extra columns (another version of the dataset, more fields than the code expects).")
            fix.append("Select the columns you need first (df = df.iloc[:, :n] or usecols=) or rename with a dict: df.rename(columns={...}).")
        else:
            parts.append(f"{nn - na} fewer columns than names: the file has fewer fields than the code expects (another format/version, a wrong separator splitting less).")
            fix.append("Print df.columns after loading; rename with a dict for the columns that exist, or fix the loading.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    if nv is not None and ni is not None:
        headline = f"assigning {nv} values to a frame with {ni} rows"
    else:
        headline = "assigned values have another length than the DataFrame"
    parts.append("df['col'] = values needs one value per row (or a scalar, or a Series that pandas aligns by index)" + (f": the values have {nv} items, the DataFrame has {ni} rows." if nv is not None else "."))
    if nv == 1:
        parts.append("The value has ONE element: a one-item list/array/tuple (e.g. a typo like col = x = ['lower'] or a result wrapped in a list) - pandas broadcasts scalars, not 1-element lists.")
        fix.append("Assign the scalar itself (df['c'] = x[0]) or the full column (a Series/array with one value per row).")
    elif isinstance(nv, int) and isinstance(ni, int):
        if nv < ni:
            parts.append("Fewer values than rows: predictions or features computed for a subset (a split, dropna, a filter, a rolling window that dropped the first rows) assigned to the full frame.")
        else:
            parts.append("More values than rows: values computed from another, larger table (e.g. test predictions written into a sample_submission with fewer rows, or duplicated rows after a merge).")
        fix.append("Assign to the same rows the values were computed for (df.loc[subset.index, 'c'] = values) or assign a Series with the right index so pandas aligns it; check len(values) == len(df) first.")
    else:
        fix.append("Compare len(values) with len(df) before assigning and compute the values for exactly the rows of the frame.")
    if frame.pkg and frame.pkg not in ("pandas",):
        parts.append(f"The assignment is inside {frame.pkg}: the data it got has another length than it expects.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
