"""Computed diagnosis for gensim.load-non-native-format: what the first byte says the file really is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_W2V_BIN = "KeyedVectors.load_word2vec_format(path, binary=True)  # .bin; binary=False for .txt/.vec"


def _by_key(key: str) -> tuple[str, str, tuple[str, ...]]:
    """(kind, text, fix) for the first byte pickle rejected."""
    if key[:1].isdigit():
        return ("word2vec C format",
                f"The file starts with '{key}', the first digit of the '<vocab size> <dimensions>' header the original "
                "word2vec tool writes (binary and text variants alike): it is not a gensim .save() pickle.",
                ("from gensim.models import KeyedVectors; kv = " + _W2V_BIN,
                 "Vectors loaded this way cannot be trained further; ask for the full gensim model if you need that."))
    if key in ("\\xba", "\\xBA"):
        return ("fastText binary",
                "The first byte 0xBA is the start of fastText's binary magic number: a fastText .bin model.",
                ("from gensim.models.fasttext import load_facebook_vectors; kv = load_facebook_vectors(path)",
                 "Or load_facebook_model(path) to continue training."))
    if key == "<":
        return ("HTML page",
                "The file starts with '<': it is an HTML page (a Google Drive confirmation or a GitHub blob page) saved "
                "under the model's name, not the model.",
                ("Download the raw file again (direct/raw link, gdown for Drive) and check it with head -c 64 <file>.",))
    if key == "v":
        return ("Git LFS pointer",
                "The file starts with 'v': most likely a Git LFS pointer ('version https://git-lfs...'), the model was "
                "never downloaded.",
                ("git lfs install && git lfs pull  (in the cloned repository), then load again.",))
    if key == "P":
        return ("zip archive",
                "The file starts with 'P' ('PK'): a zip archive, to be extracted before loading.",
                ("unzip <file> and load the extracted model (or its .bin with " + _W2V_BIN + ").",))
    if key in ("\\x1f",):
        return ("gzip file",
                "The file is gzip-compressed (0x1f): gensim only decompresses by file suffix.",
                ("Name it *.gz, or for a word2vec .bin.gz use " + _W2V_BIN + " (it reads .gz directly).",))
    if key in ("\\x93",):
        return ("numpy array file",
                "The file starts with 0x93 ('\\x93NUMPY'): a .npy side file that gensim's save() writes next to the "
                "model, not the model itself.",
                ("Load the main file (without the .npy suffix) and keep the .npy files beside it.",))
    if len(key) == 1 and key.isalpha():
        return ("text vectors",
                f"The file starts with the letter '{key}': a text embedding file (GloVe without a header, or word "
                "vectors as text), not a gensim .save() pickle.",
                ("KeyedVectors.load_word2vec_format(path, binary=False, no_header=True)  # gensim 4.0+; gensim 3.x: convert with glove2word2vec first",))
    return ("not a gensim pickle",
            f"The first byte '{key}' is not a pickle opcode: the file was not written by gensim's .save() (another "
            "tool's format, a different binary, or a damaged download).",
            ("Check the format with head -c 64 <file> | xxd; for word2vec/fastText files use " + _W2V_BIN
             + " or gensim.models.fasttext.load_facebook_vectors.",))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("load_key") or "")
    reason = str(facts.get("reason") or "")
    if key:
        kind, text, fix = _by_key(key)
        return Explanation(text=text, fix=fix, derived={"load_key_text": f"first byte '{key}': {kind}", "kind": kind})
    if reason.startswith("A load persistent id"):
        return Explanation(
            text="pickle met a persistent-id opcode: the file is a zip container (a .zip archive or a PyTorch zip "
                 "checkpoint), not a gensim .save() file.",
            fix=("Extract the archive and load the model inside; a PyTorch checkpoint needs torch.load, not gensim.",),
            derived={"load_key_text": "zip container", "kind": "zip container"})
    if reason:
        return Explanation(
            text=f"pickle stopped with '{reason}': the file is text or truncated, not a gensim .save() pickle.",
            fix=("For text vectors: KeyedVectors.load_word2vec_format(path, binary=False) (no_header=True for GloVe).",
                 "If it should be a gensim model, the copy is truncated: download/copy it again with its .npy side files."),
            derived={"load_key_text": reason, "kind": "text or truncated"})
    return None
