"""Computed diagnosis for env.ssl-certificate: what the verification failure reason means, and how to
give the client that talks to this host the CA it lacks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# reason fragment (lowercase) -> (what it means, first fix)
_REASONS: tuple[tuple[str, str, str], ...] = (
    ("self signed certificate in certificate chain", "the chain ends in a root CA this client does not trust - almost always a TLS-inspecting proxy or firewall that re-signs sites with the organisation's own root",
     "Add the organisation's root CA to the bundle the client reads (ask IT for the .pem; export SSL_CERT_FILE/REQUESTS_CA_BUNDLE to a copy of certifi's bundle with it appended), or use the OS trust store (pip install truststore; pip --use-feature=truststore)."),
    ("self-signed certificate in certificate chain", "the chain ends in a root CA this client does not trust - almost always a TLS-inspecting proxy or firewall that re-signs sites with the organisation's own root",
     "Add the organisation's root CA to the bundle the client reads (ask IT for the .pem; export SSL_CERT_FILE/REQUESTS_CA_BUNDLE to a copy of certifi's bundle with it appended), or use the OS trust store (pip install truststore; pip --use-feature=truststore)."),
    ("unable to get local issuer certificate", "the client has no CA certificate for whoever signed the server's certificate: a TLS-inspecting proxy's CA, a missing intermediate, or an interpreter with no CA bundle at all (python.org Python on macOS before 'Install Certificates.command', a container without ca-certificates)",
     "Give the client the missing CA: on corporate networks the proxy's root CA (SSL_CERT_FILE/REQUESTS_CA_BUNDLE/PIP_CERT, or truststore to use the OS store); on macOS run 'Install Certificates.command'; in containers apt-get install -y ca-certificates."),
    ("unable to get issuer certificate", "an intermediate CA certificate is missing from the chain the server sends and from the client's bundle",
     "Add the intermediate (or its root) to the client's bundle, or fix the server to send its full chain."),
    ("self signed certificate", "the server's own certificate is self-signed (an internal mirror, MinIO/S3 endpoint, model or tracking server)",
     "Trust that server's certificate explicitly: export REQUESTS_CA_BUNDLE/SSL_CERT_FILE to a bundle containing it (or pass verify='/path/server.pem'); better, have the server use a certificate from a real or internal CA."),
    ("self-signed certificate", "the server's own certificate is self-signed (an internal mirror, MinIO/S3 endpoint, model or tracking server)",
     "Trust that server's certificate explicitly: export REQUESTS_CA_BUNDLE/SSL_CERT_FILE to a bundle containing it (or pass verify='/path/server.pem'); better, have the server use a certificate from a real or internal CA."),
    ("certificate has expired", "a certificate in the chain is past its end date - or the machine's clock is ahead, or an old CA bundle still uses an expired root",
     "Check the clock (date; timedatectl set-ntp true), then update the CA bundle (pip install -U certifi; apt-get install --only-upgrade ca-certificates); if only one server is affected, its certificate really expired."),
    ("certificate is not yet valid", "the certificate's start date is in the future from this machine's point of view: the system clock is behind",
     "Fix the clock (timedatectl set-ntp true, or ntpdate/chrony), then retry."),
    ("hostname mismatch", "the certificate is valid but for another name: the URL uses an IP address or alias, or a proxy answers for the host",
     "Use the hostname the certificate was issued for (not an IP or alias), or check the proxy configuration (HTTPS_PROXY/NO_PROXY)."),
    ("basic constraints of ca cert not marked critical", "Python 3.13's strict X.509 verification rejects a (typically corporate) CA certificate that older Pythons accepted",
     "Ask IT for a conformant CA certificate; meanwhile use truststore (OS verification) or run the tool with Python 3.12."),
    ("missing authority key identifier", "Python 3.13's strict X.509 verification rejects a (typically corporate) CA certificate without an Authority Key Identifier",
     "Ask IT for a conformant CA certificate; meanwhile use truststore (OS verification) or run the tool with Python 3.12."),
    ("/etc/ssl/certs/ca-certificates.crt", "git/curl (GnuTLS) could not verify the server with the OS bundle /etc/ssl/certs/ca-certificates.crt: the proxy's or server's CA is not in it, or the bundle is outdated",
     "Install the CA into the OS store (copy the .crt to /usr/local/share/ca-certificates/ and run update-ca-certificates), or git config --global http.sslCAInfo /path/ca.pem."),
)

# host fragment -> the client-specific way to pass a CA bundle
_HOSTS: tuple[tuple[str, str], ...] = (
    ("pypi.org", "pip: pip config set global.cert /path/ca-bundle.pem (or PIP_CERT=/path/ca-bundle.pem); uv: SSL_CERT_FILE or --native-tls"),
    ("pythonhosted.org", "pip: pip config set global.cert /path/ca-bundle.pem (or PIP_CERT=/path/ca-bundle.pem); uv: SSL_CERT_FILE or --native-tls"),
    ("download.pytorch.org", "pip: pip config set global.cert /path/ca-bundle.pem (or PIP_CERT=/path/ca-bundle.pem)"),
    ("github.com", "git: git config --global http.sslCAInfo /path/ca-bundle.pem; Python downloads (torch.hub, requests): REQUESTS_CA_BUNDLE and SSL_CERT_FILE"),
    ("githubusercontent.com", "Python downloads (torch.hub, urllib, requests): export SSL_CERT_FILE=/path/ca-bundle.pem REQUESTS_CA_BUNDLE=/path/ca-bundle.pem"),
    ("wandb", "wandb uses requests: export REQUESTS_CA_BUNDLE=/path/ca-bundle.pem (for a self-hosted W&B server with a private CA, the same)"),
    ("amazonaws.com", "boto3/awscli: export AWS_CA_BUNDLE=/path/ca-bundle.pem (or ca_bundle in ~/.aws/config)"),
    ("anaconda.org", "conda: conda config --set ssl_verify /path/ca-bundle.pem"),
    ("anaconda.com", "conda: conda config --set ssl_verify /path/ca-bundle.pem"),
    ("openai.com", "openai/httpx: export SSL_CERT_FILE=/path/ca-bundle.pem (httpx reads it), or pass an httpx client with verify='/path/ca-bundle.pem'"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip().rstrip(".")
    host = str(facts.get("host") or "").strip()
    low = reason.lower()
    derived: dict[str, Any] = {"for_host": f" for {host}" if host else ""}
    parts: list[str] = []
    fix: list[str] = []
    hit = next(((m, f) for frag, m, f in _REASONS if frag in low), None) if low else None
    public = bool(host) and any(k in host.lower() for k, _ in _HOSTS)
    if hit and public and low.startswith(("self signed certificate", "self-signed certificate")) and "chain" not in low:
        hit = (f"{host} presented a self-signed certificate, which its real certificate is not: something between this machine and {host} (a TLS-inspecting proxy, firewall or antivirus) answered with its own certificate",
               "Get the interception root CA from IT and add it to the bundle the client reads (SSL_CERT_FILE/REQUESTS_CA_BUNDLE/PIP_CERT), or use the OS trust store (pip install truststore; pip --use-feature=truststore).")
    if hit:
        meaning, first = hit
        derived["what"] = f"{reason} - {meaning.split(':')[0].split(' - ')[0]}"
        parts.append(f"{'The connection to ' + host if host else 'The client'} was refused at the TLS check: '{reason}' means {meaning}.")
        fix.append(first)
    else:
        derived["what"] = reason or "the server's certificate chain could not be verified against the client's CA bundle"
        parts.append(f"{'The connection to ' + host if host else 'The client'} failed TLS certificate verification{f' ({reason})' if reason else ''}: the chain the server presented does not end in a CA this client trusts.")
        fix.append("Give the client a CA bundle containing the missing root (SSL_CERT_FILE / REQUESTS_CA_BUNDLE / PIP_CERT), or make it use the OS trust store (truststore).")
    if host:
        h = host.lower()
        how = next((v for k, v in _HOSTS if k in h), None)
        if how:
            fix.append(f"For {host}: {how}.")
        if h in ("localhost", "127.0.0.1") or h.startswith(("10.", "192.168.", "172.")):
            parts.append(f"{host} is a private address: an internal service with its own certificate, which public CA bundles never contain.")
    fix.append("Confirm who signed what you see: openssl s_client -connect " + (host or "<host>") + ":443 -servername " + (host or "<host>") + " </dev/null | grep issuer= (a company name instead of a public CA means TLS inspection).")
    fix.append("Do not keep verify=False / --trusted-host / curl -k as the fix: it disables the check that protects downloaded code and weights.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
