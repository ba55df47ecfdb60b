"""Computed diagnosis for gradle.dependencies-unresolved: transient download vs network/TLS vs artifact gone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TRANSIENT = ("Premature end of Content-Length", "Read timed out", "Connection reset")
_NETWORK = ("Connection timed out", "Connection refused", "UnknownHostException", "Received fatal alert")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    artifact = str(facts.get("artifact") or "a dependency")
    fix: list[str] = []
    if reason in _TRANSIENT:
        diagnosis = f"download of {artifact} cut off: {reason}"
        text = f"Gradle started downloading {artifact} but the transfer broke ({reason}); this is usually transient."
        fix.append("Re-run the build; if it repeats, delete that module under ~/.gradle/caches/modules-2 and retry, or use a closer mirror.")
    elif reason == "PKIX path building failed":
        diagnosis = f"TLS certificate of the repository for {artifact} not trusted"
        text = ("The JDK running Gradle does not trust the repository's certificate chain: an outdated JDK trust store "
                "or a proxy that re-signs HTTPS traffic.")
        fix.append("Update the JDK (recent JDK 8 builds carry current roots) or import the proxy CA with keytool into the JDK cacerts.")
    elif reason in _NETWORK:
        diagnosis = f"repository host for {artifact} unreachable: {reason}"
        text = f"Gradle could not reach the repository for {artifact} ({reason}): offline host, firewall or a proxy not configured for Gradle."
        fix.append("Set systemProp.https.proxyHost/proxyPort (and http) in ~/.gradle/gradle.properties, or open access to the host.")
    elif reason.startswith("Received status code"):
        diagnosis = f"repository answered {reason.rsplit(' ', 1)[-1]} for {artifact}"
        text = f"The repository refused or lost {artifact} ({reason})."
        fix.append("Open the URL in the log: a 401/403 needs credentials or a mirror, a 404/5xx a repository that still hosts it.")
    elif reason == "Could not find":
        diagnosis = f"{artifact} not found in any declared repository"
        text = f"None of the build's repositories hosts {artifact} any more (shut-down jcenter/bintray, removed snapshot or commit build)."
        fix.append("Add a repository that still hosts it to build.gradle, or move to the project's release that replaced the dependency.")
    else:
        diagnosis = f"{artifact} could not be fetched"
        text = f"Gradle could not resolve {artifact}; the innermost '>' line below the message names why."
        fix.append("Run ./gradlew --refresh-dependencies --info and read the innermost '>' cause.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
