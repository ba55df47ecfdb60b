"""Computed diagnosis for deepchem.featurize-datapoint-failed: why the featurizer gave up on this input."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    index = str(facts.get("index") or "")
    if not index:
        return None
    exc = str(facts.get("exception") or "")
    rd = str(facts.get("rdkit_error") or "")
    dp = str(facts.get("datapoint") or "")
    low = exc.lower()
    where = f"datapoint {index}" if index != "%d" else "a datapoint (this DeepChem logs a literal %d: count the warnings)"
    if dp:
        where += f" ({dp[:80]}{'...' if len(dp) > 80 else ''})"
    if "gensim" in low or "keyedvector" in low:
        diagnosis = "Mol2Vec needs gensim 3.x"
        text = f"DeepChem could not featurize {where}: the Mol2Vec featurizer uses the Gensim 3 API and Gensim 4 is installed. Every input will fail."
        fix = ("pip install 'gensim<4' in this environment (or use another featurizer such as CircularFingerprint).",)
    elif rd or "valence" in low or "kekulize" in low or "sanitiz" in low:
        diagnosis = "molecule fails RDKit sanitization"
        text = f"DeepChem could not featurize {where}: RDKit rejected the molecule ({rd or exc})."
        fix = ("Drop or repair the molecules RDKit rejects: Chem.MolFromSmiles(s) is None for them; fix charges/valences or standardize.",
               "Remove the empty rows before training: keep = [i for i, x in enumerate(X) if x.size].")
    elif "nonetype" in low:
        diagnosis = "input parsed to None (invalid SMILES or file)"
        text = f"DeepChem could not featurize {where}: the input was parsed to None ({exc}), i.e. an invalid SMILES or unreadable structure file."
        fix = ("Filter inputs with Chem.MolFromSmiles(s) is not None before featurizing.",)
    elif "no module named" in low or "pip install" in low or "requires" in low:
        diagnosis = "featurizer dependency missing"
        text = f"DeepChem could not featurize {where}: an optional dependency of this featurizer is missing ({exc}). Every input will fail."
        fix = ("Install the package named in the exception message (e.g. pdbfixer/openmm for complex featurizers, mordred, pymatgen) in this environment.",)
    elif exc:
        diagnosis = "featurizer raised on this input"
        text = f"DeepChem could not featurize {where}: {exc}"
        fix = ("Check that the input type is what the featurizer expects (SMILES vs RDKit Mol vs Composition vs PDB path).",
               "Remove the empty rows before training: keep = [i for i, x in enumerate(X) if x.size].")
    else:
        diagnosis = "featurizer raised on this input"
        text = (f"DeepChem could not featurize {where} and appended an empty array. This DeepChem version does not print the "
                "exception: call featurizer._featurize(input) on that input to see it.")
        fix = ("featurizer._featurize(datapoints[i]) on one failing input shows the real exception.",
               "Remove the empty rows before training: keep = [i for i, x in enumerate(X) if x.size].")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
