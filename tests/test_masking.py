"""Plant every kind of secret in a log; none may appear in any output format."""

from __future__ import annotations

import pytest

from denpex.masking import Masker

SECRETS = {
    "hf": "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
    "openai": "sk-proj-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe",
    "aws_key": "AKIAIOSFODNN7EXAMPLQ",
    "aws_secret": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "github": "ghp_1234567890abcdefghijABCDEFGHIJ123456",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "bearer": "d8f7a6b5c4e3d2c1b0a9f8e7",
    "url_password": "S3cr3tPassw0rd",
    "email": "alice.smith@example-corp.com",
    "ip": "10.42.17.9",
    "user": "alicesmith",
    "wandb": "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678",
    "slack": "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
}

LOG = f"""INFO 05-01 10:00:00 starting job for alice.smith@example-corp.com on host 10.42.17.9
export HF_TOKEN={SECRETS['hf']}
OPENAI_API_KEY={SECRETS['openai']} AWS_ACCESS_KEY_ID={SECRETS['aws_key']}
aws_secret_access_key = {SECRETS['aws_secret']}
git clone https://x-access-token:{SECRETS['github']}@github.com/org/repo
Authorization: Bearer {SECRETS['bearer']}
jwt={SECRETS['jwt']}
db url postgres://admin:{SECRETS['url_password']}@db.internal:5432/runs
WANDB_API_KEY={SECRETS['wandb']}
slack webhook token {SECRETS['slack']}
Traceback (most recent call last):
  File "/home/{SECRETS['user']}/proj/train.py", line 3, in <module>
    main(token="{SECRETS['hf']}")
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.06 GiB is free. user alice.smith@example-corp.com key {SECRETS['openai']} at 10.42.17.9 /home/{SECRETS['user']}/x
RuntimeError: frobnication failed for {SECRETS['hf']} by alice.smith@example-corp.com
"""


def _assert_clean(text: str) -> None:
    for kind, secret in SECRETS.items():
        assert secret not in text, f"{kind} leaked"


@pytest.mark.parametrize("fmt", [[], ["--json"], ["--markdown"], ["--json", "--mask-hosts"]])
def test_no_secret_in_any_output(cli, fmt, tmp_path):
    p = tmp_path / "run.log"
    p.write_text(LOG)
    r = cli("diagnose", *fmt, str(p))
    out = r.stdout.decode() + r.stderr.decode()
    assert r.returncode in (0, 1), out
    _assert_clean(out)


def test_unknown_summary_is_masked(cli):
    log = LOG.replace("torch.OutOfMemoryError: CUDA out of memory.", "FooError: odd.")
    r = cli("diagnose", "--json", "-", input=log.encode())
    _assert_clean(r.stdout.decode())
    assert "<SECRET-" in r.stdout.decode() or "<EMAIL-" in r.stdout.decode()


def test_masking_is_consistent():
    m = Masker(mask_hosts=True)
    m.add_hosts(["gpu-node-17", "gpu-node-2"])
    a = m.mask("NCCL INFO gpu-node-17:123:456 [0] connected to gpu-node-2 and 10.0.0.5")
    b = m.mask("again gpu-node-17 and 10.0.0.5")
    assert "gpu-node-17" not in a and "10.0.0.5" not in a
    assert a.split()[2].startswith("<HOST-1>")
    assert "<HOST-1>" in b and "<IP-1>" in b and "<IP-1>" in a


def test_loopback_and_versions_kept():
    m = Masker()
    s = m.mask("MASTER_ADDR=127.0.0.1 torch 2.4.0 NCCL version 2.21.5 cuda 12.1")
    assert "127.0.0.1" in s and "2.21.5" in s and "2.4.0" in s


