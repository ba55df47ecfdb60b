"""Computed diagnosis for pydicom.missing-data-element: what the missing keyword says about the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RENAMED = {
    "PatientsName": "PatientName", "PatientsAge": "PatientAge", "PatientsSex": "PatientSex",
    "PatientsBirthDate": "PatientBirthDate", "PatientsWeight": "PatientWeight", "PatientsSize": "PatientSize",
    "ReferringPhysiciansName": "ReferringPhysicianName", "PerformingPhysiciansName": "PerformingPhysicianName",
    "OperatorsName": "OperatorsName",
}
_GEOMETRY = {"ImagePositionPatient", "ImageOrientationPatient", "SliceLocation", "PixelSpacing", "SliceThickness",
             "SpacingBetweenSlices", "Rows", "Columns"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kw = facts.get("keyword")
    if not isinstance(kw, str) or not kw:
        return None
    kw = kw.replace(" ", "")
    if kw in ("PixelData", "FloatPixelData", "DoubleFloatPixelData"):
        diagnosis = "file has no pixel data"
        text = ("The file holds no image: a DICOMDIR, structured report, RT structure set, presentation state or key-object "
                "note, or a header read with stop_before_pixels=True.")
        fix = ("Skip it: if 'PixelData' not in ds: continue (check ds.get('Modality') / ds.get('SOPClassUID') to see what it is).",)
    elif kw == "TransferSyntaxUID":
        diagnosis = "file meta header missing"
        text = ("The file has no File Meta Information (read with force=True), so pydicom does not know the transfer syntax "
                "needed to decode the pixels.")
        fix = ("ds.file_meta = pydicom.dataset.FileMetaDataset(); ds.file_meta.TransferSyntaxUID = pydicom.uid.ImplicitVRLittleEndian  (use the syntax the sender used)",)
    elif kw in _RENAMED and _RENAMED[kw] != kw:
        diagnosis = f"pre-1.0 keyword {kw}"
        text = f"'{kw}' is the old pydicom (< 1.0) spelling; the DICOM keyword is '{_RENAMED[kw]}'."
        fix = (f"Use ds.{_RENAMED[kw]} (or pin pydicom<1.0 for that old code).",)
    elif kw in _GEOMETRY:
        diagnosis = f"geometry tag {kw} absent"
        text = (f"This file has no {kw}: typically a localizer/scout, secondary capture or derived image mixed into the series, "
                "or an enhanced multi-frame file that keeps geometry in functional group sequences.")
        fix = (f"Filter files with '{kw}' in ds before sorting/stacking, or read it from ds.PerFrameFunctionalGroupsSequence for enhanced objects.",)
    else:
        diagnosis = f"optional element {kw} absent"
        text = f"The file does not contain the element {kw}; many DICOM elements are optional and vendors omit them."
        fix = (f"Use ds.get('{kw}') with a default, or check '{kw}' in ds first.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
