"""Computed diagnosis for storage.fsspec-protocol-missing: protocol/package -> pip install, or the broken import behind the hint."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PROTO_PKG = {
    "s3": "s3fs", "s3a": "s3fs", "gs": "gcsfs", "gcs": "gcsfs", "az": "adlfs", "abfs": "adlfs", "abfss": "adlfs",
    "adl": "adlfs", "hf": "huggingface_hub", "oci": "ocifs", "ocilake": "ocifs", "oss": "ossfs", "tos": "tosfs",
    "http": "aiohttp requests", "https": "aiohttp requests", "sftp": "paramiko", "ssh": "paramiko",
    "webdav": "webdav4", "wandb": "wandbfs", "box": "boxfs", "dropbox": "dropboxdrivefs", "lakefs": "lakefs-spec",
    "gdrive": "gdrive_fsspec", "smb": "smbprotocol", "hdfs": "pyarrow", "webhdfs": "requests", "dvc": "dvc",
}
_EXTRA = {"s3fs": "fsspec[s3]", "gcsfs": "fsspec[gcs]", "adlfs": "fsspec[abfs]"}
_S3_LIKE = {"r2", "minio", "wasabi", "ceph", "b2", "s3n", "do", "spaces"}
_AZ_LIKE = {"wasb", "wasbs", "azure", "azureml", "blob"}
_REQ_PKG = {'HTTPFileSystem requires "requests" and "aiohttp"': "aiohttp requests",
            'SFTPFileSystem requires "paramiko"': "paramiko", 'webHDFS access requires "requests"': "requests"}
_FSSPEC_FAMILY = ("fsspec", "s3fs", "gcsfs", "adlfs", "aiobotocore", "botocore", "aiohttp", "azure", "google")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "")
    req = str(facts.get("requirement") or "")
    proto = str(facts.get("protocol") or "").rstrip(":/").lower()
    inner_name = str(facts.get("inner_name") or "")
    inner_module = str(facts.get("inner_module") or "")
    missing = str(facts.get("missing_module") or "")
    derived: dict[str, Any] = {}
    if proto:
        derived["protocol"] = proto
        if proto in _PROTO_PKG:
            p = _PROTO_PKG[proto]
            derived["problem"] = f"fsspec has no implementation registered for '{proto}://' here: pip install {p}"
            return Explanation(
                text=f"'{proto}' is a protocol whose implementation ({p}) registers itself when installed/imported; in this environment it is not available (old fsspec, or the package missing).",
                fix=(f"pip install -U fsspec {p}  # in the job's environment",
                     "python -c 'import fsspec; print(fsspec.available_protocols())'"),
                derived=derived)
        if proto in _S3_LIKE:
            derived["problem"] = f"'{proto}://' is not an fsspec protocol: use s3:// with endpoint_url"
            return Explanation(
                text=f"fsspec has no '{proto}' protocol. S3-compatible stores (MinIO, Cloudflare R2, Ceph, Wasabi, B2) are opened as s3:// with s3fs and their endpoint.",
                fix=("Use s3://<bucket>/<key> with storage_options={'client_kwargs': {'endpoint_url': 'https://<store-host>'}, 'key': ..., 'secret': ...} (or export AWS_ENDPOINT_URL_S3)",
                     "pip install s3fs"),
                derived=derived)
        if proto in _AZ_LIKE:
            derived["problem"] = f"'{proto}://' is not an fsspec protocol: use az:// or abfs:// (adlfs)"
            return Explanation(
                text=f"fsspec/adlfs do not register '{proto}'; Azure Blob / ADLS Gen2 paths are az://<container>/<path> or abfs://<container>/<path> with account_name in storage_options.",
                fix=("pip install adlfs; rewrite the URL as az://<container>/<path> (storage_options={'account_name': '<account>', ...})",),
                derived=derived)
        if len(proto) == 1:
            derived["problem"] = f"A Windows drive letter was parsed as protocol '{proto}'"
            return Explanation(text=f"'{proto}:' looks like a Windows drive letter that reached fsspec as a URL scheme.",
                               fix=("Pass the path as a pathlib.Path / local path, or prefix it with file:// (file:///C:/...)",), derived=derived)
        derived["problem"] = f"fsspec does not know the protocol '{proto}'"
        return Explanation(
            text=f"No fsspec implementation is registered under '{proto}': a typo in the URL scheme, a scheme another tool uses, or a third-party implementation that is not installed.",
            fix=("python -c 'import fsspec; print(fsspec.available_protocols())'  # what this environment can open",
                 "Fix the scheme (s3://, gs://, az://, hf://, https://, file://) or install the package that provides it"),
            derived=derived)
    if req and not pkg:
        pkg = _REQ_PKG.get(req, "")
    derived["package"] = pkg or "the implementation package"
    if inner_name and inner_module:
        derived["problem"] = f"{pkg or 'The fsspec backend'} is installed but fails to import: cannot import name '{inner_name}' from '{inner_module}'"
        return Explanation(
            text=(f"fsspec asks to install {pkg}, but the chained error shows {pkg or 'it'} failed to import: '{inner_name}' is missing from {inner_module}. "
                  "That is a version mismatch between packages of the fsspec family (fsspec, s3fs/gcsfs/adlfs, aiobotocore/botocore), not a missing install."),
            fix=(f"pip install -U 'fsspec[{ {'s3fs': 's3', 'gcsfs': 'gcs', 'adlfs': 'abfs'}.get(pkg, 's3') }]'  # or pip install -U fsspec {pkg or 's3fs'} so both come from the same release",
                 f"pip show fsspec {pkg or 's3fs'} aiobotocore botocore  # s3fs/gcsfs X.Y.Z require fsspec==X.Y.Z; aiobotocore pins botocore"),
            derived=derived)
    if missing and pkg and missing.split(".")[0] not in (pkg, pkg.replace("-", "_")):
        derived["problem"] = f"{pkg} is installed but its dependency '{missing}' is missing"
        return Explanation(
            text=f"{pkg} could not be imported because '{missing}' is not installed; fsspec reports that as '{pkg} not installed'.",
            fix=(f"pip install -U {pkg}  # reinstalls its dependencies ({missing.split('.')[0]})",),
            derived=derived)
    install = pkg or "the implementation package"
    extra = _EXTRA.get(pkg)
    derived["problem"] = f"{install} is not installed in this environment: pip install {install}"
    return Explanation(
        text=f"The URL's protocol needs {install}, which the Python environment running the job cannot import (fsspec itself came with pandas/datasets, its storage backends do not).",
        fix=(f"pip install {install}" + (f"  (or pip install '{extra}')" if extra else "") + "  # with the job's interpreter: python -m pip install ...",
             "Add it to the image / requirements next to fsspec, at the same release (fsspec==X, s3fs==X)"),
        derived=derived)
