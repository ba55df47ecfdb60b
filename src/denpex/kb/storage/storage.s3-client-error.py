"""Computed diagnosis for storage.s3-client-error: error code + operation -> IAM action, resource ARN, or what to check."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# S3 operation -> IAM action that authorizes it
_ACTION = {
    "HeadObject": "s3:GetObject", "GetObject": "s3:GetObject", "GetObjectAttributes": "s3:GetObject",
    "SelectObjectContent": "s3:GetObject",
    "PutObject": "s3:PutObject", "CreateMultipartUpload": "s3:PutObject", "UploadPart": "s3:PutObject",
    "CompleteMultipartUpload": "s3:PutObject", "CopyObject": "s3:PutObject", "UploadPartCopy": "s3:PutObject",
    "AbortMultipartUpload": "s3:AbortMultipartUpload",
    "ListObjects": "s3:ListBucket", "ListObjectsV2": "s3:ListBucket", "HeadBucket": "s3:ListBucket",
    "ListObjectVersions": "s3:ListBucketVersions", "ListMultipartUploads": "s3:ListBucketMultipartUploads",
    "ListParts": "s3:ListMultipartUploadParts",
    "DeleteObject": "s3:DeleteObject", "DeleteObjects": "s3:DeleteObject",
    "ListBuckets": "s3:ListAllMyBuckets", "CreateBucket": "s3:CreateBucket",
}
_BUCKET_LEVEL = {"s3:ListBucket", "s3:ListBucketVersions", "s3:ListBucketMultipartUploads", "s3:CreateBucket",
                 "s3:GetBucketLocation", "s3:ListAllMyBuckets"}
_DENIED = re.compile(r"(?:User|Principal): (?P<who>\S+) is not authorized to perform: (?P<action>[a-z0-9-]+:[A-Za-z0-9*]+)"
                     r"(?: on resource: \"?(?P<res>[^\"\s]+)\"?)?(?: because (?P<why>[^.(]+))?")
_KEY_IN_DETAIL = re.compile(r'Key "([^"]+)" does not exist')
_RETRY = "export AWS_RETRY_MODE=adaptive AWS_MAX_ATTEMPTS=10  # or botocore Config(retries={'mode': 'adaptive', 'max_attempts': 10})"


def _action(op: str) -> str:
    if op in _ACTION:
        return _ACTION[op]
    return "s3:" + op if op else "s3:<action>"


def _arn(action: str, bucket: str, key: str) -> str:
    b = bucket or "<bucket>"
    if action in _BUCKET_LEVEL:
        return f"arn:aws:s3:::{b}"
    prefix = key.split("/", 1)[0] + "/*" if "/" in key else "*"  # the top-level prefix (run / dataset folder)
    return f"arn:aws:s3:::{b}/{prefix}"


def _family(code: str, detail: str) -> str:
    c = code.lower()
    d = detail.lower()
    if c in ("accessdenied", "403", "forbidden", "allaccessdisabled", "accountproblem"):
        return "denied"
    if c in ("nosuchkey", "404", "notfound") or "specified key does not exist" in d:
        return "no-key"
    if c == "nosuchbucket" or "specified bucket does not exist" in d:
        return "no-bucket"
    if c in ("slowdown", "503", "serviceunavailable", "throttling", "requestlimitexceeded", "toomanyrequests") or "reduce your request rate" in d:
        return "slowdown"
    if c in ("permanentredirect", "301", "307", "temporaryredirect", "authorizationheadermalformed", "illegallocationconstraintexception"):
        return "region"
    if c in ("400", "badrequest"):
        return "bad-request"
    if c in ("internalerror", "500", "requesttimeout"):
        return "transient"
    if c == "entitytoolarge":
        return "too-large"
    if c == "accesscontrollistnotsupported":
        return "acl"
    if c == "invalidobjectstate":
        return "archived"
    return "other"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("code") or "")
    op = str(facts.get("operation") or "")
    detail = str(facts.get("detail") or "")
    bucket = str(facts.get("bucket") or "")
    key = str(facts.get("key") or "")
    m = _KEY_IN_DETAIL.search(detail)
    if m and not key:
        key = m.group(1)
    fam = _family(code, detail)
    where = f"s3://{bucket}/{key}" if bucket else (f"key '{key}'" if key else "the object")
    on = f" on {op}" if op else ""
    label = code or ("SlowDown" if fam == "slowdown" else "S3 error")
    derived: dict[str, Any] = {"s3_failure": fam}
    if fam == "denied":
        dm = _DENIED.search(detail)
        action = dm.group("action") if dm else _action(op)
        resource = dm.group("res") if dm and dm.group("res") else _arn(action, bucket, key)
        derived["iam_action"] = action
        derived["resource_arn"] = resource
        derived["problem"] = f"S3 {label}{on}: grant {action} on {resource}"
        text = f"S3 refused {op or 'the request'} ({label}) for {where}: the identity the job runs as is not allowed {action} on {resource}."
        if dm:
            derived["principal"] = dm.group("who")
            why = (dm.group("why") or "").strip()
            text = f"S3 says {dm.group('who')} is not authorized to perform {action} on {resource}" + (f" because {why}." if why else ".")
            if "explicit deny" in why:
                text += " An explicit Deny wins over any Allow: change the policy that denies (bucket policy, SCP, permissions boundary, VPC endpoint policy)."
        fix = [f"Add to the job's IAM role/user: {{\"Effect\": \"Allow\", \"Action\": [\"{action}\"], \"Resource\": \"{resource}\"}}"]
        if op == "HeadObject" and code in ("403", "Forbidden"):
            derived["problem"] = f"S3 403 on HeadObject: the key does not exist or {action} is not granted on {resource}"
            text += (" HEAD has no error body: S3 also returns 403 (not 404) for a key that does not exist when the caller lacks"
                     " s3:ListBucket - check the key exists before changing read permissions.")
            fix.insert(0, f"aws s3 ls s3://{bucket or '<bucket>'}/{key.rsplit('/', 1)[0] + '/' if '/' in key else ''}  # does the key exist? (403 for a missing key without s3:ListBucket)")
            fix.append(f"Also grant s3:ListBucket on arn:aws:s3:::{bucket or '<bucket>'} so missing keys report 404")
        if action == "s3:PutObject":
            fix.append("If the bucket uses SSE-KMS also allow kms:GenerateDataKey and kms:Decrypt on its key; drop ACL arguments (ExtraArgs={'ACL': ...}) unless s3:PutObjectAcl is granted")
        elif action == "s3:GetObject":
            fix.append("If the object is SSE-KMS encrypted also allow kms:Decrypt on its key; objects uploaded by another account may need bucket-owner-full-control / Object Ownership 'bucket owner enforced'")
        if "kms:" in detail:
            fix.insert(0, "The denied action is a KMS one: add it to the KMS key policy or the role (kms:Decrypt for reads, kms:GenerateDataKey for writes)")
        fix.append("aws sts get-caller-identity  # the principal S3 evaluated; then aws iam simulate-principal-policy --policy-source-arn <arn> --action-names " + action + " --resource-arns " + resource)
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if fam == "no-key":
        derived["problem"] = f"S3 object not found{on}: {where}"
        return Explanation(
            text=f"{op or 'The request'} found no object at {where} ({label}): wrong key or prefix (case, trailing slash, step number), the writer has not finished yet, or the client points at another bucket/endpoint.",
            fix=(f"aws s3 ls s3://{bucket or '<bucket>'}/{key.rsplit('/', 1)[0] + '/' if '/' in key else ''}  # list what exists near it",
                 "If another rank/process writes it: wait for the writer (barrier / poll with head_object) before reading",
                 "For MinIO/R2/Ceph set endpoint_url (AWS_ENDPOINT_URL_S3) so the request reaches the store that holds the object"),
            derived=derived)
    if fam == "no-bucket":
        derived["problem"] = f"S3 bucket does not exist{on}" + (f": {bucket}" if bucket else "")
        return Explanation(
            text=f"The bucket{' ' + bucket if bucket else ''} does not exist on the endpoint that was asked: a typo, a bucket of another store (MinIO/R2/Ceph) while the client talks to AWS, or a path passed where a bucket name was expected.",
            fix=("aws s3 ls  # buckets this identity sees; compare the name character by character",
                 "For S3-compatible stores set endpoint_url / AWS_ENDPOINT_URL_S3; for s3fs pass client_kwargs={'endpoint_url': ...}"),
            derived=derived)
    if fam == "slowdown":
        r = facts.get("retries")
        derived["problem"] = f"S3 throttled the requests (SlowDown{on})" + (f" after {r} retries" if r else "")
        return Explanation(
            text=("S3 answered 503 SlowDown: the request rate under one key prefix exceeded what S3 serves per prefix (about 3,500 writes / 5,500 reads per second)"
                  + (f", and botocore gave up after {r} retries" if r else "") + ". Many DataLoader workers or ranks hitting small objects under one prefix cause it."),
            fix=(_RETRY,
                 "Lower concurrency (num_workers, max_concurrency in TransferConfig, ranks writing at once) and stagger writers",
                 "Spread keys over several prefixes and pack small files into large shards (tar/WebDataset, Parquet)"),
            derived=derived)
    if fam == "region":
        derived["problem"] = f"S3 request sent to the wrong region/endpoint ({label}{on})"
        return Explanation(
            text=f"S3 answered {label}: the bucket lives in another region (or endpoint) than the client signs for. {detail}".strip(),
            fix=("aws s3api get-bucket-location --bucket " + (bucket or "<bucket>") + "  # then set region_name / AWS_DEFAULT_REGION to it",),
            derived=derived)
    if fam == "bad-request":
        derived["problem"] = f"S3 answered 400 Bad Request{on}"
        return Explanation(
            text=f"{op or 'The request'} got 400 Bad Request without a body (HEAD requests carry none): usually a region mismatch with SigV4, an expired/invalid session token, or a wrong endpoint/addressing style for an S3-compatible store.",
            fix=("aws s3api get-bucket-location --bucket " + (bucket or "<bucket>") + "  # set region_name to it",
                 "aws sts get-caller-identity  # rules out expired credentials",
                 "For MinIO/Ceph: Config(s3={'addressing_style': 'path'}) and the right endpoint_url"),
            derived=derived)
    if fam == "transient":
        derived["problem"] = f"S3 transient server error ({label}{on})"
        return Explanation(
            text=f"S3 returned {label}: a transient server-side failure or a request that stalled; it is safe to retry.",
            fix=(_RETRY, "Make checkpoint uploads resumable/retried instead of failing the run"),
            derived=derived)
    if fam == "too-large":
        derived["problem"] = "S3 single PUT over 5 GB (EntityTooLarge)"
        return Explanation(
            text="A single PutObject can carry at most 5 GB; larger checkpoints must use multipart upload (max 10,000 parts, 5 TB per object).",
            fix=("Use upload_file / s3fs put (multipart) or aws s3 cp instead of put_object; for >50 GB raise the part size: TransferConfig(multipart_chunksize=256*1024**2)",),
            derived=derived)
    if fam == "acl":
        derived["problem"] = "ACL sent to a bucket that disables ACLs"
        return Explanation(
            text="The bucket uses Object Ownership 'bucket owner enforced', which rejects ACLs; the upload passes an ACL (e.g. ExtraArgs={'ACL': 'bucket-owner-full-control'}).",
            fix=("Remove the ACL argument from the upload (ExtraArgs / s3fs acl=...)",),
            derived=derived)
    if fam == "archived":
        derived["problem"] = "S3 object is archived (InvalidObjectState)"
        return Explanation(
            text="The object is in an archive storage class (Glacier / Deep Archive) and must be restored before it can be read.",
            fix=(f"aws s3api restore-object --bucket {bucket or '<bucket>'} --key {key or '<key>'} --restore-request Days=7",),
            derived=derived)
    derived["problem"] = f"S3 refused {op or 'the request'} ({label})"
    return Explanation(
        text=f"S3 answered {label} to {op or 'the request'}" + (f" for {where}" if bucket or key else "") + (f": {detail}" if detail else "."),
        fix=("Look up the code in the S3 error reference (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html) and repeat the call with the CLI under the same identity",),
        derived=derived)
