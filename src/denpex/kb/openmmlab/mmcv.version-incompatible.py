"""Computed diagnosis for mmcv.version-incompatible: the installed version against the range the importing
OpenMMLab package accepts, which package asserted it, and the install command or the bound to edit."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NUM = re.compile(r"\d+")
# OpenMMLab 1.x codebases (mmcv-full 1.x) and the 2.0-generation release that needs mmcv 2.x / mmengine
_GEN2 = {
    "mmdet": "mmdet>=3.0.0", "mmseg": "mmsegmentation>=1.0.0", "mmpose": "mmpose>=1.0.0", "mmocr": "mmocr>=1.0.0",
    "mmdet3d": "mmdet3d>=1.1.0", "mmaction": "mmaction2>=1.0.0", "mmcls": "mmpretrain (mmcls 1.x was renamed)",
    "mmrotate": "mmrotate>=1.0.0rc0", "mmtrack": "mmtrack>=1.0.0rc0", "mmedit": "mmagic", "mmyolo": "mmyolo>=0.5.0",
}


def _key(v: str) -> tuple[int, ...]:
    """Version order of mmengine.utils.digit_version: 2.0.0rc4 < 2.0.0 < 2.0.1."""
    m = re.match(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.?(rc|a|b|dev|post)(\d*))?", v.strip())
    if not m:
        return ()
    major, minor, patch = (int(x) if x else 0 for x in m.group(1, 2, 3))
    tag, n = m.group(4), int(m.group(5) or 0)
    if tag in ("rc", "a", "b", "dev"):
        return (major, minor, patch, -1, n)
    return (major, minor, patch, 0, n if tag == "post" else 0)


def _bound(raw: str) -> str:
    """'2.0.0rc4' stays; list/tuple forms of old codebases ('[1, 1, 4]', '(1, 3, 13, 0, 0, 0)') become 1.1.4."""
    raw = raw.strip().rstrip(".")
    if raw[:1] in "[(":
        nums = _NUM.findall(raw)[:3]
        return ".".join(nums) if nums else raw
    return raw


def _parse_spec(spec: str) -> tuple[str | None, str | None, bool]:
    """'>=2.0.0rc4, <2.2.0.' -> ('2.0.0rc4', '2.2.0', False); '<=' gives inclusive=True; '==1.0.4' -> (1.0.4, 1.0.4, True)."""
    s = spec.strip()
    lo = hi = None
    inclusive = False
    m = re.match(r"==\s*([^\s,]+)", s)
    if m:
        v = _bound(m.group(1))
        return v, v, True
    m = re.search(r">=\s*(\[[^\]]*\]|\([^)]*\)|[^\s,<]+)", s)
    if m:
        lo = _bound(m.group(1))
    m = re.search(r"<(=?)\s*(\[[^\]]*\]|\([^)]*\)|[^\s,]+)", s)
    if m:
        inclusive = m.group(1) == "="
        hi = _bound(m.group(2))
    return lo, hi, inclusive


def _major(v: str) -> int | None:
    k = _key(v)
    return k[0] if k else None


def _transformer_cfg(facts: Mapping[str, Any]) -> Explanation:
    head = str(facts.get("head") or "Mask2Former/MaskFormer head")
    key = str(facts.get("missing_key") or "")
    codebase = str(facts.get("asserter") or "mmseg")
    old_style = key in ("transformerlayers", "attn_cfgs")
    if old_style:
        what = f"{head}: installed mmdet/mmcv build the old transformer decoder"
        text = (f"{codebase}'s {head} builds its transformer decoder from the installed mmdet, and that mmdet's decoder reads the "
                f"old mmcv-style key '{key}', which the config (written for the refactored mmdet 3.x layers: layer_cfg, "
                "self_attn_cfg, cross_attn_cfg) does not have. The config is fine; mmdet is older than the one the codebase "
                "was released with (mmseg 1.0.0rc5+ needs mmdet >= 3.0.0rc6).")
        install = "pip install -U 'mmdet>=3.0.0' (with mmcv>=2.0.0 and mmengine from the same generation), via mim install mmdet"
    else:
        what = f"{head}: config and installed mmdet are from different generations"
        text = (f"{codebase}'s {head} reads the key '{key}' from its transformer decoder config, and the config does not have it: "
                "the config and the installed mmdet/mmcv come from different OpenMMLab generations (mmcv 1.x style "
                "transformerlayers / attn_cfgs versus mmdet 3.x layer_cfg / self_attn_cfg).")
        install = "use the config shipped with the installed codebase version, or install the mmdet/mmcv versions its docs list"
    fix = (f"Install matching versions: {install}.",
           "Check the set: python -c \"import mmcv, mmengine, mmdet, mmseg; print(mmcv.__version__, mmengine.__version__, mmdet.__version__, mmseg.__version__)\" and compare with the codebase's get_started table.")
    return Explanation(text=text, fix=fix, derived={"what": what, "install": install})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") in ("mask2former-transformer-cfg", "transformer-cfg-in-frames"):
        return _transformer_cfg(facts)
    have_pkg = str(facts.get("have_pkg") or "MMCV")
    installed = str(facts.get("installed") or "")
    package = str(facts.get("package") or have_pkg.lower())
    asserter = str(facts.get("asserter") or "").lower() or None  # 'MMOCR' in the 2.0-generation f-string
    lo, hi, inclusive = _parse_spec(str(facts.get("spec") or ""))
    by = f"{asserter}" if asserter else "the importing OpenMMLab package"
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    rng = ", ".join(x for x in ((f">={lo}" if lo else ""), (f"{'<=' if inclusive else '<'}{hi}" if hi and hi != lo else "")) if x)
    if lo and hi == lo:
        rng = f"=={lo}"
    derived["allowed"] = rng or "(range not printed)"
    derived["asserted_by"] = by
    ik = _key(installed)
    where = "unknown"
    if ik and hi and (_key(hi) < ik or (not inclusive and _key(hi) == ik)) and hi != lo:
        where = "above"
    elif ik and lo and ik < _key(lo):
        where = "below"
    elif ik and lo and hi and hi == lo and ik != _key(lo):
        where = "above" if ik > _key(lo) else "below"
    elif ik and lo and not hi and package == "mmcv" and _key(lo) <= ik:
        where = "hidden-max"
    hn, inn = _NUM.findall(hi or ""), _NUM.findall(installed)
    if hi and inclusive and hi != lo and 0 < len(hn) < len(inn) and inn[:len(hn)] == hn:
        where = "short-bound"
    derived["what"] = {
        "above": f"{have_pkg} {installed} is newer than {by} accepts ({rng})",
        "below": f"{have_pkg} {installed} is older than {by} accepts ({rng})",
        "hidden-max": f"{have_pkg} {installed} is above the unprinted upper bound of {by}",
        "short-bound": f"{have_pkg} {installed} fails the buggy bound <={hi} of {by}",
    }.get(where, f"{have_pkg} {installed} is outside the range of {by} ({rng or '?'})")
    inst_pkg = package
    if package == "mmcv" and any(b and _major(b) == 1 for b in (lo, hi)):
        inst_pkg = "mmcv-full"  # the 1.x line: the ops (and what OpenMMLab 1.x codebases check) come with mmcv-full
    pip_spec = f"{inst_pkg}{rng.replace(', ', ',')}" if rng else inst_pkg
    mim = f'mim install "{pip_spec}"'
    find_init = (f"{asserter}/__init__.py (path: python -c \"import importlib.util; print(importlib.util.find_spec('{asserter}').origin)\")"
                 if asserter else "the __init__.py named in the traceback")

    if package in ("mmcv", "mmcv-full"):
        imaj, lmaj = _major(installed), _major(lo) if lo else None
        if imaj == 1 and lmaj is not None and lmaj >= 2:
            parts.append(f"{by} belongs to the OpenMMLab 2.0 generation (mmengine-based) and needs mmcv 2.x, but mmcv {installed} (the 1.x line, often installed as mmcv-full) is what imports.")
            fix.append(f"pip uninstall -y mmcv-full mmcv && pip install -U openmim && {mim} (mim picks the wheel built for your torch/CUDA).")
            fix.append("Or, when the project is written for OpenMMLab 1.x (mmcv-full, mmdet 2.x), install the 1.x versions of the downstream package it pins instead.")
        elif imaj is not None and imaj >= 2 and hi and _major(hi) == 1:
            gen2 = _GEN2.get(str(asserter or ""), "")
            parts.append(f"{by} is an OpenMMLab 1.x release (mmcv-full {rng}) but mmcv {installed} (2.x: ops in 'mmcv', training code moved to mmengine) is installed.")
            full = "mmcv-full" + rng.replace(", ", ",")
            fix.append(f'For this 1.x codebase: pip uninstall -y mmcv && mim install "{full}" (prebuilt mmcv-full wheels exist up to torch 1.13/2.0: '
                       f'pip install "{full}" -f https://download.openmmlab.com/mmcv/dist/cu<CUDA, e.g. 117>/torch<torch, e.g. 1.13.0>/index.html).')
            if gen2:
                fix.append(f"Or move the project to the 2.0 generation ({gen2}), which works with mmcv {installed} - needs config changes.")
        elif where == "above" and hi and _key(hi) == _key("2.2.0") and not inclusive:
            parts.append(f"{by} caps mmcv below 2.2.0 (mmdet 3.3.0 and mmseg 1.2.2 are the last releases and were never bumped; mmocr, mmdet3d and mmyolo import them), but mmcv 2.2.0 is the only prebuilt mmcv for torch 2.2-2.4, so following the install guide on a new torch lands here.")
            fix.append(f"Either keep torch 2.1.x and install mmcv 2.1.0: {mim} (prebuilt for torch 2.1 / cu118, cu121: https://download.openmmlab.com/mmcv/dist/cu121/torch2.1/index.html).")
            fix.append(f"Or keep mmcv {installed} and raise the bound: set mmcv_maximum_version = '2.3.0' in {find_init} (common, works for most models; untested by upstream).")
        elif where == "short-bound":
            parts.append(f"The bound is written '{hi}' and compared as a digit list: {installed} becomes {[int(x) for x in inn]} which is larger than {[int(x) for x in hn]}, so the very version the message allows is refused (a bug of that release's check).")
            below = f">={lo},<{hi}.0" if lo else f"<{hi}.0"
            fix.append(f'Install an mmcv release strictly below it: mim install "mmcv-full{below}" (1.x; "mmcv{below}" for the old lite package), or write the bound as \'{hi}.0\' in {find_init}.')
        elif where == "hidden-max":
            parts.append(f"The message prints only the lower bound, but {by} also has an upper bound (mmseg 1.x: MMCV_MAX = '2.2.0') that mmcv {installed} exceeds.")
            fix.append('mim install "mmcv>=2.0.0rc4,<2.2.0" with torch 2.1.x, or raise MMCV_MAX in the asserting package\'s __init__.py.')
        elif where == "above":
            parts.append(f"mmcv {installed} is newer than {by} supports ({rng}); usually pip/mim picked the latest mmcv.")
            fix.append(f"pip uninstall -y mmcv mmcv-full && {mim}")
            fix.append(f"Or upgrade {asserter or 'the asserting package'} to a release that supports mmcv {installed}.")
        elif where == "below":
            parts.append(f"mmcv {installed} is older than {by} needs ({rng}).")
            fix.append(f"{mim} (or upgrade with pip install -U after removing the old mmcv/mmcv-full).")
        else:
            fix.append(f"{mim}")
        fix.append("Check that only one of mmcv / mmcv-full / mmcv-lite is installed (pip list | grep -i mmcv): two of them overwrite each other's files.")
    else:
        name = {"mmengine": "mmengine", "mmdet": "mmdet", "mmseg": "mmsegmentation", "mmcls": "mmcls", "mmdet3d": "mmdet3d"}.get(package, package)
        if where == "above":
            parts.append(f"{name} {installed} is newer than {by} accepts ({rng}).")
        elif where == "below":
            parts.append(f"{name} {installed} is older than {by} needs ({rng}).")
        fix.append(f"{mim.replace(package, name, 1) if name != package else mim}")
        if asserter:
            fix.append(f"Or upgrade {asserter} to a release whose range includes {name} {installed}; as a last resort edit the {package}_maximum_version/_minimum_version bound in {find_init}.")
    derived["install"] = fix[0] if fix else mim
    text = " ".join(parts) or f"{have_pkg}=={installed} is outside the range {by} asserts at import ({rng or '?'})."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
