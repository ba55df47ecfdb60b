"""Computed diagnosis for nnunet.dataset-files-mismatch: name the naming problem from the counts / case id."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SUFFIX = re.compile(r"_\d{3,4}$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    case = facts.get("case")
    exp, found = facts.get("expected_cases"), facts.get("found_cases")
    if isinstance(exp, int) and isinstance(found, int):
        if found == 0:
            diagnosis = "no image matches the naming scheme"
            text = (f"dataset.json expects {exp} training cases but nnU-Net derived 0 case names from imagesTr: no file "
                    "ends with _XXXX plus file_ending (missing _0000 suffix, wrong file_ending, or another raw folder).")
            fix = ("Rename images to CASE_0000<file_ending> and check file_ending and $nnUNet_raw.",)
        elif found < exp:
            diagnosis = f"{exp - found} case(s) fewer than numTraining"
            text = (f"nnU-Net found {found} case(s) where numTraining says {exp}. Either numTraining is wrong or file names "
                    "collapse to fewer case names (suffix/prefix scheme not followed, copies missing).")
            fix = (f"Set numTraining to {found} if that many cases exist, else rename files to CASE_0000<file_ending>.",)
        elif found > exp:
            diagnosis = f"{found - exp} case(s) more than numTraining"
            text = f"nnU-Net found {found} cases but numTraining says {exp}."
            fix = (f"Set numTraining to {found} in dataset.json (or remove the extra files).",)
        else:
            return None
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if isinstance(case, str) and case:
        if _SUFFIX.search(case):
            diagnosis = "case name carries a channel suffix"
            text = (f"The case name '{case}' still ends with a channel suffix: dataset.json lists the image file name "
                    "instead of the case name, so nnU-Net looks for a label and images with a doubled suffix.")
            fix = (f"List the case as '{_SUFFIX.sub('', case)}' in dataset.json (./imagesTr/{_SUFFIX.sub('', case)}.nii.gz) and keep _0000 only on image files.",)
        else:
            what = "label" if sig == "v1-label-missing" else "image"
            diagnosis = f"{what} file missing for case {case}"
            text = f"No {what} file was found for case '{case}' under the expected name."
            fix = (f"Check the {what} file name for {case} (labels: CASE.nii.gz, images: CASE_0000.nii.gz) and the folder nnUNet_raw_data_base points to.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if sig == "v2-reader-no-images":
        diagnosis = "case without image files"
        text = ("nnU-Net grouped the files into cases but the first case has no image file: images lack the _XXXX channel "
                "suffix + file_ending pattern, or dataset.json file_ending does not match the files.")
        fix = ("Rename images to CASE_0000<file_ending> and make file_ending in dataset.json equal to the real extension.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if facts.get("missing"):
        diagnosis = "label files missing for some cases"
        text = (f"These cases have no label file in labelsTr: {facts['missing']}. If the files exist, the images "
                "probably lack the _0000 suffix, so the case names differ.")
        fix = ("Images: CASE_0000<file_ending>; labels: CASE<file_ending>.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    return None
