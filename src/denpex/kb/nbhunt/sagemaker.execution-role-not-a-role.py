"""Computed diagnosis for sagemaker.execution-role-not-a-role: what kind of identity called."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arn = str(facts.get("identity_arn") or "").strip()
    if not arn:
        return None
    m = re.match(r"arn:aws[\w-]*:(?:iam|sts)::(?P<acct>[\w*]+):(?P<rest>.+)$", arn)
    acct = m.group("acct") if m else "<account>"
    rest = m.group("rest") if m else ""
    if rest == "root":
        kind, diagnosis = "the root account", "root account credentials"
        extra = "Do not use root credentials: create an IAM user/SSO profile for yourself and an execution role for SageMaker."
    elif rest.startswith("user/"):
        kind, diagnosis = f"IAM user {rest.split('/', 1)[1]}", "IAM user credentials outside SageMaker"
        extra = "Your user needs iam:PassRole on the execution role."
    elif rest.startswith("assumed-role/"):
        kind, diagnosis = "an assumed role the SDK could not map", "assumed role not resolved"
        extra = "Upgrade the sagemaker SDK, or pass the role ARN explicitly."
    else:
        kind, diagnosis = "a non-role identity", "caller is not a role"
        extra = "Pass the role ARN explicitly."
    return Explanation(
        text=f"get_execution_role() only works where the caller is a SageMaker execution role; here the caller is {kind} ({arn}).",
        fix=(f"role = 'arn:aws:iam::{acct}:role/<SageMaker execution role>'  # pass to the Estimator/Model",
             "boto3.client('iam').get_role(RoleName='<name>')['Role']['Arn']", extra),
        derived={"diagnosis": diagnosis, "identity_kind": kind})
