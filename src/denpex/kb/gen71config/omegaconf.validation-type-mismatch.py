"""Computed diagnosis for omegaconf.validation-type-mismatch: what kind of value the field rejected."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FLOATISH = re.compile(r"^[+-]?(?:\d+\.\d*|\d*\.\d+|\d+(?:\.\d*)?[eE][+-]?\d+)$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    value = facts.get("value")
    vtype = str(facts.get("value_type") or "")
    target = str(facts.get("target_type") or "")
    key = str(facts.get("full_key") or "")
    where = f" at {key}" if key else ""
    fix: list[str] = []
    if value is not None and target:
        value = str(value)
        what = f"'{value}'" + (f" ({vtype})" if vtype else "") + f" is not a valid {target}{where}"
        if target == "Integer" and _FLOATISH.match(value):
            text = (f"An int field{where} got the float-looking value '{value}'. OmegaConf converts only lossless "
                    "values into an IntegerNode, so 50.0 or 1e3 is refused.")
            fix.append(f"Write it as an integer ({value.split('.')[0] if '.' in value and 'e' not in value.lower() else 'an integer literal'}) in the YAML/override/stored config, or annotate the field as float.")
        elif vtype.startswith(("float", "int", "numpy")) and vtype not in ("float", "int"):
            text = f"A numpy scalar ({vtype}) was assigned to a typed {target} field{where}; older OmegaConf versions refuse numpy types."
            fix.append("Convert with float()/int() before assigning, or upgrade OmegaConf (2.1+ accepts more numeric types).")
        elif value == "None" and not key:
            text = (f"A dataclass instance with a wrongly typed field was passed to OmegaConf.create; the {target} field "
                    "could not take its value (OmegaConf 2.0 does not name the field here).")
            fix.append("Check the field types of the dataclass instance you pass (or use OmegaConf.merge(Schema, values) to see the key).")
        else:
            text = f"The value '{value}' cannot be converted to the field's type {target}{where}."
            article = "an" if target[:1] in "AEIOU" else "a"
            fix.append(f"Give {key or 'the field'} {article} {target.lower()} value, or change its annotation.")
    elif target:
        what = f"{vtype or 'a value'} is not a subclass of {target}{where}"
        text = f"A typed config field{where} expects {target} but got {vtype or 'another type'}."
        fix.append("Assign a config of the annotated class, or relax the annotation (Any / a common base class).")
    elif vtype:
        what = f"{vtype} given where a list is expected{where}"
        text = (f"A List/Tuple field{where or ' (name not shown; check dataclass defaults)'} was given a {vtype}; "
                "ListConfig needs a list or tuple.")
        fix.append("Give the field a list (default_factory=lambda: [...] in a dataclass, key=[a,b] in overrides) or fix its annotation.")
    else:
        return None
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
