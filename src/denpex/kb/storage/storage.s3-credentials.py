"""Computed diagnosis for storage.s3-credentials: which link of the AWS credential chain failed and what to set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# PartialCredentialsError's provider -> where the missing half must be added
_PROVIDER_WHERE = {
    "env": "the job's environment",
    "shared-credentials-file": "~/.aws/credentials (the profile in use)",
    "config-file": "~/.aws/config (the profile in use)",
    "boto-config": "the legacy boto config (~/.boto or BOTO_CONFIG)",
    "explicit": "the arguments passed to boto3.client/Session/s3fs (one of them is None or empty)",
}
_ENV_NAME = {
    "aws_access_key_id": "AWS_ACCESS_KEY_ID",
    "aws_secret_access_key": "AWS_SECRET_ACCESS_KEY",
    "aws_session_token": "AWS_SESSION_TOKEN",
}
_IDENTITY = "aws sts get-caller-identity  # run it inside the job's own container/environment"


def _kind(facts: Mapping[str, Any]) -> str:
    code = str(facts.get("code") or "")
    detail = str(facts.get("detail") or "").lower()
    op = str(facts.get("operation") or "")
    if facts.get("missing"):
        return "partial"
    if facts.get("profile"):
        return "profile"
    if code in ("ExpiredToken", "ExpiredTokenException", "TokenRefreshRequired") or "expired" in detail and "sso" not in detail:
        return "expired"
    if "sso" in detail:
        return "sso"
    if code == "InvalidAccessKeyId" or "access key id you provided" in detail:
        return "unknown-key"
    if code == "SignatureDoesNotMatch" or "signature we calculated" in detail:
        return "bad-secret"
    if code == "RequestTimeTooSkewed" or "request time and the current time" in detail:
        return "clock"
    if code in ("InvalidToken", "InvalidClientTokenId", "UnrecognizedClientException"):
        return "bad-token"
    if op.startswith("AssumeRole"):
        return "assume-role"
    if facts.get("provider"):
        return "retrieval"
    return "not-found"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = _kind(facts)
    code = str(facts.get("code") or "")
    op = str(facts.get("operation") or "")
    provider = str(facts.get("provider") or "")
    derived: dict[str, Any] = {"credential_problem": kind}
    if kind == "partial":
        missing = str(facts.get("missing"))
        where = _PROVIDER_WHERE.get(provider, f"the '{provider}' credential source")
        env = _ENV_NAME.get(missing.lower(), missing.upper())
        derived["problem"] = f"AWS credentials incomplete: {missing} missing in {provider}"
        fix = [f"Add {missing} to {where}" + (f": export {env}=...  (and pass it into the container/job)" if provider == "env" else "")]
        if provider == "env":
            fix.append("Or unset AWS_ACCESS_KEY_ID so the chain moves on to the profile / role: botocore stops at the first provider that has any key")
        if provider == "explicit":
            fix.append("Pass both aws_access_key_id and aws_secret_access_key (check os.environ.get(...) did not return None), or pass neither and let the default chain work")
        fix.append(_IDENTITY)
        return Explanation(
            text=f"botocore found {provider} credentials with only one half of the key pair: {missing} is missing, so it refuses to sign.",
            fix=tuple(fix), derived=derived)
    if kind == "profile":
        prof = str(facts.get("profile"))
        derived["problem"] = f"AWS profile '{prof}' does not exist for this job"
        return Explanation(
            text=f"AWS_PROFILE / profile_name asks for profile '{prof}', which is in neither ~/.aws/config nor ~/.aws/credentials under the HOME this job runs with.",
            fix=(f"aws configure list-profiles  # in the job's environment; add [profile {prof}] or fix the name",
                 "If the files exist only on the login node or host: mount ~/.aws into the container (or set AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE)",
                 _IDENTITY),
            derived=derived)
    if kind == "expired":
        derived["problem"] = f"AWS temporary credentials expired ({code or 'ExpiredToken'}{' on ' + op if op else ''})"
        return Explanation(
            text=("The request was signed with temporary credentials (STS session, SSO or assumed role) whose lifetime ran out"
                  + (f" before this {op} call" if op else "")
                  + ". Nothing refreshed them - typical when a session token was exported into AWS_* variables before a long run."),
            fix=("Use a refreshing credential source for long jobs: an instance profile / IRSA / ECS task role, or a profile with role_arn + source_profile (or credential_process); remove the exported AWS_SESSION_TOKEN",
                 "If you must use session tokens: request the maximum duration (aws sts assume-role --duration-seconds 43200, role MaxSessionDuration) and save checkpoints locally, uploading them in a step that re-authenticates",
                 "aws configure export-credentials --format env  # shows Expiration of what the job would use"),
            derived=derived)
    if kind == "sso":
        derived["problem"] = "AWS SSO session expired"
        return Explanation(
            text="The profile uses AWS IAM Identity Center (SSO); its cached SSO token has expired and cannot be refreshed without a new login.",
            fix=("aws sso login --profile <profile>  # then rerun; for unattended jobs use a role instead of an SSO profile",),
            derived=derived)
    if kind == "unknown-key":
        derived["problem"] = f"AWS access key id not recognised (InvalidAccessKeyId{' on ' + op if op else ''})"
        return Explanation(
            text="The service does not know the access key id the request was signed with: the key was deleted or rotated, or it belongs to another S3-compatible store (MinIO, Ceph, R2, Wasabi) while the client talks to AWS because no endpoint is set.",
            fix=("For MinIO/R2/Ceph: export AWS_ENDPOINT_URL_S3=https://<store-host> (or endpoint_url=... / s3fs client_kwargs={'endpoint_url': ...})",
                 "For AWS: aws iam list-access-keys  # is the key still Active? then update AWS_ACCESS_KEY_ID / ~/.aws/credentials",
                 _IDENTITY),
            derived=derived)
    if kind == "bad-secret":
        derived["problem"] = f"AWS secret key does not match the key id (SignatureDoesNotMatch{' on ' + op if op else ''})"
        return Explanation(
            text="The access key id is known but the signature computed with the configured secret key is wrong: wrong or truncated secret, a trailing newline/space from a secret file or env var, or a proxy/gateway rewriting the request.",
            fix=("Re-set the secret exactly: printf %s \"$AWS_SECRET_ACCESS_KEY\" | wc -c  # 40 characters for AWS keys, no newline",
                 "For S3-compatible stores check the signature version / addressing style they expect (Config(signature_version='s3v4', s3={'addressing_style': 'path'}))",
                 _IDENTITY),
            derived=derived)
    if kind == "clock":
        derived["problem"] = "Node clock too far off for AWS request signing (RequestTimeTooSkewed)"
        return Explanation(
            text="AWS rejects signatures whose timestamp differs from its own time by more than 15 minutes; this node's clock is off.",
            fix=("timedatectl status; chronyc tracking  # then enable NTP (systemctl enable --now chronyd) on the node",),
            derived=derived)
    if kind == "bad-token":
        derived["problem"] = f"AWS session token invalid ({code})"
        return Explanation(
            text=f"The service rejected the credentials ({code}): the session token is malformed, belongs to another key pair or region/partition, or a stale AWS_SESSION_TOKEN is set next to long-term keys.",
            fix=("unset AWS_SESSION_TOKEN if you use long-term keys; otherwise refresh all three values together",
                 _IDENTITY),
            derived=derived)
    if kind == "assume-role":
        derived["problem"] = f"STS refused role credentials ({code} on {op})"
        web = "WebIdentity" in op
        fix = ["aws sts get-caller-identity; echo $AWS_ROLE_ARN $AWS_WEB_IDENTITY_TOKEN_FILE" if web else "aws configure get role_arn --profile <profile>"]
        if web:
            fix.insert(0, "Check the role's trust policy: it must trust the cluster's OIDC provider and this namespace:serviceaccount (sts.amazonaws.com audience); check the pod uses the annotated service account")
        else:
            fix.insert(0, "Check the role's trust policy allows the calling principal (source_profile / instance role) to sts:AssumeRole, and that the caller's policy allows it")
        return Explanation(
            text=f"Getting credentials failed before S3 was contacted: STS answered {code} to {op}, so the job has no role credentials at all.",
            fix=tuple(fix), derived=derived)
    if kind == "retrieval":
        detail = str(facts.get("detail") or "")
        derived["problem"] = f"AWS credential provider '{provider}' failed"
        hints = {
            "iam-role": "The EC2 instance metadata service did not return role credentials: no instance profile attached, or (in Docker) IMDSv2 hop limit 1 - aws ec2 modify-instance-metadata-options --http-put-response-hop-limit 2",
            "container-role": "The ECS/EKS Pod Identity credential endpoint failed: check the task role / pod identity association and AWS_CONTAINER_CREDENTIALS_FULL_URI",
            "custom-process": "The credential_process command in ~/.aws/config failed or printed invalid JSON: run it by hand",
            "assume-role": "Assuming the profile's role_arn failed: check source_profile credentials and the role trust policy",
            "assume-role-with-web-identity": "The web identity token file could not be exchanged: check AWS_WEB_IDENTITY_TOKEN_FILE exists and the role trusts the OIDC provider",
        }
        return Explanation(
            text=f"The '{provider}' credential provider failed: {detail}",
            fix=(hints.get(provider, "Check the configuration of that provider in ~/.aws/config / the job environment"), _IDENTITY),
            derived=derived)
    derived["problem"] = "No AWS credentials found for the S3 request (NoCredentialsError)"
    return Explanation(
        text=("botocore went through its whole credential chain - environment variables, web identity (IRSA), ~/.aws/credentials and "
              "~/.aws/config under this HOME, SSO, container and instance roles - and found nothing, so it did not send the request. "
              "Credentials that work in your shell are usually not visible inside the container, scheduler job or other user the job runs as."),
        fix=("Pass credentials into the job: -e AWS_ACCESS_KEY_ID -e AWS_SECRET_ACCESS_KEY [-e AWS_SESSION_TOKEN] (docker) / env: in the pod spec / export in the sbatch script; or mount ~/.aws read-only and set AWS_PROFILE",
             "On EC2/EKS attach a role (instance profile / IRSA); for Docker on EC2 raise the IMDSv2 hop limit to 2",
             "If the bucket is public: aws s3 cp --no-sign-request, boto3 Config(signature_version=botocore.UNSIGNED), s3fs.S3FileSystem(anon=True)",
             _IDENTITY),
        derived=derived)
