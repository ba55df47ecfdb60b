"""Computed diagnosis for botpress.language-server-unreachable: which language source failed and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {
    "ETIMEDOUT": "nothing answered in time (server not started, still loading its models, or a firewall drops the traffic)",
    "ECONNREFUSED": "nothing listens on that host/port (server not started, crashed, or another port)",
    "ENOTFOUND": "the host name does not resolve from the Botpress host/container",
    "EAI_AGAIN": "no DNS answer for the host name (offline container or Compose service not running)",
    "EHOSTUNREACH": "the host is unreachable from this machine (no outbound network or route)",
    "ECONNRESET": "the connection was reset (proxy or server dropping it)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    endpoint = str(facts.get("endpoint") or "").rstrip(":").strip()
    code = str(facts.get("code") or "").strip()
    lang = str(facts.get("lang") or "").strip()
    fix: list[str] = []
    code_key = next((k for k in _CODES if k in code), "")
    why = _CODES.get(code_key, "")
    if sig == "engine-tools":
        diagnosis = "Botpress NLU could not initialise: no language (or Duckling) server answered"
        text = ("The NLU engine found no working language source at start-up and stopped. The 'Could not load Language "
                "Provider at ...' line just before it names the endpoint and the network error.")
        fix.append("Check the endpoint from the NLU host: curl -sS <languageURL>/info; start the language server first "
                   "(./bp lang ...) or pass a reachable --languageURL, and --ducklingURL / --ducklingEnabled false.")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
    if sig == "no-provider-for-request":
        diagnosis = f"no language provider for '{lang or 'the bot language'}': the language server was not loaded"
        text = (f"Training or prediction asked the language server to tokenize/embed {lang or 'text'}, but no language "
                "source was loaded at start-up (or none serves that language). Look earlier in the log for 'Could not load "
                "Language Provider at ...'.")
        fix.append("Make the language source reachable (see the earlier error), restart Botpress, and check that the "
                   f"language server serves '{lang or '<lang>'}' (curl <endpoint>/languages).")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
    if sig == "could-not-fetch-languages":
        diagnosis = "Botpress could not fetch the language list from its language server"
        text = f"The Languages page/API could not reach the language server ({code}). " + (f"That error means {why}." if why else "")
        fix.append("Allow outbound HTTPS to lang-01.botpress.io or configure a self-hosted language source in nlu.json.")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
    if not endpoint and not code:
        return None
    if endpoint in ("", "undefined", "null"):
        diagnosis = "no language source endpoint configured (undefined)"
        text = ("Botpress tried a language source whose endpoint is undefined: languageSources in nlu.json (or "
                "BP_MODULE_NLU_LANGUAGESOURCES) is missing or malformed.")
        fix.append('Set "languageSources": [{"endpoint": "https://lang-01.botpress.io"}] (hosted) or your own '
                   '"http://<host>:3100" in data/global/config/nlu.json, then restart.')
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
    hosted = "botpress.io" in endpoint
    local = any(h in endpoint for h in ("localhost", "127.0.0.1", "0.0.0.0"))
    diagnosis = f"language server {endpoint} unreachable ({code or 'error'})"
    parts = [f"Botpress could not load the language provider at {endpoint}" + (f": {code} - {why}." if why else f" ({code or 'no code'}).")]
    if hosted:
        parts.append("This is the Botpress-hosted language server: the machine or container needs outbound HTTPS to it "
                     "(proxy, firewall, DNS), or use a self-hosted language server.")
        fix.append("Test from the Botpress host: curl -sS https://lang-01.botpress.io/info; if blocked, run ./bp lang "
                   "--offline with downloaded embeddings and point languageSources at it.")
    elif local:
        parts.append("This is a self-hosted language server on the same machine: it was not running yet, had not finished "
                     "loading its embeddings, or listens on another port. Inside Docker, localhost is the Botpress container "
                     "itself, not the lang container.")
        fix.append(f"Start the language server first and wait for it to be ready (curl -sS {endpoint}/info), then start "
                   "Botpress; in Docker use the lang service name (http://<lang-service>:3100) instead of localhost.")
    else:
        parts.append("Check that this host and port are the language server as seen from the Botpress host or container.")
        fix.append(f"curl -sS {endpoint}/info from the Botpress container; fix the host/port/scheme in languageSources.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis})
