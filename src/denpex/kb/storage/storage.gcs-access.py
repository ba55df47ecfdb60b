"""Computed diagnosis for storage.gcs-access: principal + permission -> role to grant, scope or credential fix."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import unquote
from typing import Any

from denpex.models import Explanation

# permission -> (smallest predefined role that holds it, note)
_ROLE = {
    "storage.objects.get": ("roles/storage.objectViewer", "read objects"),
    "storage.objects.list": ("roles/storage.objectViewer", "list objects (also used to check whether a prefix exists)"),
    "storage.objects.create": ("roles/storage.objectUser", "upload objects (objectCreator suffices only when never overwriting)"),
    "storage.objects.delete": ("roles/storage.objectUser", "delete or overwrite objects"),
    "storage.objects.update": ("roles/storage.objectUser", "update object metadata"),
    "storage.buckets.get": ("roles/storage.legacyBucketReader", "read bucket metadata (client.get_bucket / exists checks); or call client.bucket(name) to skip it"),
    "storage.buckets.list": ("roles/storage.admin", "list the project's buckets (grant at project level, or avoid listing)"),
    "storage.buckets.create": ("roles/storage.admin", "create buckets (project level; better: create it once outside the job)"),
    "storage.multipartUploads.create": ("roles/storage.objectUser", "XML multipart uploads"),
}


def _member(principal: str) -> str:
    if principal.endswith(".gserviceaccount.com"):
        return f"serviceAccount:{principal}"
    if "@" in principal:
        return f"user:{principal}"
    return "serviceAccount:<service-account-email>"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    principal = str(facts.get("principal") or "")
    perm = str(facts.get("permission") or "")
    bucket = str(facts.get("bucket") or "")
    obj = unquote(str(facts.get("object") or ""))
    resource = str(facts.get("resource") or "")
    if not bucket and resource and "/" in resource:
        bucket = resource.split("/", 1)[0].rstrip(".")
    elif not bucket and resource and resource not in ("the",):
        bucket = resource.rstrip(".")
    gs = f"gs://{bucket}" if bucket else "gs://<bucket>"
    derived: dict[str, Any] = {}
    if facts.get("keyfile"):
        kf = str(facts["keyfile"])
        derived["problem"] = f"GOOGLE_APPLICATION_CREDENTIALS points at a missing file: {kf}"
        return Explanation(
            text=f"GOOGLE_APPLICATION_CREDENTIALS is set to {kf}, which does not exist where the job runs (a host path not mounted into the container, a relative path, or a deleted key).",
            fix=(f"Mount the key into the job and point the variable at the in-job path (docker -v key.json:/secrets/key.json:ro -e GOOGLE_APPLICATION_CREDENTIALS=/secrets/key.json)",
                 "Or unset GOOGLE_APPLICATION_CREDENTIALS on GCE/GKE/Vertex so the attached service account (metadata server) is used"),
            derived=derived)
    if facts.get("adc"):
        derived["problem"] = "No Google Cloud credentials found (DefaultCredentialsError)"
        return Explanation(
            text="google-auth found no Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS is unset, there is no ~/.config/gcloud/application_default_credentials.json under the job's HOME, and no GCE/GKE metadata server answered (off Google Cloud, or Workload Identity not configured).",
            fix=("Workstation: gcloud auth application-default login  (gcloud auth login alone does not create ADC)",
                 "Container / cluster off GCP: mount a service-account key or workload-identity-federation config and export GOOGLE_APPLICATION_CREDENTIALS=<path inside the job>",
                 "GKE: bind the pod's Kubernetes service account to a Google service account (Workload Identity); Vertex/GCE: attach a service account to the job/VM",
                 "python -c 'import google.auth; print(google.auth.default())'  # run inside the job to confirm"),
            derived=derived)
    if not perm:
        derived["problem"] = "Google user credentials need re-authentication"
        return Explanation(
            text="The job uses your user Application Default Credentials and Google requires a fresh login (reauth policy or expired session); user credentials are a poor fit for unattended jobs.",
            fix=("gcloud auth application-default login  # then rerun",
                 "For long or scheduled jobs use a service account (attached, Workload Identity, or key file via GOOGLE_APPLICATION_CREDENTIALS)"),
            derived=derived)
    role, what = _ROLE.get(perm, ("a role containing " + perm, perm))
    derived["role"] = role
    derived["problem"] = f"{principal or 'The caller'} lacks {perm} on {gs}" + (f"/{obj}" if obj else "")
    text = f"Cloud Storage refused {principal or 'the caller'} the permission {perm} ({what}) on {gs}" + (f"/{obj}" if obj else "") + "."
    fix: list[str] = []
    if principal.lower() in ("anonymous caller", "caller") and principal.lower().startswith("anonymous"):
        derived["problem"] = f"No credentials sent to Cloud Storage (Anonymous caller lacks {perm})"
        text = (f"The request reached Cloud Storage without any credentials ('Anonymous caller'), so only public objects are readable; {gs} needs {perm}. "
                "Either credentials were not found and the client fell back to anonymous, or it was configured anonymous (gcsfs token='anon').")
        fix = ["Give the job credentials (attached service account, GOOGLE_APPLICATION_CREDENTIALS, or gcloud auth application-default login) and remove token='anon'",
               "python -c 'import google.auth; print(google.auth.default())'  # inside the job"]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if facts.get("sa_host") == "developer" or "-compute@developer.gserviceaccount.com" in principal:
        text += " This is the Compute Engine default service account: besides IAM, the VM's access scopes limit its token"
        text += (" - the default storage scope is read-only, which alone explains a denied write." if perm.split(".")[-1] in ("create", "delete", "update")
                 else " - a VM without a storage scope cannot read either.")
        fix.append("Check scopes: curl -s -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/scopes ; if devstorage.read_only, stop the VM and gcloud compute instances set-service-account <vm> --scopes=cloud-platform")
    fix.insert(0, f"gcloud storage buckets add-iam-policy-binding {gs} --member={_member(principal)} --role={role}")
    if perm == "storage.buckets.get":
        fix.append("Or avoid the bucket-metadata call: storage.Client().bucket(name) instead of get_bucket(name)")
    if perm == "storage.objects.create":
        fix.append("Overwriting an existing object also needs storage.objects.delete (objectUser has both)")
    text += " Cloud Storage gives the same 403 when the bucket does not exist ('or it may not exist') - check the bucket name too."
    fix.append(f"gcloud storage ls {gs}  # bucket name right? run as the same identity")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
