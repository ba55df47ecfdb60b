"""Computed diagnosis for paramiko.authentication-failed: which kind of refusal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    reason = str(facts.get("reason") or "")
    allowed = str(facts.get("allowed_types") or "")
    if sig == "bad-auth-type":
        if "password" not in allowed and "publickey" in allowed:
            text = (f"The server does not allow the login method that was used; it accepts only {allowed}. "
                    "A password login cannot work here.")
            fix = ("Log in with a key: add your public key to the remote ~/.ssh/authorized_keys (or the provider account) "
                   "and pass the private key file (key_filename / pkey) to the tool.",)
        else:
            text = f"The server rejected the authentication method; it allows {allowed or 'other methods'}."
            fix = (f"Configure the tool to use one of {allowed or 'the allowed methods'}.",)
        return Explanation(text=text, fix=fix, derived={"kind": "method-not-allowed"})
    if "timeout" in reason:
        text = "The server did not answer the authentication request in time (slow or overloaded host, or a proxy in between)."
        fix = ("Retry with a larger auth_timeout/banner_timeout, and check the host with ssh -v.",)
        return Explanation(text=text, fix=fix, derived={"kind": "timeout"})
    if reason:
        text = ("Every key/password paramiko offered was rejected: wrong user, a key not in that user's authorized_keys, "
                "the .pub file given instead of the private key, or an RSA key from paramiko < 2.9 against OpenSSH 8.8+.")
        fix = ("Test the same host/user/port/key with: ssh -v -o IdentitiesOnly=yes -i <private key> <user>@<host> -p <port>",
               "pip install -U paramiko (rsa-sha2 support), or use an ed25519 key.")
        return Explanation(text=text, fix=fix, derived={"kind": "rejected"})
    return None
