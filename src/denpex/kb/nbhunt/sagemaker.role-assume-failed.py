"""Computed diagnosis for sagemaker.role-assume-failed: account, role name and the path pitfall."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    arn = str(facts.get("role_arn") or "").strip().strip("'.")
    trust_fix = ('Trust policy of the role must contain: {"Effect": "Allow", "Principal": {"Service": '
                 '"sagemaker.amazonaws.com"}, "Action": "sts:AssumeRole"}')
    if not arn:
        if sig == "sts-assumerole-trust":
            return Explanation(text="The role exists but its trust policy does not let sagemaker.amazonaws.com assume it.",
                               fix=(trust_fix,), derived={"diagnosis": "trust policy lacks SageMaker"})
        return None
    m = re.match(r"arn:aws[\w-]*:iam::(?P<acct>\d+):role/(?P<path>(?:[^/]+/)*)(?P<name>[^/]+)$", arn)
    if not m:
        return None
    acct, path, name = m.group("acct"), m.group("path"), m.group("name")
    derived = {"account": acct, "role_name": name}
    if name.startswith("AmazonSageMaker-ExecutionRole") and not path:
        derived["diagnosis"] = "service-role path missing from the ARN"
        text = (f"'{name}' is the console-created SageMaker role, which lives under the /service-role/ path, but the "
                f"ARN used has no path: arn:aws:iam::{acct}:role/{name} does not exist.")
        fix = (f"role='arn:aws:iam::{acct}:role/service-role/{name}'  # or copy Role.Arn from IAM",)
    else:
        derived["diagnosis"] = "role missing or not trusting SageMaker"
        text = (f"SageMaker could not assume role '{name}' in account {acct}" + (f" (path /{path})" if path else "") +
                ": it does not exist under this exact ARN, or its trust policy does not name sagemaker.amazonaws.com.")
        fix = (f"aws iam get-role --role-name {name} --query 'Role.[Arn,AssumeRolePolicyDocument]'", trust_fix)
    return Explanation(text=text, fix=fix, derived=derived)
