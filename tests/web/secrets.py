"""A log with planted secrets and personal data, for the privacy tests."""

from __future__ import annotations

from .conftest import VLLM_LINE

SECRETS = {
    "hf": "hf_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z",
    "openai": "sk-proj-" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4",
    "aws": "AKIA" + "Q7RZ2MXD5K8WJ3PN",
    "github": "ghp_" + "R4nd0mT0k3nV4lu3F0rT3st1ngPurp0s3s9",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIiwicm9sZSI6ImFkbWluIn0.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
    "url_password": "Tr0ub4dor-and-3",
    "email": "jane.doe@example-lab.org",
    "ip": "10.23.45.67",
}

SECRET_LOG = f"""INFO 05-01 10:00:00 starting job for {SECRETS['email']} from {SECRETS['ip']}
INFO 05-01 10:00:01 HF_TOKEN={SECRETS['hf']} OPENAI_API_KEY={SECRETS['openai']}
INFO 05-01 10:00:02 cloning https://jane:{SECRETS['url_password']}@git.example-lab.org/team/repo.git
Traceback (most recent call last):
  File "/home/jane/train.py", line 12, in <module>
RuntimeError: upload to s3 failed for key {SECRETS['aws']} with github token {SECRETS['github']} auth {SECRETS['jwt']}
{VLLM_LINE} user={SECRETS['email']} peer={SECRETS['ip']} token {SECRETS['hf']}
"""


def leaked(text: str) -> list[str]:
    return [name for name, value in SECRETS.items() if value in text]
