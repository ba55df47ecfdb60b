"""Computed diagnosis for storage.azure-blob-auth: Azure Storage error code (+ auth detail) -> the check that failed and its fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_USING = {
    "permission": "AuthorizationPermissionMismatch", "source IP": "AuthorizationSourceIPMismatch",
    "resource type": "AuthorizationResourceTypeMismatch", "service": "AuthorizationServiceMismatch",
    "protocol": "AuthorizationProtocolMismatch",
}
_ROLE = "az role assignment create --assignee <principal-id> --role 'Storage Blob Data Contributor' --scope /subscriptions/<sub>/resourceGroups/<rg>/providers/Microsoft.Storage/storageAccounts/{acct}"
_WHO = "az account show; az role assignment list --assignee <principal-id> --all -o table  # the identity the job uses and its roles"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("code") or "")
    using = str(facts.get("using") or "")
    hint = str(facts.get("auth_hint") or "")
    detail = str(facts.get("auth_detail") or "")
    acct = str(facts.get("account") or "") or "<account>"
    if facts.get("chain") and not code:
        return Explanation(
            text="DefaultAzureCredential tried its chain - environment service principal (AZURE_CLIENT_ID/AZURE_TENANT_ID/AZURE_CLIENT_SECRET), workload identity, managed identity, Azure CLI/PowerShell/azd login - and none produced a token in this environment.",
            fix=("On Azure compute: enable a managed identity on the VM/cluster (and export AZURE_CLIENT_ID for a user-assigned one); on AKS configure workload identity for the pod's service account",
                 "Off Azure: export AZURE_TENANT_ID AZURE_CLIENT_ID AZURE_CLIENT_SECRET for a service principal, or az login before the job",
                 "python -c \"from azure.identity import DefaultAzureCredential as D; print(D().get_token('https://storage.azure.com/.default').expires_on)\"  # inside the job"),
            derived={"problem": "No Azure identity available (DefaultAzureCredential failed)"})
    if not code and facts.get("refused"):
        code = _USING.get(using, "AuthorizationFailure")
    if not code and hint:
        code = "AuthenticationFailed" if hint.startswith("Make sure") else "InvalidAuthenticationInfo"
    derived: dict[str, Any] = {}
    d = detail.lower()
    if code == "AuthorizationPermissionMismatch":
        derived["problem"] = "Azure identity lacks a Storage Blob Data role (AuthorizationPermissionMismatch)"
        return Explanation(
            text=("The request was authenticated with Entra ID, but that identity has no data-plane role allowing this blob operation. "
                  "Management roles (Owner, Contributor) do not grant blob data access; a role assigned in the last minutes may not have propagated yet."),
            fix=(_ROLE.format(acct=acct) + "  # Reader for read-only; scope it to the container if you prefer",
                 "Wait ~10 minutes after a new assignment, then rerun",
                 _WHO),
            derived=derived)
    if code == "AuthorizationFailure":
        derived["problem"] = "Azure Storage rejected the caller's network or SAS (AuthorizationFailure)"
        return Explanation(
            text="The storage account refused the request before evaluating roles: its firewall allows only selected networks / private endpoints and the job runs elsewhere, or the SAS used does not permit this operation.",
            fix=(f"az storage account show -n {acct} --query '{{default:networkRuleSet.defaultAction,public:publicNetworkAccess}}'  # Deny/Disabled -> add the job's subnet or IP, or use the private endpoint",
                 f"az storage account network-rule add -n {acct} --vnet-name <vnet> --subnet <subnet>  (or --ip-address <egress-ip>)",
                 "For a SAS: regenerate it with the needed permissions (sp=racwdl for read/add/create/write/delete/list)"),
            derived=derived)
    if code in ("AuthorizationSourceIPMismatch", "AuthorizationProtocolMismatch", "AuthorizationServiceMismatch", "AuthorizationResourceTypeMismatch"):
        what = {"AuthorizationSourceIPMismatch": "its allowed IP range (sip=) excludes this client",
                "AuthorizationProtocolMismatch": "it allows only HTTPS (spr=https) and the request used HTTP",
                "AuthorizationServiceMismatch": "it was issued for another service (ss= lacks b for Blob)",
                "AuthorizationResourceTypeMismatch": "its resource types (srt=) do not include what this call touches (s=service, c=container, o=object)"}[code]
        derived["problem"] = f"SAS token does not allow this request ({code})"
        return Explanation(text=f"The request used a SAS token and {what}.",
                           fix=("Generate a SAS that covers this call (az storage container generate-sas / account generate-sas with the right --ip, --https-only, --services, --resource-types)",),
                           derived=derived)
    if code == "KeyBasedAuthenticationNotPermitted":
        derived["problem"] = "Shared-key access is disabled on the storage account"
        return Explanation(
            text="The account has allowSharedKeyAccess=false: account keys, connection strings and account/service SAS are rejected; only Entra ID tokens (and user-delegation SAS) work.",
            fix=("Use Entra ID: BlobServiceClient(account_url, credential=DefaultAzureCredential()); adlfs: AzureBlobFileSystem(account_name=..., credential=DefaultAzureCredential()) or anon=False without keys",
                 _ROLE.format(acct=acct)),
            derived=derived)
    if code == "NoAuthenticationInformation":
        derived["problem"] = "No credential sent to a private Azure container (NoAuthenticationInformation)"
        return Explanation(
            text="The request carried no credential at all, and the container is not public: the client was built without account_key / sas_token / credential (adlfs falls back to anonymous when none is found).",
            fix=("Pass a credential: account_key or sas_token, or credential=DefaultAzureCredential() (adlfs: set AZURE_STORAGE_ACCOUNT_NAME plus AZURE_STORAGE_ACCOUNT_KEY / AZURE_STORAGE_SAS_TOKEN, or anon=False with an identity)",),
            derived=derived)
    if code == "InvalidAuthenticationInfo":
        derived["problem"] = "Azure Storage rejected the Entra ID token (InvalidAuthenticationInfo)"
        extra = f" Service detail: {detail}." if detail else ""
        return Explanation(
            text="An OAuth bearer token was sent but the storage service did not accept it: wrong audience (must be https://storage.azure.com/), another tenant, or an expired token." + extra,
            fix=("Request tokens for the storage scope https://storage.azure.com/.default and the account's tenant (AZURE_TENANT_ID); let the SDK refresh them (pass the credential object, not a static token)",),
            derived=derived)
    if code == "InsufficientAccountPermissions":
        derived["problem"] = "The account key / SAS lacks permission for this account-level operation"
        return Explanation(text="The credential is valid but the storage account configuration does not permit this operation with it (e.g. access-tier or account features).",
                           fix=("Check the account's settings and use a credential with the needed scope",), derived=derived)
    if code == "AuthenticationFailed" or hint:
        if "expiry" in d or "time frame" in d or "expired" in d:
            why, fix0 = "the SAS token is outside its validity window (expired, or not yet valid because of clock skew)", "Generate a new SAS with a later expiry (se=) and a start time a few minutes in the past (st=); sync the node clock"
        elif "mac signature" in d or "signature" in d:
            why, fix0 = "the signature does not match: wrong or rotated account key, or a modified SAS string", "Use the current account key / connection string (az storage account keys list -n " + acct + ") or a freshly generated SAS"
        elif "date" in d or "time" in d:
            why, fix0 = "the request time is too far from the server's (clock skew)", "Sync the node clock (chronyc tracking / timedatectl) and retry"
        else:
            why, fix0 = "the account key, SAS or signature is wrong, expired or rotated (or the clock is skewed)", "Refresh the credential: current account key / connection string, or a new SAS; check the node clock"
        derived["problem"] = "Azure Storage could not authenticate the request (AuthenticationFailed)"
        return Explanation(
            text=f"Azure Storage rejected the request's credential: {why}." + (f" Service detail: {detail}." if detail else ""),
            fix=(fix0, "Prefer managed identity / DefaultAzureCredential over keys and long-lived SAS for jobs"),
            derived=derived)
    derived["problem"] = f"Azure Storage refused the request ({code or 'not authorized'})"
    return Explanation(text=f"Azure Storage refused the request with {code or 'a 403'}.",
                       fix=(_WHO,), derived=derived)
