"""Masking secrets and personal data before any text leaves the engine.

Every string that reaches a report, a JSON document, a web page or the screen
goes through one ``Masker``. Masks are consistent within a diagnosis: the same
value always becomes the same placeholder (``<HOST-2>``), so that rank and host
attribution still lines up after masking.

Detection has two layers: our own patterns for the token formats ML logs carry
(Hugging Face, OpenAI, W&B, AWS, GitHub, JWT, bearer headers, URL passwords,
key=value secrets, e-mail, IPs, home directories) and Yelp's detect-secrets
plugins for the long tail of vendor formats (Slack, Stripe, Azure, ...).

Masking sees hostile text too (a fact can be a whole 8 MiB line), so every pattern RE2 can express
runs in RE2 (``denpex.linear``: linear time); the rest are linear by construction. Text cut
elsewhere (a line shortened for display) may end in the first part of a token: a known token prefix,
a key=value secret, a bearer token or a URL password at the very end of a text is masked although
it is shorter than the whole format (``_CUT_RULES``).

With ``mask_hosts``, host names are masked wherever they occur: those the attribution found in line
prefixes (``add_hosts``), and every fully qualified name and every ``name:port`` in any text, each
learned on first sight and masked consistently after (a FQDN and its first label share one
placeholder).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

def _linear(rx: re.Pattern[str]):  # type: ignore[no-untyped-def]
    """The RE2 form of a masking pattern (linear time), or the pattern itself when RE2 cannot
    express it (lookarounds: those below are linear by construction)."""
    from .linear import LinearPattern, Unsupported

    try:
        return LinearPattern(rx.pattern, rx.flags & ~re.UNICODE, rx)
    except (Unsupported, re.error):
        return rx


# (kind, pattern, group to replace: 0 = whole match, -1 = every group that took part). Families: those
# of gitleaks and detect-secrets (cloud keys, VCS, chat, payment, mail tokens, private keys, JWT, basic
# and bearer authorization, URL credentials, key=value secrets), ML services (Hugging Face, OpenAI,
# Anthropic, W&B, Replicate, Groq, Databricks, Kaggle, NGC, MLflow and database URLs), and personal
# data (e-mail, IPv4/IPv6, MAC, home folders and scheduler user names; host names with mask_hosts).
_NAME = r"[^\s/\\\"'<>|:*?,;=(){}\[\]]"  # a character of a user name in a path (any script: josé, 张伟)
_RULE_SPECS: list[tuple[str, str, int]] = [
    ("SECRET", r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)", 0),
    ("SECRET", r"\b(?:hf_|api_org_)[A-Za-z0-9]{20,}", 0),
    ("SECRET", r"\bsk-[A-Za-z0-9_-]{20,}", 0),  # OpenAI (sk-proj-), Anthropic (sk-ant-api03-), OpenRouter, DeepSeek
    ("SECRET", r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|A3T[A-Z0-9])[A-Z0-9]{16}\b", 0),
    ("SECRET", r"\bgh[pousr]_[A-Za-z0-9]{30,}|\bgithub_pat_[A-Za-z0-9_]{22,}", 0),
    ("SECRET", r"\bgl(?:pat|dt|rt|ptt|ft|imt|oas|cbt|soat|agent)-[A-Za-z0-9_-]{20,}|\bGR1348941[A-Za-z0-9_-]{20,}", 0),
    ("SECRET", r"\bxox[abposre]-[A-Za-z0-9-]{10,}|\bxapp-\d-[A-Za-z0-9-]{10,}", 0),
    ("SECRET", r"(?i)\bhooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/+-]{8,}", 0),
    ("SECRET", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}", 0),
    ("SECRET", r"\b(?:pypi-|npm_)[A-Za-z0-9_-]{30,}", 0),
    ("SECRET", r"\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{10,}|\bwhsec_[A-Za-z0-9]{20,}", 0),  # Stripe
    ("SECRET", r"\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}", 0),  # SendGrid
    ("SECRET", r"\b(?:AC|SK)[0-9a-f]{32}\b", 0),  # Twilio account / API key SIDs
    ("SECRET", r"\bAIza[0-9A-Za-z_-]{35}|\bya29\.[0-9A-Za-z_-]{20,}|\b1//0[0-9A-Za-z_-]{20,}|\bGOCSPX-[A-Za-z0-9_-]{20,}", 0),
    ("SECRET", r"\bdapi[0-9a-f]{32}(?:-\d+)?\b", 0),  # Databricks
    ("SECRET", r"\bgsk_[A-Za-z0-9]{20,}", 0),  # Groq
    ("SECRET", r"\br8_[A-Za-z0-9]{20,}", 0),  # Replicate
    ("SECRET", r"\b(?:nvapi-|xai-|pplx-|tgp_v1_|pcsk_|lsv2_(?:pt|sk)_|fw_)[A-Za-z0-9_-]{20,}", 0),  # NGC, xAI, ...
    ("SECRET", r"\bkey-[0-9a-f]{32}\b|\b[0-9a-f]{32}-us\d{1,2}\b", 0),  # Mailgun, Mailchimp
    ("SECRET", r"\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b", 0),  # Telegram bot
    ("SECRET", r"\b[MN][A-Za-z0-9]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,}", 0),  # Discord bot
    ("SECRET", r"\bsq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}|\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|\bdo[opr]_v1_[a-f0-9]{64}", 0),
    ("SECRET", r"\bAKC[A-Za-z0-9]{10,}|\bATATT3[A-Za-z0-9_=-]{20,}|\bhv[sb]\.[A-Za-z0-9_-]{20,}|\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}", 0),
    ("SECRET", r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}|\b[a-z0-9]{14}\.atlasv1\.[a-z0-9_=-]{60,}", 0),
    ("SECRET", r"\b[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}", 0),  # Azure AD client secret
    ("SECRET", r"(?i)\bbearer\s+([A-Za-z0-9._~+/-]{8,}=*)", 1),
    (
        "SECRET",  # Authorization / Proxy-Authorization headers, any scheme (Basic, Bearer, token, Digest...)
        r"(?i)\b(?:proxy-)?authorization\b[\"']?\s*[:=]\s*[\"']?(?:(?:basic|bearer|token|digest|negotiate|ntlm|apikey|sso-key)\s+)?([^\s\"',;]{6,})",
        1,
    ),
    ("SECRET", r"(?i)\b[a-z][a-z0-9+.-]*://[^:/\s@]+:([^@\s/]+)@", 1),
    ("SECRET", r"(?i)\b[a-z][a-z0-9+.-]*://([A-Za-z0-9_-]{20,})@", 1),  # a key as the URL's user (Sentry DSN)
    ("SECRET", r"(?i)[?&;]sig=([^&\s\"'<>]{10,})", 1),  # Azure SAS signature
    (
        "SECRET",
        r"(?i)\b[A-Za-z0-9_]*(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|account[_-]?key|"
        r"credentials?|private[_-]?key(?:[_-]?id)?|client[_-]?secret|sas[_-]?token|connection[_-]?string|secret[_-]?key)\b"
        r"[\"']?\s*[=:]\s*[\"']?([^\s\"',;}{]{6,})",
        1,
    ),
    ("SECRET", r"(?i)[\"'](?:auth|identitytoken|registrytoken|key|apikey|token)[\"']\s*:\s*[\"']([^\"'\s]{8,})[\"']", 1),  # docker, kaggle.json
    (
        "SECRET",  # command-line options: --password X, --token=X, --hf-token X
        r"(?i)(?:^|[\s\"'=])--?(?:password|passwd|pwd|token|api[-_]?key|secret|access[-_]?token|auth[-_]?token|hf[-_]token|"
        r"wandb[-_]key|client[-_]secret|key)(?:\s+|=)[\"']?([^\s\"'-][^\s\"']{2,})",
        1,
    ),
    ("SECRET", r"(?i)\bwandb\s+login\b[^\n]{0,80}?\b((?:local-)?[0-9a-f]{40})\b", 1),
    ("SECRET", r"(?i)\bmachine\s+\S+\s+login\s+(\S+)\s+password\s+(\S+)", -1),  # .netrc
    ("SECRET", r"(?i)^\s*password\s+(\S{6,})", 1),  # .netrc, one field per line
    ("SECRET", r"(?i)\bauth(?:_|\s|-)?token\b[\"']?\s*[=:]?\s*[\"']?([0-9a-f]{32})\b", 1),  # Twilio auth token
    ("EMAIL", r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b", 0),
    ("MAC", r"\b(?:[0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}\b|\b(?:[0-9A-Fa-f]{2}-){5}[0-9A-Fa-f]{2}\b", 0),
    (
        "USER",
        r"(?:/home/|/Users/|/export/home/|/homes/|/Users\\{1,2}|\b[A-Za-z]:(?:\\{1,2}|/)(?:Users|Documents and Settings)(?:\\{1,2}|/))"
        r"(?:(" + _NAME + r"+(?: " + _NAME + r"+){1,2})(?:/|\\)|(" + _NAME + r"+))",
        -1,
    ),
    (
        "USER",  # scheduler and shell user names
        r"\b(?:SLURM_JOB_USER|SBATCH_USER|USER|LOGNAME|SUDO_USER|PBS_O_LOGNAME|LSB_USER|JUPYTERHUB_USER|UserId|[Uu]sername|[Uu]ser_name|userName)"
        r"[\"']?\s*[=:]\s*[\"']?([^\s\"'(),;{}]{2,})",
        1,
    ),
]
# Patterns RE2 cannot express (lookarounds), each with a looser RE2 trigger for the prefilter below.
_PY_RULE_SPECS: list[tuple[str, str, int, str]] = [
    (
        "SECRET",  # a bare AWS secret access key (40 base64 characters, all three classes), e.g. after its key id
        r"(?<![A-Za-z0-9/+=])(?=[A-Za-z0-9/+]{0,39}[A-Z])(?=[A-Za-z0-9/+]{0,39}[a-z])(?=[A-Za-z0-9/+]{0,39}[0-9])"
        r"[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])",
        0,
        r"[A-Za-z0-9/+]{40}",
    ),
    (
        "IP",
        # (not a version inside a name: "miniconda3-4.7.12.1-gcc-9.2.0", "cuda-11.8.0.1"; nor one a sentence
        # calls a version: "H2O is version 3.18.0.11", "h2o==3.20.0.8")
        r"(?<![\d.vV])(?<![A-Za-z0-9]-)(?<![Vv]ersion )(?<!VERSION )(?<![=<>]=)(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?!\d|\.\d)",
        0,
        r"\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}",
    ),
    (
        "IP",  # IPv6: compressed (with '::') or full (eight groups); not times (10:22:33) or C++ scopes (c10::Error)
        # (and not a Python slice, "bounds[1::2]": a compressed form needs a hex letter or three colons)
        r"(?<![\w:.])(?=[0-9A-Fa-f:]*::|(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4})(?=[0-9:]*[A-Fa-f]|(?:[0-9A-Fa-f]*:){3})"
        r"(?:[0-9A-Fa-f]{1,4}|:)(?::[0-9A-Fa-f]{0,4}){2,8}(?:%[\w.]+)?(?![\w:])",
        0,
        r"[0-9A-Fa-f]{0,4}::|(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}",
    ),
]
# addresses that name no machine of anyone's: loopback and "this network" (0.0.0.x: a numeric host
# name read as an address, a wildcard bind). Kept, so that a diagnosis can say "the peer advertised
# a loopback address" instead of "<IP-1>"
_NOT_PERSONAL_IP = re.compile(r"127\.|0\.0\.0\.|0\.0\.0\.0$")
# a versioned symbol of a shared library in a linker error ("cudaGraphInstantiateWithFlags@libcudart.so.11.0"), not an address
_LIBRARY_SYMBOL = re.compile(r"@lib[\w+-]{0,100}\.so$")
_RULES: list[tuple[str, Any, int]] = [(kind, _linear(re.compile(p)), g) for kind, p, g in _RULE_SPECS] + [
    (kind, re.compile(p), g) for kind, p, g, _ in _PY_RULE_SPECS
]
# the RE2 form of each rule (or of its looser trigger) for the prefilter; None: the rule always runs
_TRIGGERS: list[str | None] = [getattr(rx, "re2_pattern", None) for _, rx, _ in _RULES[: len(_RULE_SPECS)]] + [
    t for *_, t in _PY_RULE_SPECS
]


def _rule_set():  # type: ignore[no-untyped-def]
    """One RE2 set of every rule's trigger: which rules can match a text, in one linear pass; a text
    no rule can match (most log lines) costs that pass only. (set, set index -> rule index, rules that
    always run); (None, [], every rule) without RE2."""
    every = list(range(len(_RULES)))
    try:
        import re2

        from .linear import to_re2

        s = re2.Set.SearchSet()
        index: list[int] = []
        always: list[int] = []
        for i, trig in enumerate(_TRIGGERS):
            if trig is None:
                always.append(i)
                continue
            pat = trig if i < len(_RULE_SPECS) else to_re2(trig, 0)
            if s.Add(pat) != len(index):
                return None, [], every
            index.append(i)
        s.Compile()
        return s, index, always
    except Exception:  # noqa: BLE001 - no RE2, or a pattern it refuses: every rule runs on every text
        return None, [], every


_SET, _SET_INDEX, _ALWAYS = _rule_set()


def _rules_for(text: str) -> list[int]:
    """The rules that may match ``text`` (in rule order)."""
    if _SET is None:
        return _ALWAYS
    found = _SET.Match(text)
    if not found:
        return _ALWAYS
    return sorted({_SET_INDEX[i] for i in found}.union(_ALWAYS))

# The first part of a secret at the very end of a text that was cut short (by another module, or a
# user's paste): too short for the rules above, still not for anyone's eyes. Run on the last
# characters of a text only.
_CUT_TAIL = 200
_CUT_END = r"(?=\s*(?:\u2026|\.\.\.)?\s*\Z)"
_CUT_RULES: list[re.Pattern[str]] = [
    re.compile(
        # (not a path component: "/home/hf_ehr/env/.../datastore.py" ends a text without being a token, and a prefixed
        # vendor token has no "/" in it)
        # (nor a dotted Python name ending in an identifier: "huggingface_hub.file_download.hf_hub_download" - a Hugging
        # Face token is "hf_" and letters and digits only, never another "_")
        r"(?<![/\\.])\b(?:hf_[A-Za-z0-9]*" + _CUT_END + r"|(?:api_org_|sk-|gh[pousr]_|github_pat_|glpat-|gldt-|glrt-|xox[abposre]-|xapp-|AKIA|ASIA|AGPA|AIDA|AROA|eyJ|pypi-|npm_|"
        r"(?:sk|rk|pk)_(?:live|test)_|whsec_|SG\.|AIza|ya29\.|GOCSPX-|dapi|gsk_|r8_|nvapi-|xai-|pplx-|tgp_v1_|pcsk_|lsv2_|fw_|"
        r"sq0atp-|sq0csp-|shpat_|shpss_|dop_v1_|hvs\.|ATATT3|PMAK-)"
        r"[A-Za-z0-9_.=+-]*" + _CUT_END + ")"
    ),
    re.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/-]+=*)" + _CUT_END),
    # scheme://user:pass cut before its "@" (a port, all digits, is not a password)
    re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://[^:/\s@]+:(?!\d+\s*(?:\u2026|\.\.\.)?\s*\Z)([^@\s/]+)" + _CUT_END),
    re.compile(
        r"(?i)\b[A-Za-z0-9_]*(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?key|credentials?)\b"
        r"[\"']?\s*[=:]\s*[\"']?([^\s\"',;}{]+)" + _CUT_END
    ),
    # a long run of token characters mixing letters and digits, visibly cut ("…" / "..." after it): a
    # vendor token's first part. Only where the cut shows: at the end of any text this would take
    # file names and model names ("model-00031-of-00037.safetensors", "Qwen2.5-72B-Instruct") for secrets
    re.compile(r"(?<![\w+=.-])(?=[\w+=.-]*\d)(?=[\w+=.-]*[A-Za-z])[\w+=.-]{16,}(?=\s*(?:\u2026|\.\.\.)\s*\Z)"),
]

# a word every cut rule needs somewhere in the tail (a prefix, a keyword, a scheme, a visible cut)
_CUT_GATE = _linear(re.compile(
    r"(?i)hf_|api_org_|sk-|gh[pousr]_|github_pat_|gl(?:pat|dt|rt)-|xox|xapp-|AKIA|ASIA|AGPA|AIDA|AROA|eyJ|pypi-|npm_|"
    r"_live_|_test_|whsec_|SG\.|AIza|ya29\.|GOCSPX-|dapi|gsk_|r8_|nvapi-|xai-|pplx-|tgp_v1_|pcsk_|lsv2_|fw_|sq0|shp|dop_v1_|"
    r"hvs\.|ATATT3|PMAK-|bearer|://|pass|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?key|credential|\u2026|\.\.\."
))

# host names in message text (with mask_hosts): a dotted name ending in a DNS suffix clusters use ...
_TLDS = (
    "com|net|org|io|ai|dev|edu|gov|mil|int|cloud|internal|local|localdomain|lan|corp|home|cluster|svc|intra|"
    "priv|private|site|tech|app|co|us|uk|de|fr|jp|cn|eu|ca|au|in|ru|ch|nl|se|kr|tw|sg|il|br|info|biz|xyz"
)
_FQDN = re.compile(
    r"(?<![\w.@/-])((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:" + _TLDS + r"))(?![\w-]|\.\w)",
    re.IGNORECASE,
)
# ... or a name with a digit or a hyphen (gpu-node-17, node3) followed by a port
_HOST_PORT = re.compile(r"(?<![\w.@/-])([A-Za-z][A-Za-z0-9-]*(?:[0-9][A-Za-z0-9-]*|-[A-Za-z0-9-]+)):\d{2,5}(?!\d)")
_NOT_HOST_PORT = re.compile(r"^(?:[A-Za-z]\d+|[A-Za-z]+-\d\d|cuda|rank|local_rank|port|line)$", re.IGNORECASE)
# public services whose names help a diagnosis and identify nobody
_PUBLIC = (
    "huggingface.co", "hf.co", "github.com", "githubusercontent.com", "pytorch.org", "nvidia.com", "python.org",
    "pypi.org", "anaconda.org", "conda.io", "docker.io", "docker.com", "nccl.ai", "microsoft.com", "google.com",
    "readthedocs.io", "vllm.ai", "ray.io", "deepspeed.ai", "wandb.ai",
)
# Every vendor token detect-secrets knows (Slack, Stripe, Twilio, SendGrid, ...) has a run of 20+
# token characters mixing letters and digits; text without one cannot hold such a secret.
_LONG_TOKEN = re.compile(r"(?<![\w+=.-])(?=[\w+=.-]*\d)(?=[\w+=.-]*[A-Za-z])[\w+=.-]{20,}")
_SHORT_HOST = re.compile(r"^[A-Za-z][A-Za-z0-9-]*(?:[0-9]|-)[A-Za-z0-9-]*$")  # gpu-node-17, node3: not 'www'
_IPV4_LIKE = re.compile(r"^[\d.]+$")
_PLACEHOLDER = re.compile(r"^<[A-Z]+-\d+>$")
# Keep values that identify nothing and help diagnosis.
_KEEP = {"127.0.0.1", "0.0.0.0", "255.255.255.255", "::1", "::", "root", "ubuntu", "localhost"}


class Masker:
    """Consistent masking of secrets and personal data (and hosts when asked)."""

    def __init__(self, mask_hosts: bool = False, use_detect_secrets: bool = True):
        self.mask_hosts = mask_hosts
        self._map: dict[tuple[str, str], str] = {}
        self._counts: dict[str, int] = {}
        self._hosts: set[str] = set()
        self._host_key: dict[str, str] = {}  # a host name -> the name its placeholder is keyed by
        self._host_rx: re.Pattern[str] | None = None  # every known host, longest first
        self._use_detect_secrets = use_detect_secrets
        self._plugins: list[Any] | None = None  # loaded on first use: importing them costs ~0.1 s

    def placeholder(self, kind: str, value: str) -> str:
        key = (kind, value)
        if key not in self._map:
            self._counts[kind] = self._counts.get(kind, 0) + 1
            self._map[key] = f"<{kind}-{self._counts[kind]}>"
        return self._map[key]

    def add_hosts(self, hosts: Iterable[str]) -> None:
        for h in hosts:
            self._add_host(h)

    def _add_host(self, h: str, key: str | None = None) -> None:
        if not h or h in _KEEP or len(h) < 2 or h in self._hosts or _PLACEHOLDER.match(h):
            return
        self._hosts.add(h)
        self._host_key.setdefault(h, key or h)
        self._host_rx = None

    def _learn_hosts(self, text: str) -> None:
        """Host names this text shows (FQDNs, name:port), with a FQDN's first label as its alias."""
        if "." in text:
            for m in _FQDN.finditer(text):
                name = m.group(1)
                low = name.lower()
                if any(low == p or low.endswith("." + p) for p in _PUBLIC) or _IPV4_LIKE.match(name):
                    continue
                first, _, domain = name.partition(".")
                key = self._host_key.get(first, first if _SHORT_HOST.match(first) else name)
                self._add_host(name, key)
                if _SHORT_HOST.match(first):
                    self._add_host(first, key)
                if domain.count(".") >= 1:  # the organisation's domain, also where text derived from
                    self._add_host(domain)  # the line lost the host's first label (corp.example.com)
        if ":" in text:
            for m in _HOST_PORT.finditer(text):
                name = m.group(1)
                if not _NOT_HOST_PORT.match(name):
                    self._add_host(name)

    def host(self, host: str | None) -> str | None:
        if host and _PLACEHOLDER.match(host):
            return host  # masked already (at ingress)
        if host is None or not self.mask_hosts:
            return self.mask(host) if host else host
        self._add_host(host)
        return self.placeholder("HOST", self._host_key.get(host, host))

    def _mask_hosts(self, text: str) -> str:
        self._learn_hosts(text)
        if not self._hosts:
            return text
        rx = self._host_rx
        if rx is None:
            names = sorted(self._hosts, key=len, reverse=True)
            rx = self._host_rx = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(h) for h in names) + r")(?![\w-]|\.\w)")
        return rx.sub(lambda m: self.placeholder("HOST", self._host_key.get(m.group(0), m.group(0))), text)

    def mask(self, text: str) -> str:
        if not text:
            return text
        for i in _rules_for(text):
            kind, rx, group = _RULES[i]
            text = rx.sub(lambda m, k=kind, g=group: self._replace(m, k, g), text)
        text = self._mask_cut_tail(text)
        for plugin in self._vendor_plugins(text):
            try:
                found = plugin.analyze_line(filename="log", line=text, line_number=0)
            except Exception:  # noqa: BLE001 - a detector bug must not stop masking by the others
                continue
            for secret in found:
                value = getattr(secret, "secret_value", None)
                if value and len(value) >= 8 and not value.startswith("<") and value in text:
                    text = text.replace(value, self.placeholder("SECRET", value))
        if self.mask_hosts:
            text = self._mask_hosts(text)
        return text

    def _mask_cut_tail(self, text: str) -> str:
        """Mask the first part of a secret left at the very end of a cut text (``_CUT_RULES``)."""
        head, tail = text[:-_CUT_TAIL], text[-_CUT_TAIL:]
        if _CUT_GATE.search(tail) is None:
            return text  # none of the rules' words is there (most lines): one linear pass
        for rx in _CUT_RULES:
            m = rx.search(tail)
            if m is None:
                continue
            g = 1 if rx.groups else 0
            value = m.group(g)
            if not value or value.startswith("<") or value in _KEEP:
                continue
            tail = tail[: m.start(g)] + self.placeholder("SECRET", value) + tail[m.end(g) :]
        return head + tail

    def preload(self) -> None:
        """Load detect-secrets' detectors now (about 0.3 s of imports) rather than at the first long
        token; the engine calls it from a thread while worker processes scan."""
        if self._use_detect_secrets and self._plugins is None:
            self._plugins = _detect_secrets_plugins()

    def _vendor_plugins(self, text: str) -> list[Any]:
        """detect-secrets' vendor detectors, only for text holding a long token they could flag."""
        if not self._use_detect_secrets or not _LONG_TOKEN.search(text):
            return []
        if self._plugins is None:
            self._plugins = _detect_secrets_plugins()
        return self._plugins

    def _replace(self, m: re.Match[str], kind: str, group: int) -> str:
        if group < 0:  # every group that took part, right to left (spans shift as each is replaced)
            whole, base = m.group(0), m.start(0)
            for g in range(len(m.groups()), 0, -1):
                value = m.group(g)
                if value is None or value in _KEEP or value.startswith("<"):
                    continue
                start, end = m.span(g)
                whole = whole[: start - base] + self.placeholder(kind, value) + whole[end - base :]
            return whole
        value = m.group(group)
        if (value is None or value in _KEEP or value.startswith("<") or (kind == "IP" and _NOT_PERSONAL_IP.match(value))
                or (kind == "EMAIL" and _LIBRARY_SYMBOL.search(value))):
            return m.group(0)
        if group == 0:
            return self.placeholder(kind, value)
        start, end = m.span(group)
        base = m.start(0)
        whole = m.group(0)
        return whole[: start - base] + self.placeholder(kind, value) + whole[end - base :]

    def mask_value(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.mask(value)
        if isinstance(value, list):
            return [self.mask_value(v) for v in value]
        if isinstance(value, dict):
            return {k: self.mask_value(v) for k, v in value.items()}
        return value


def _detect_secrets_plugins() -> list[Any]:
    try:
        from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    except ImportError:
        return []
    skip = ("Entropy", "IPPublic", "Keyword")
    out = []
    for cls in get_mapping_from_secret_type_to_class().values():
        if any(s in cls.__name__ for s in skip):
            continue
        try:
            out.append(cls())
        except Exception:  # noqa: BLE001
            continue
    return out


class NullMasker(Masker):
    """Masks nothing. Only for local benchmarks that compare extracted facts with raw values."""

    def __init__(self) -> None:
        super().__init__(use_detect_secrets=False)

    def mask(self, text: str) -> str:
        return text

    def host(self, host: str | None) -> str | None:
        return host
