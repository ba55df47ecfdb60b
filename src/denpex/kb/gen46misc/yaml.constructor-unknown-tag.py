"""Computed diagnosis for yaml.constructor-unknown-tag: what kind of tag it is, who wrote it, and the rewrite."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PY = "tag:yaml.org,2002:python/"
# application tags that ML / ops users meet, and the loader that owns them
_OWNERS = {
    "!include": "Home Assistant / ESPHome style configs (or a project that registers an !include constructor)",
    "!secret": "Home Assistant configs (secrets.yaml)",
    "!reference": "GitLab CI (.gitlab-ci.yml)",
    "!ref": "HyperPyYAML (SpeechBrain recipes: load with hyperpyyaml.load_hyperpyyaml)",
    "!new": "HyperPyYAML (SpeechBrain recipes: load with hyperpyyaml.load_hyperpyyaml)",
    "!name": "HyperPyYAML (SpeechBrain recipes: load with hyperpyyaml.load_hyperpyyaml)",
    "!apply": "HyperPyYAML (SpeechBrain recipes: load with hyperpyyaml.load_hyperpyyaml)",
    "!Ref": "AWS CloudFormation templates (use cfn-flip / cfn-lint's loader)",
    "!GetAtt": "AWS CloudFormation templates (use cfn-flip / cfn-lint's loader)",
    "!Sub": "AWS CloudFormation templates (use cfn-flip / cfn-lint's loader)",
    "!env": "a project-specific environment-variable tag",
}


def _where(facts: Mapping[str, Any]) -> str:
    f, line, col = facts.get("yaml_file"), facts.get("yaml_line"), facts.get("yaml_column")
    if f and line is not None:
        return f" ({f}, line {line}" + (f", column {col})" if col is not None else ")")
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tag = facts.get("tag")
    if not isinstance(tag, str) or not tag:
        return None
    tag = tag.strip().strip("'\"")
    where = _where(facts)
    if tag.startswith(_PY):
        rest = tag[len(_PY):]
        if rest == "tuple":
            kind, diag = "python-tuple", "a tuple written by yaml.dump"
            text = (f"The file{where} holds a !!python/tuple node: yaml.dump wrote a Python tuple (optimizer betas, image sizes, "
                    "ranges) and the file is read with safe_load / OmegaConf, which only builds plain YAML types.")
            fix = ("Replace '!!python/tuple' + items with a plain list in the file, e.g. betas: [0.9, 0.999].",
                   "In the writer, convert tuples to lists and use yaml.safe_dump.")
        elif rest in ("unicode", "str", "long"):
            kind, diag = "python2-scalar", f"a Python 2 dump (!!python/{rest})"
            text = (f"The file{where} was written by Python 2 code with yaml.dump: strings are tagged !!python/{rest}. "
                    "Python 3's safe loader has no constructor for that tag.")
            fix = (f"Delete the '!!python/{rest}' tags (the values are plain strings), or delete and regenerate the file with the current tool.",)
        elif rest.startswith("object/apply:numpy") or rest.startswith("object:numpy"):
            obj = rest.split(":", 1)[1] if ":" in rest else rest
            kind, diag = "numpy-object", f"a numpy value dumped as {obj}"
            text = (f"The file{where} holds a numpy value ({obj}): yaml.dump serialised a numpy scalar or array as a Python "
                    "object call, which safe_load (and FullLoader since PyYAML 5.1) refuses to construct.")
            fix = ("In the writer, convert with float(x) / int(x) / arr.tolist() before yaml.safe_dump.",
                   "For a file you wrote and trust: yaml.unsafe_load(open(path)).")
        elif rest.startswith(("object", "name", "module")):
            obj = rest.split(":", 1)[1] if ":" in rest else rest
            kind, diag = "python-object", f"a pickled Python object {obj}"
            text = (f"The file{where} asks the loader to build the Python object {obj}; only the unsafe loader does that, "
                    "and it must be able to import that class.")
            fix = (f"Store the plain fields of {obj} instead (safe_dump of a dict or the enum's value),",
                   "or, for a trusted file, load with yaml.unsafe_load / Loader=yaml.UnsafeLoader.")
        else:
            kind, diag = "python-tag", f"Python-specific tag python/{rest}"
            text = f"The file{where} uses the Python-specific tag python/{rest}, which the safe loader does not build."
            fix = ("Rewrite the value as plain YAML or write the file with yaml.safe_dump.",)
    else:
        base = tag.split(":", 1)[0] if tag.startswith("!") else tag
        owner = _OWNERS.get(base) or _OWNERS.get(base.rstrip(":"))
        kind = "custom-tag"
        diag = f"application tag {base}"
        if owner:
            text = (f"The tag {tag}{where} belongs to {owner}; plain PyYAML has no constructor for it.")
        else:
            text = (f"The tag {tag}{where} is a local/application tag: only the tool that defines it registers a constructor, "
                    "and this file is being read by a loader that does not.")
        fix = ("Load the file with the tool that owns the tag, or register one: yaml.SafeLoader.add_constructor('"
               + base + "', constructor_fn),",
               "or remove the tag if the value is meant to be plain data.")
    return Explanation(text=text, fix=fix, derived={"kind": kind, "diagnosis": diag})
