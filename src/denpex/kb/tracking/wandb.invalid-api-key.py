"""Computed diagnosis for wandb.invalid-api-key: what the key length says (new 86-character key on
an old SDK, whitespace, placeholder, truncation) and what a 401 reason points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEW_KEY_LEN = 86


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n = facts.get("key_length")
    if facts.get("empty_key"):
        n = 0
    reason = str(facts.get("reason") or "")
    host = facts.get("host")
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if isinstance(n, int):
        if n == _NEW_KEY_LEN:
            derived["what"] = "new 86-character key, wandb < 0.22.3"
            derived["action"] = "pip install -U 'wandb>=0.22.3'"
            text = ("The key is 86 characters long: a new-format W&B key (wandb_v1_...). The installed wandb is "
                    "older than 0.22.3 and only accepts 40-character keys, so the key itself is fine.")
            fix.append("Upgrade the SDK: pip install -U 'wandb>=0.22.3' (and raise the wandb pin in requirements).")
        elif n == 0:
            derived["what"] = "empty key"
            derived["action"] = "set WANDB_API_KEY to the real key"
            text = "The key is empty: WANDB_API_KEY (or key=) is set but blank - an unresolved secret or an empty variable."
            fix.append("Set the real key: export WANDB_API_KEY=<key from https://wandb.ai/authorize>, or unset the empty variable and run wandb login.")
        elif n < 10:
            derived["what"] = f"{n}-character key"
            derived["action"] = "pass the real key, not a placeholder"
            text = (f"The key is {n} characters long: not a key at all but a placeholder or a wrong value "
                    "(an empty pair of quotes, a variable name, a config default).")
            fix.append("Pass the real key: export WANDB_API_KEY=<key>, and check that the code does not call wandb.login(key=...) with a config field that is unset.")
        elif n in (41, 42) or (n > 40 and n < 50 and n not in (46,)):
            derived["what"] = f"{n} characters, 40 expected"
            derived["action"] = "strip whitespace/quotes from the key"
            text = (f"The key has {n} characters where 40 are expected: {n - 40} extra character(s) - usually a trailing "
                    "newline, a space or quotes pasted or stored with the key.")
            fix.append("Re-store the key without whitespace: export WANDB_API_KEY=\"$(printf '%s' '<key>')\"; for files/secrets use printf, not echo.")
        elif n < 40:
            derived["what"] = f"{n} characters, 40+ expected"
            derived["action"] = "copy the whole key again"
            text = f"The key has only {n} characters: it was truncated when copied or stored."
            fix.append("Copy the whole key again from https://wandb.ai/authorize (or your server's /authorize) and set WANDB_API_KEY.")
        else:
            derived["what"] = f"{n}-character key"
            derived["action"] = "upgrade wandb or re-copy the key"
            text = (f"The key is {n} characters long, which this wandb version does not accept: either a newer key "
                    "format than the SDK knows, or extra text pasted with the key.")
            fix.append("Upgrade wandb (pip install -U wandb); if it persists, re-copy the key without surrounding text.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived["what"] = (f"verification failed at {host}" if host else "401 Unauthorized" + (f": {reason}" if reason else ""))
    derived["action"] = "create a fresh key for this host and export WANDB_API_KEY"
    text = "The W&B server refused the key (HTTP 401): it is revoked, mistyped, or issued by another W&B deployment."
    if host:
        text += f" The SDK verified it against {host}."
    if "not logged in" in reason:
        text += " 'user is not logged in' means the server could not match the key to any user."
    fix.append("Create a new key at https://wandb.ai/authorize (self-hosted: https://<server>/authorize) and export WANDB_API_KEY=<key>, or run wandb login --relogin.")
    fix.append("Self-hosted W&B: also export WANDB_BASE_URL=https://<server> (wandb login --host ...); a cloud key does not work on a local server and vice versa.")
    fix.append("Remove stale keys that take precedence: an old WANDB_API_KEY in the environment, key= in the code, an old machine entry in ~/.netrc.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
