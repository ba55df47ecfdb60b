"""Computed diagnosis for colabfold.mmseqs2-api-error: server side, local server or the query?"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    reply = str(facts.get("server_reply") or "").strip()
    query = str(facts.get("query") or "").strip()
    length = facts.get("length")
    low = reply.lower()
    if sig == "maintenance":
        diagnosis = "server maintenance"
        text = "The MSA server reported maintenance: nothing is wrong with the input."
        fix = ("Retry in a few minutes, or use local MSAs (colabfold_search) / your own server (--host-url).",)
    elif "no space left" in low or "502" in low or "503" in low or "bad gateway" in low or "<html" in low or "gateway" in low:
        diagnosis = "server-side failure"
        text = f"The server's own reply ('{reply[:80]}') shows a server-side problem (full disk, gateway error or outage)."
        fix = ("Wait and retry later; check the ColabFold issue tracker for an ongoing outage.",
               "For many queries, precompute MSAs with colabfold_search or host an MMseqs2-App server.")
    elif reply == "" and "server_reply" in facts:
        diagnosis = "empty reply: server unreachable or misconfigured"
        text = "The server answered with an empty body: with --host-url the local MMseqs2 server is not running correctly."
        fix = ("Check that the server process is up and that curl <host>/ticket/msa returns JSON; fix its database paths.",)
    elif isinstance(length, int) and length > 5000:
        diagnosis = "very large query"
        text = f"The query{f' {query}' if query else ''} has {length} residues: far beyond typical single runs; the server job failed."
        fix = ("Split the complex or crop domains; run MSAs locally for huge inputs.",)
    else:
        diagnosis = "server returned ERROR"
        text = ("The server set the job to ERROR. Either the server has a problem (try the test sequence) or the query "
                "contains characters outside the 20 amino acids.")
        fix = ("Retry the default test sequence; if it passes, clean the FASTA (only ACDEFGHIKLMNPQRSTVWY, ':' between chains).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
