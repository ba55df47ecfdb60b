"""Computed diagnosis for vectordb.embedding-dimension-mismatch: which embedding models the two sizes point to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TYPICAL = {
    3: "a hand-written toy vector",
    384: "all-MiniLM-L6-v2 / bge-small / e5-small (Chroma's default embedding function)",
    512: "jina-embeddings-v2-small / CLIP ViT-B",
    768: "nomic-embed-text / bge-base / all-mpnet-base-v2 / Gemini text-embedding-004",
    1024: "bge-large / bge-m3 / mxbai-embed-large / e5-large / Cohere embed-v3",
    1536: "OpenAI text-embedding-ada-002 / text-embedding-3-small",
    3072: "OpenAI text-embedding-3-large / gemini-embedding-001",
    4096: "a 7B-class LLM embedding (e.g. Qwen3-Embedding-8B, SFR/e5-mistral)",
}


def _name(d: int) -> str:
    return _TYPICAL.get(d, "an embedding model of that size")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "hnswlib-wrong-dimensionality" and facts.get("expected_dim") is None:
        return Explanation(
            text=("hnswlib refused the vectors: their length differs from the dim the index was created with "
                  "(hnswlib.Index(space, dim) or the saved index that was loaded). hnswlib does not print either size."),
            fix=("print(index.dim, vectors.shape)  # vectors.shape[1] must equal index.dim",
                 "Create the index with dim=vectors.shape[1] from the embedding model you use now, or embed the data with the model that built the saved index.",
                 "For a single query vector pass a 2-D array: vectors.reshape(1, -1)."),
            derived={"where": " (hnswlib index)"})
    try:
        exp = int(facts.get("expected_dim"))
        got = int(facts.get("got_dim"))
    except (TypeError, ValueError):
        return None
    sig = str(facts.get("_signature") or "")
    store = ("Pinecone index" if sig.startswith("pinecone") else "Qdrant collection" if sig.startswith("qdrant")
             else "hnswlib index" if sig.startswith("hnswlib")
             else "pgvector column" if sig.startswith("pgvector")
             else "Elasticsearch dense_vector field" if sig.startswith("elasticsearch")
             else "vector index (txtai / FAISS wrapper)" if sig == "query-vector-vs-index-dimension"
             else "Chroma collection")
    text = (f"The {store} holds {exp}-d vectors (typical of {_name(exp)}), but the vectors sent now are {got}-d "
            f"(typical of {_name(got)}): indexing and querying are not using the same embedding model.")
    fix = [f"Either go back to the model that produced {exp}-d vectors, or recreate the collection with size {got} and re-embed all documents."]
    if exp in (1, 3) or got in (1, 3):
        fix.insert(0, "One side used hand-written or placeholder vectors: let the embedding model produce both the stored and the query vectors.")
    if store == "Chroma collection" and 384 in (exp, got):
        fix.insert(0, "384 is Chroma's default embedding function: pass your embedding model explicitly (embedding_function=...) when creating and when opening the collection.")
    if store == "pgvector column":
        fix.insert(0, f"The table's column is vector({exp}): ALTER TABLE ... ALTER COLUMN embedding TYPE vector({got}) after deleting the old rows, "
                      f"or create the store with the model's size (LangChain PGVector embedding_length={got}, LlamaIndex PGVectorStore embed_dim={got}, "
                      f"TimescaleVectorStore num_dimensions={got}).")
        if exp == 1536:
            fix.insert(0, "1536 is the default of several PGVector wrappers (OpenAI ada-002 size): the table was created with that default, not with your model's size.")
    return Explanation(text=text, fix=tuple(fix), derived={"where": f" ({store}: {exp} stored vs {got} sent)"})
