"""Computed diagnosis for gcloud.cli-crashed: what the crashing exception class points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NETWORK = ("ConnectionError", "ProxyError", "SSLError", "ConnectTimeout", "ReadTimeout", "MaxRetryError", "TransportError")
_FILES = ("OSError", "IOError", "PermissionError", "FileNotFoundError")
_DECODE = ("InvalidDataFromServerError", "DecodeError", "ValidationError")
_RUNTIME = ("AttributeError", "ImportError", "ModuleNotFoundError", "SyntaxError", "TypeError")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("error_class") or "")
    detail = str(facts.get("detail") or "")
    if not cls:
        return None
    name = cls.rsplit(".", 1)[-1]
    if name in _NETWORK or "certificate verify failed" in detail:
        kind = "network"
        text = f"gcloud could not reach Google's APIs ({name}): a proxy, firewall or TLS-inspecting proxy is in the way."
        fix: tuple[str, ...] = (
            "gcloud info --run-diagnostics",
            "gcloud config set proxy/type http; gcloud config set proxy/address <host>; gcloud config set proxy/port <port>",
            "For TLS inspection: gcloud config set core/custom_ca_certs_file /path/to/corporate-ca.pem",
        )
    elif name in _FILES:
        kind = "filesystem"
        text = f"gcloud failed on a file it reads or writes ({name}: {detail[:120]})."
        fix = (
            "In read-only containers or with another HOME: export CLOUDSDK_CONFIG=/tmp/gcloud and authenticate again.",
            "Check that the path in the message exists and is readable/writable by this user.",
        )
    elif name in _DECODE or "Error decoding response" in detail:
        kind = "sdk-too-old-for-api"
        text = f"gcloud could not decode an API response or input ({name}); the installed Cloud SDK is older than the API answers it parses, or an input file holds a wrong value type."
        fix = (
            "gcloud components update  # or install a current google-cloud-cli package / image",
            "If the input is a YAML flags or env-vars file, quote values that must be strings (\"true\", \"123\").",
        )
    elif name in _RUNTIME or "collections" in detail:
        kind = "sdk-python-mismatch"
        text = f"gcloud's own code failed ({name}: {detail[:120]}): the installed Cloud SDK does not fit the Python it runs on, or an install is half-updated."
        fix = (
            "gcloud components update (or reinstall the Cloud SDK)",
            "Point gcloud at a supported interpreter: export CLOUDSDK_PYTHON=$(command -v python3.11)",
        )
    elif name == "MetadataServerException":
        kind = "metadata-server"
        text = "gcloud could not get credentials from the GCE/GKE metadata server (blocked, concealed, or Workload Identity not yet effective)."
        fix = (
            "On GKE check the Workload Identity binding of the pod's service account and retry after it propagates.",
            "curl -s -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/",
        )
    else:
        kind = "other"
        text = f"gcloud crashed with {name}; the stack trace is in the newest file under ~/.config/gcloud/logs."
        fix = ("gcloud components update, then rerun with --verbosity=debug",)
    return Explanation(text=text, fix=fix, derived={"kind": kind})
