"""Computed diagnosis for pinecone.sdk-version-mismatch: which direction the mismatch goes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEW = {
    "init": "pc = Pinecone(api_key=os.environ['PINECONE_API_KEY'])  (no environment argument)",
    "list_indexes": "pc.list_indexes().names()",
    "describe_index": "pc.describe_index(name)",
    "create_index": "pc.create_index(name=..., dimension=..., metric=..., spec=ServerlessSpec(cloud='aws', region='us-east-1'))",
    "delete_index": "pc.delete_index(name)",
    "scale_index": "pc.configure_index(name, replicas=N)",
    "configure_index": "pc.configure_index(name, ...)",
    "create_collection": "pc.create_collection(name=..., source=...)",
    "list_collections": "pc.list_collections()",
    "delete_collection": "pc.delete_collection(name)",
    "describe_collection": "pc.describe_collection(name)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    fn = str(facts.get("function") or "")
    name = str(facts.get("name") or "")
    if fn or sig == "removed-top-level-function":
        repl = _NEW.get(fn, "the same method on a Pinecone client instance")
        text = (f"pinecone.{fn or 'init'}() is SDK 2.x code; the installed SDK is 3.0 or newer, where it only raises. "
                "Either migrate the code or pin the old SDK.")
        fix = (f"Replace pinecone.{fn or 'init'}(...) with {repl}; indexes: index = pc.Index('name').",
               "Or, for unchanged legacy code: pip uninstall -y pinecone pinecone-client && pip install 'pinecone-client==2.2.4'.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"SDK 2.x call pinecone.{fn or 'init'} on SDK 3+"})
    if name or sig == "import-new-class-from-v2":
        text = (f"'{name or 'Pinecone'}' exists only in SDK 3.0+; the installed pinecone module is the 2.x client "
                "(or a local file named pinecone.py shadows it).")
        fix = ("pip uninstall -y pinecone-client && pip install -U pinecone",
               "Check python -c \"import pinecone; print(pinecone.__file__)\" points to site-packages.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"SDK 3+ import of {name or 'Pinecone'} on SDK 2.x"})
    if sig == "package-renamed":
        text = ("The deprecated 'pinecone-client' distribution is installed (alone or next to 'pinecone'); its final releases "
                "only raise this exception on import.")
        fix = ("pip uninstall -y pinecone-client pinecone && pip install -U pinecone",
               "Upgrade integrations that still depend on pinecone-client (e.g. langchain-pinecone) to releases that depend on pinecone.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "deprecated pinecone-client package installed"})
    return None
