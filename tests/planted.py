"""Planted secrets and personal data: one row per kind, for the masking recall tests and bench/hostile.py.

Every value is fake but has its real format. ``line`` is how the value shows up in a real log
(``{s}`` is the value); ``secret`` is the part that must never appear in any output. Kinds cover
the rule families of gitleaks and detect-secrets, the ML services (Hugging Face, W&B, OpenAI,
Anthropic, Replicate, Groq, Databricks, Kaggle, NGC, MLflow, database URLs) and personal data.
"""

from __future__ import annotations

_B64 = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"

# (kind, line with {s}, secret)
KINDS: list[tuple[str, str, str]] = [
    ("hf-token", "export HF_TOKEN={s}", "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("hf-token-bare", "logging in to the hub with {s}", "hf_" + "Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa"),
    ("hf-org-token", "token {s} for the org", "api_org_" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123"),
    ("openai-proj", "client = OpenAI(api_key='{s}')", "sk-proj-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe"),
    ("openai-legacy", "using key {s}", "sk-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4"),
    ("anthropic", "anthropic key {s} rejected", "sk-ant-api03-" + "Ev9JxQ2mTz7Lp4Rk8Wn3Yb6Hc1Df5Gs0Ja-AbCdEf12"),
    ("openrouter", "OPENROUTER {s}", "sk-or-v1-" + "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071"),
    ("aws-key-id", "AWS_ACCESS_KEY_ID={s}", "AKIA" + "IOSFODNN7EXAMPLQ"),
    ("aws-secret-kv", "aws_secret_access_key = {s}", "Kq8" + "ZtP3xWv9LmN2bYr5TgHs7JdFc4QeAu6Rn1VoXiBk"),
    ("aws-secret-bare", "credentials AKIAZZZZZZZZZZZZZZZZ {s}", "wJa" + "lrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEZ"),
    ("aws-session-id", "assumed role key {s}", "ASIA" + "Y34FZKBOKMUTVV7A"),
    ("github-pat", "git clone https://x-access-token:{s}@github.com/org/repo", "ghp_" + "1234567890abcdefghijABCDEFGHIJ123456"),
    ("github-fine", "GITHUB {s}", "github_pat_" + "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"),
    ("github-app", "installation token {s}", "ghs_" + "AbCdEfGhIjKlMnOpQrStUvWxYz01234567"),
    ("gitlab-pat", "CI token {s}", "glpat-" + "xYz12AbC34dEf56GhI78jK"),
    ("gitlab-runner", "runner registered with {s}", "glrt-" + "AbCdEfGhIjKlMnOpQrSt1234"),
    ("slack-bot", "slack token {s}", "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"),
    ("slack-webhook", "posting to {s}", "https://hooks.slack.com/services/" + "T0ABCDEFG/B0HIJKLMN/AbCdEfGhIjKlMnOpQrStUvWx"),
    ("jwt", "jwt={s}", "eyJhbGciOiJIUzI1NiJ9." + "eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
    ("bearer", "Authorization: Bearer {s}", "d8f7a6b5c4e3" + "d2c1b0a9f8e7"),
    ("basic-auth", "Authorization: Basic {s}", "YWxpY2U6" + "aHVudGVyMjJzZWNyZXQ="),
    ("token-header", "header Authorization: token {s}", "a94a8fe5cc" + "b19ba61c4c0873d391e987982fbbd3"),
    ("api-key-header", "X-API-Key: {s}", "Q2x1c3Rlck" + "tleUZvckFwaQ"),
    ("url-password", "db url postgres://admin:{s}@db.internal:5432/runs", "S3cr3t" + "Passw0rd"),
    ("mlflow-uri", "MLFLOW_TRACKING_URI=https://ml:{s}@mlflow.corp.example/", "mlfl0w" + "-Pass-77"),
    ("mongodb", "mongo mongodb+srv://svc:{s}@cluster0.mongodb.net/db", "M0ng0" + "Secret99"),
    ("mysql-dsn", "engine mysql+pymysql://root:{s}@10.1.2.3/app", "my5ql" + "Secret!"),
    ("password-kv", "password={s}", "hunter2" + "Xy9"),
    ("password-cli", "python train.py --password {s} --epochs 3", "cli" + "Pa55word"),
    ("token-cli", "launch --hf-token={s}", "tok3n" + "Value77Q"),
    ("generic-secret", "CLIENT_SECRET: {s}", "c1i3nt" + "S3cr3tVal"),
    ("private-key", "{s}", "-----BEGIN RSA PRIVATE KEY-----" + "MIIEowIBAAKCAQEA7x9K"),
    ("gcp-sa-key-id", '"private_key_id": "{s}",', "4f1c2b3a" + "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b"),
    ("gcp-api-key", "maps key {s}", "AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"),
    ("gcp-oauth", "access token {s}", "ya29." + "a0AfH6SMBx1y2z3A4b5C6d7E8f9G0h1I2j3K4"),
    ("azure-sas", "blob https://acct.blob.core.windows.net/c/f?sv=2022-11-02&sig={s}&se=2030", "AbCdEf" + "123%2B456xYz789%3D"),
    ("azure-conn", "AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={s};", "Zm9vYmFy" + "QmF6cXV4MTIzNDU2Nzg5MA=="),
    ("azure-sb", "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey={s}", "k3yV4lue" + "AbCdEf0123456789+/="),
    ("kaggle-json", '{{"username":"alice","key":"{s}"}}', "0123456789ab" + "cdef0123456789abcdef"),
    ("docker-auth", '{{"auths": {{"registry.example.com": {{"auth": "{s}"}}}}}}', "YWxpY2U6" + "cmVnaXN0cnlQYXNz"),
    ("wandb-env", "WANDB_API_KEY={s}", "a1b2c3d4e5f6" + "0718293a4b5c6d7e8f9012345678"),
    ("wandb-login", "$ wandb login {s}", "0123456789ab" + "cdef0123456789abcdef01234567"),
    ("wandb-netrc", "machine api.wandb.ai login user password {s}", "fedcba987654" + "3210fedcba9876543210fedcba98"),
    ("twilio-sid", "twilio account {s}", "AC" + "0123456789abcdef0123456789abcdef"),
    ("twilio-token", "twilio auth token {s}", "fedcba98765432" + "10fedcba9876543210"),
    ("sendgrid", "SENDGRID {s}", "SG." + "AbCdEfGhIjKlMnOpQrStUv.WxYz0123456789AbCdEfGhIjKlMnOpQrStUvWxYz0123"),
    ("stripe", "stripe key {s}", "sk_live_" + "51HbCdEfGhIjKlMnOpQrStUv"),
    ("stripe-restricted", "stripe rk {s}", "rk_live_" + "AbCdEfGhIjKlMnOpQrSt0123"),
    ("databricks", "DATABRICKS host token {s}", "dapi" + "0123456789abcdef0123456789abcdef"),
    ("groq", "groq client {s}", "gsk_" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("replicate", "replicate {s}", "r8_" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123"),
    ("ngc", "NGC_API_KEY {s}", "nvapi-" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdefghijklmnop"),
    ("npm", "//registry.npmjs.org/:_authToken={s}", "npm_" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("pypi", "twine upload -p {s}", "pypi-" + "AgEIcHlwaS5vcmcCJGFiY2RlZmdoLWlqa2wtbW5vcA"),
    ("mailgun", "mailgun {s}", "key-" + "0123456789abcdef0123456789abcdef"),
    ("telegram", "bot {s} started", "1234567890:" + "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0"),
    ("email", "starting job for {s}", "alice.smith" + "@example-corp.com"),
    ("ipv4", "peer at {s}", "10.42" + ".17.9"),
    ("ipv6", "listening on [{s}]:29500", "fd12:3456:789a" + ":1::42"),
    ("ipv6-link", "iface {s}%eth0", "fe80::1ff:" + "fe23:4567:890a"),
    ("mac", "ether {s} brd", "00:1a:2b" + ":3c:4d:5e"),
    ("home-linux", 'File "/home/{s}/proj/train.py", line 3', "alice" + "smith"),
    ("home-mac-space", 'File "/Users/{s}/proj/train.py", line 3', "Marguerite " + "Okonkwo"),
    ("home-nonascii", "cache at /home/{s}/.cache", "jos" + "\u00e9garc\u00eda"),
    ("home-windows", r"File C:\Users\{s}\proj\train.py", "bwayne" + "42"),
    ("home-windows-repr", r"path='C:\\Users\\{s}\\proj'", "ckent" + "77"),
    ("slurm-user", "SLURM_JOB_USER={s}", "jdoe" + "1234"),
    ("shell-user", "USER={s} HOME=/tmp", "mrossi" + "88"),
]

FAILURE = "RuntimeError: frobnication failed"


def context_log(kind_rows: list[tuple[str, str, str]] | None = None) -> str:
    """Every kind on an error line of its own (listed, templated), then an exception no entry names."""
    rows = KINDS if kind_rows is None else kind_rows
    lines = ["INFO starting"]
    for _, line, secret in rows:
        lines.append("ERROR " + line.format(s=secret))
    lines += ["Traceback (most recent call last):", '  File "train.py", line 1, in <module>', FAILURE]
    return "\n".join(lines) + "\n"


def failing_line_log(line: str, secret: str) -> str:
    """The secret inside the failing line itself (the exception message)."""
    return (
        "INFO starting\nTraceback (most recent call last):\n  File \"train.py\", line 1, in <module>\n"
        f"{FAILURE}: {line.format(s=secret)}\n"
    )


def marks(secret: str) -> list[str]:
    """What of a secret must not appear: the value, its distinctive end (a value split by a template,
    or masked only in part, still shows it), and each word of a value with spaces."""
    out = [secret]
    if len(secret) >= 12:
        out.append(secret[-8:])
    if " " in secret:
        out += [w for w in secret.split() if len(w) >= 5]
    if not secret.isascii():
        out.append(secret[-5:])
    return out


def leaks(text: str, rows: list[tuple[str, str, str]] | None = None) -> list[str]:
    """The kinds whose value (or part of it) appears in ``text``."""
    return [k for k, _, s in (KINDS if rows is None else rows) if any(m in text for m in marks(s))]
