"""Computed diagnosis for monai.no-suitable-reader: missing library vs bad path vs broken file, per extension."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXT = (
    ((".nii.gz", ".nii", ".img", ".hdr", ".mgz"), "NibabelReader", "nibabel"),
    ((".dcm", ".dicom"), "PydicomReader / ITKReader", "pydicom (or itk)"),
    ((".mha", ".mhd", ".nrrd", ".seq.nrrd"), "ITKReader", "itk"),
    ((".png", ".jpg", ".jpeg", ".bmp"), "PILReader", "pillow"),
    ((".svs", ".tif", ".tiff", ".ndpi"), "WSIReader", "cucim or tifffile (openslide for some formats)"),
    ((".npy", ".npz"), "NumpyReader", "numpy"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("filename") or "").strip().strip("'\"")
    if not fn:
        return None
    low = fn.lower()
    reader, lib = "ITKReader", "itk"
    for exts, r, pkg in _EXT:
        if low.endswith(exts):
            reader, lib = r, pkg
            break
    err = str(facts.get("reader_error") or "")
    registered = str(facts.get("registered") or "")
    if "No such file" in err:
        cause = "path"
        text = f"{fn} does not exist (or is not readable) on this machine: the datalist path or data_dir is wrong, or the dataset is not downloaded/extracted."
        fix = (f"ls -l {fn}; fix data_dir / the datalist JSON so the path points at the extracted files.",)
    elif err and ("gzip" in err or "Empty file" in err or "Cannot work out" in err or "DICOM File Meta" in err):
        cause = "file"
        text = f"The reader library is present but {fn} is not a valid file of its type ({err})."
        fix = (f"Re-download or re-extract {fn}; check it with `file {fn}` (a .nii.gz must be gzip data).",
               "If the content is fine but the extension is wrong, rename it (e.g. drop .gz from a plain NIfTI).")
    elif "No module named" in err or (registered and lib.split()[0] not in registered.lower()):
        cause = "library"
        text = f"No installed reader handles {fn}: {reader} needs {lib}, which this environment does not have."
        fix = (f"pip install 'monai[{lib.split()[0]}]' (or pip install 'monai[all]') in the environment that runs the job.",)
    else:
        cause = "unknown"
        text = (f"No registered reader could open {fn} ({reader} normally reads it, library: {lib}). "
                "The reader errors printed under the message tell whether the library, the path or the file is the problem.")
        fix = (f"Check the file exists and loads: python -c \"from monai.transforms import LoadImage; LoadImage(reader='{reader.split()[0]}')('{fn}')\"",
               f"Install the reader library: pip install 'monai[{lib.split()[0]}]'.")
    return Explanation(text=text, fix=fix, derived={"cause": cause, "expected_reader": reader})
