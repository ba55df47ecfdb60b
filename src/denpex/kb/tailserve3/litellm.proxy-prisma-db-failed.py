"""Computed diagnosis for litellm.proxy-prisma-db-failed: which Prisma piece is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig in ("import-prisma-client-failed", "prisma-cli-missing"):
        diagnosis = "Prisma client not installed or not generated"
        text = ("The proxy has a database configured but the Prisma client it needs is missing: either the prisma "
                "package is not installed or 'prisma generate' never ran for LiteLLM's schema.prisma.")
        fix = ("pip install 'litellm[proxy]' prisma",
               "python -m prisma generate --schema $(python -c 'import litellm, os; print(os.path.join(os.path.dirname(litellm.__file__), \"proxy\", \"schema.prisma\"))')",
               "Or run the ghcr.io/berriai/litellm-database image, which ships the generated client.")
    elif sig == "generator-version-mismatch":
        exp = facts.get("expected_version")
        got = facts.get("got_version")
        diagnosis = "Prisma CLI version differs from Prisma Client Python"
        text = (f"The client generator expects engine/CLI hash {str(exp)[:12]} but the CLI that ran is {str(got)[:12]}: "
                "the client was generated with another prisma version (typically npx prisma instead of the Python CLI).")
        fix = ("Regenerate with the Python CLI that belongs to the installed package: python -m prisma generate",
               "Remove globally installed Node prisma from PATH for this step.")
    elif sig in ("could-not-connect-query-engine", "not-connected-query-engine", "client-not-connected"):
        diagnosis = "query engine not connected to the database"
        text = ("The Prisma query engine did not start or cannot reach the database, so every DB call fails. Check "
                "DATABASE_URL and network reachability, proxy variables (the client talks to the engine over localhost "
                "HTTP) and whether the engine binary runs on this platform.")
        fix = ("psql \"$DATABASE_URL\" -c 'select 1' from inside the proxy container; fix host, port, credentials or docker network.",
               "If http_proxy/https_proxy are set, add no_proxy=localhost,127.0.0.1 and NO_PROXY likewise.",
               "python -m prisma --version to see the engine binary; use the litellm-database image on unsupported distros.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
