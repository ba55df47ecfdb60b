"""Computed diagnosis for sentencepiece.trainer-check-failed: read the failed CHECK condition."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substring of the condition, diagnosis, text, fix lines)
_RULES: tuple[tuple[tuple[str, ...], str, str, tuple[str, ...]], ...] = (
    (("model_prefix",), "model_prefix flag empty",
     "The --model_prefix flag reached the trainer empty: it was not given, or the command line was not parsed "
     "as intended (a typographic dash instead of '--', a space after '=', a broken line continuation).",
     ("Retype the flag as --model_prefix=<dir>/<name> with ASCII dashes and no spaces, or call "
      "SentencePieceTrainer.train(input=..., model_prefix=..., vocab_size=...) from Python.",)),
    (("FLAGS_input", "input().empty", "input_size"), "input flag empty",
     "No input file reached the trainer: --input is empty or was not parsed.",
     ("Pass --input=<file>[,<file>...] (one sentence per line) as its own argument.",)),
    (("piece().empty",), "empty user-defined / control symbol",
     "A meta piece is the empty string: user_defined_symbols or control_symbols holds an empty entry "
     "(a trailing or doubled comma, '' in a Python list, an empty line in a symbols file).",
     ("Filter the list: symbols = [s for s in symbols if s] and join with ',' without a trailing comma.",)),
    (("WriteLine", "output->", "OutputBuffer", "status().ok", "Write("), "cannot write the output files",
     "Training finished but <model_prefix>.model/.vocab could not be written: the directory in model_prefix "
     "does not exist or is not writable, or the disk is full.",
     ("os.makedirs(os.path.dirname(model_prefix), exist_ok=True) before training; check permissions and free space (df -h).",)),
    (("unk_id", "bos_id", "eos_id", "pad_id", "ContainsKey", "meta_pieces"), "conflicting special-token ids",
     "Two special tokens were given the same id, or unk is disabled: every id among unk/bos/eos/pad (and the "
     "user-defined symbols) must be distinct, and unk_id must be >= 0.",
     ("Give each special token its own id (e.g. unk_id=0 bos_id=1 eos_id=2 pad_id=3) or disable one with -1 (not unk).",)),
    (("normaliz", "rule"), "invalid normalization rule",
     "The normalization rule (normalization_rule_name or a normalization_rule_tsv file) is invalid or missing.",
     ("Use a built-in rule name (nmt_nfkc, nfkc, identity) or fix the TSV path and format.",)),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cond = facts.get("cond")
    if not isinstance(cond, str) or not cond:
        return None
    where = f"{facts.get('file', 'sentencepiece')}.cc({facts.get('line', '?')})"
    for needles, diagnosis, text, fix in _RULES:
        if any(n in cond for n in needles):
            return Explanation(text=f"{where} [{cond}]: {text}", fix=fix, derived={"diagnosis": diagnosis})
    return Explanation(
        text=(f"{where} [{cond}]: the trainer's own check failed; the bracketed condition is the argument or state "
              "that was invalid. Compare it with the flags you passed."),
        fix=("Print the exact trainer arguments, fix the one the condition names, and rerun with a small --input to reproduce quickly.",),
        derived={"diagnosis": "internal check failed"},
    )
