"""Computed diagnosis for pandas.missing-optional-dependency: which package, what it is for, the install line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# import name -> (pip name, what needs it)
_USES = {
    "openpyxl": ("openpyxl", "reading/writing .xlsx/.xlsm (pd.read_excel, to_excel)"),
    "xlrd": ("xlrd", "reading legacy .xls files (xlrd 2.0+ reads only .xls; .xlsx needs openpyxl)"),
    "xlwt": ("xlwt", "writing .xls (removed in pandas 2.0; write .xlsx with openpyxl instead)"),
    "xlsxwriter": ("XlsxWriter", "writing .xlsx with engine='xlsxwriter'"),
    "odf": ("odfpy", "reading/writing .ods files"),
    "pyxlsb": ("pyxlsb", "reading .xlsb files"),
    "python_calamine": ("python-calamine", "read_excel(engine='calamine')"),
    "pyarrow": ("pyarrow", "Parquet/Feather/ORC I/O and pyarrow-backed dtypes"),
    "fastparquet": ("fastparquet", "Parquet I/O with engine='fastparquet'"),
    "tables": ("tables", "HDF5 stores: pd.read_hdf / to_hdf / HDFStore (conda: pytables)"),
    "tabulate": ("tabulate", "DataFrame.to_markdown"),
    "jinja2": ("Jinja2", "DataFrame.style / Styler / to_html via Styler"),
    "lxml.etree": ("lxml", "read_html / read_xml"),
    "lxml": ("lxml", "read_html / read_xml"),
    "bs4": ("beautifulsoup4", "read_html with flavor='bs4'"),
    "html5lib": ("html5lib", "read_html with flavor='bs4'"),
    "sqlalchemy": ("SQLAlchemy", "read_sql / to_sql with a database URL or engine"),
    "matplotlib": ("matplotlib", "DataFrame.plot"),
    "scipy": ("scipy", "interpolate(method=...) and some stats methods"),
    "numba": ("numba", "engine='numba' in rolling/groupby"),
    "pyreadstat": ("pyreadstat", "read_spss"),
}
_FSSPEC = {"s3fs", "gcsfs", "adlfs", "fsspec", "ocifs"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    pkg = str(facts.get("package") or "")
    if sig == "parquet-no-engine":
        pkg = "pyarrow"
    if not pkg:
        return None
    pip_name, use = _USES.get(pkg, (pkg.split(".")[0], ""))
    use_txt = f" pandas uses it for {use}." if use else ""
    if sig == "version-too-old":
        mv, iv = facts.get("min_version"), facts.get("installed_version")
        text = f"{pkg} {iv} is installed but this pandas needs {pkg} >= {mv}.{use_txt}"
        fix = (f"python -m pip install -U '{pip_name}>={mv}' (with the interpreter that runs the code).",)
        return Explanation(text=text, fix=fix, derived={"problem": f" (installed {iv}, needs >= {mv})"})
    if sig == "parquet-no-engine":
        text = ("Neither pyarrow nor fastparquet could be imported, so pandas has no Parquet engine. "
                "The lines after the message give each import error (missing package, or a pyarrow built for another NumPy).")
        fix = ("python -m pip install pyarrow (or fastparquet), then retry; read the listed import errors if it is installed.",)
        return Explanation(text=text, fix=fix, derived={"problem": " (no Parquet engine: pyarrow or fastparquet)"})
    if pkg in _FSSPEC:
        text = f"{pkg} is the fsspec filesystem for a remote URL the code reads/writes (s3://, gs://, az://)."
        fix = (f"python -m pip install {pkg} (same interpreter).",)
        return Explanation(text=text, fix=fix, derived={"problem": " (remote filesystem)"})
    text = f"{pkg} is not importable in the Python that runs this code.{use_txt}"
    fix = [f"python -m pip install {pip_name}  (in Jupyter: %pip install {pip_name}, then restart the kernel)"]
    if pkg == "tables":
        fix.append("with conda: conda install -c conda-forge pytables")
    if pkg == "xlrd":
        fix.append("for .xlsx files install openpyxl instead (or pass engine='openpyxl').")
    fix.append("If it is installed already: compare python -c 'import sys; print(sys.executable)' with the pip you used.")
    return Explanation(text=text, fix=tuple(fix), derived={"problem": f" ({use})" if use else " (not importable)"})