def test_file_and_model_names_at_the_end_of_a_line_are_not_secrets():
    """A cut token is masked only where the cut shows; ordinary names ending a line stay readable."""
    from denpex.masking import Masker

    m = Masker()
    for line in ("INFO rank 3 loading next shard /data/shard-00005.arrow", "model Qwen2.5-72B-Instruct",
                 "loading model-00031-of-00037.safetensors", "cache-8f3a2b1c9d.arrow"):
        assert m.mask(line) == line
    assert "<SECRET" in m.mask("token abcd1234efgh5678ijkl9012...")
    # a folder whose name starts like a vendor token's prefix (hf_, sk-) is a path, not a token cut short
    for line in ("File exists: '/share/x/hf_ehr/cache/run.wandb'", "/opt/hf_ehr/hf_env_miguel/lib/python3.10/site-packages/wandb/x.py",
                 "saved to ./runs/sk-train/ckpt"):
        assert m.mask(line) == line
    assert "<SECRET" in m.mask("login with hf_AbCdEfGhIjKl")  # a prefixed token ending the text is still masked
    # nor is a dotted Python name ending in an hf_ function (a token is hf_ and letters and digits only)
    target = "Error in call to target 'huggingface_hub.file_download.hf_hub_download'"
    assert m.mask(target) == target and m.mask("calls huggingface_hub.hf_hub_download") == "calls huggingface_hub.hf_hub_download"
    assert "<SECRET" in m.mask("HF_TOKEN is hf_AbCdEfGh")


def test_a_port_at_the_end_of_a_url_is_not_a_cut_password():
    from denpex.masking import Masker

    m = Masker()
    assert m.mask("rendezvous at tcp://10.2.3.4:29500").endswith(":29500")
    assert "<SECRET" in m.mask("DATABASE_URL=postgresql://admin:s3cr")


def test_loopback_and_this_network_addresses_are_not_personal_data() -> None:
    from denpex.masking import Masker

    out = Masker().mask("peer advertised 127.0.1.1:29500; host 189 read as 0.0.0.189; real peer 10.0.0.5")
    assert "127.0.1.1" in out and "0.0.0.189" in out and "10.0.0.5" not in out


def test_python_slices_are_not_ipv6_addresses():
    """'bounds[1::2]' in a traceback's code line is a slice; real compressed IPv6 stays masked."""
    from denpex.masking import Masker

    m = Masker()
    assert m.mask("    lo, hi = bounds[0::2], bounds[1::2]") == "    lo, hi = bounds[0::2], bounds[1::2]"
    assert m.mask("x = arr[::3]") == "x = arr[::3]"
    assert "2001:db8" not in m.mask("peer [2001:db8::8a2e:370:7334]:29500 closed")
    assert "fe80" not in m.mask("fe80::1ff:fe23:4567:890a%eth0 up")


def test_a_four_part_version_inside_a_name_is_not_an_ip_address():
    """Spack/conda paths carry dotted versions ("miniconda3-4.7.12.1-gcc-9.2.0"); addresses stay masked."""
    from denpex.masking import Masker

    m = Masker()
    path = "/opt/spack/linux-centos7/miniconda3-4.7.12.1-gcc-9.2.0-j2idqxp/bin/python"
    assert m.mask(path) == path
    out = m.mask("MASTER_ADDR=10.1.2.3 --master_addr 10.1.2.4 host-a=10.1.2.5")
    assert "10.1.2.3" not in out and "10.1.2.4" not in out and "10.1.2.5" not in out
    said = "Version mismatch. H2O is version 3.18.0.11, but the h2o-python package is version 3.20.0.8 (pip install h2o==3.18.0.11)"
    assert m.mask(said) == said
    assert "10.0.0.7" not in m.mask("connecting to version server at 10.0.0.7:8080")


def test_a_shared_librarys_versioned_symbol_is_not_an_email_address():
    """A linker error names a symbol with its library ("cudaGraphInstantiateWithFlags@libcudart.so.11.0"):
    nothing personal, and the diagnosis needs it; a real address next to it is still masked."""
    m = Masker()
    line = "undefined reference to `cudaGraphInstantiateWithFlags@libcudart.so.11.0' (mail jane.doe@example.com)"
    out = m.mask(line)
    assert "cudaGraphInstantiateWithFlags@libcudart.so.11.0" in out
    assert "jane.doe@example.com" not in out and "<EMAIL-" in out
