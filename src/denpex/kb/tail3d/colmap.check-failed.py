"""Computed diagnosis for colmap.check-failed: map the source file to the COLMAP stage and its usual cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STAGES = (
    ("sift", "CPU/GPU SIFT feature extraction",
     "Lower --SiftExtraction.max_image_size (e.g. 3200) or downscale images; disable --SiftExtraction.estimate_affine_shape / domain_size_pooling; or use GPU SIFT."),
    ("camera", "camera model handling",
     "Make --ImageReader.camera_model and --ImageReader.camera_params agree (parameter count/order), or drop camera_params."),
    ("database", "the SQLite database",
     "Delete database.db (and sparse/) from the previous run and start again from feature extraction."),
    ("bitmap", "image decoding",
     "Convert the images to 8-bit JPEG/PNG and check none is truncated."),
    ("image_reader", "image reading",
     "Convert the images to 8-bit JPEG/PNG and check the image folder."),
    ("match", "feature matching",
     "Lower --SiftMatching.max_num_matches or use CPU matching (--SiftMatching.use_gpu 0)."),
    ("mapper", "incremental mapping",
     "Upgrade COLMAP; meanwhile try --Mapper.num_threads 1 or other images/initial pair."),
    ("bundle", "bundle adjustment",
     "Upgrade COLMAP; check for degenerate images (duplicates, no parallax)."),
    ("reconstruction", "reconstruction bookkeeping",
     "Upgrade COLMAP; rerun mapping from a fresh output folder."),
    ("undistort", "image undistortion",
     "Check the sparse model path and that images match the model."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = facts.get("source_file")
    if not src:
        return None
    src = str(src)
    check = str(facts.get("check") or "").strip()
    if "option_manager" in src or check.startswith(("ExistsDir(", "ExistsFile(", "ExistsPath(")):
        opt = check.split("(", 1)[-1].rstrip(")").lstrip("*") if "(" in check else "a path option"
        text = (f"COLMAP refused its command line ({src}:{facts.get('source_line', '?')}): the check '{check}' means the "
                f"path given for {opt} does not exist or is not the expected kind (folder vs file).")
        fix = (f"Check the --{opt} path exists; quote paths that contain spaces (an unquoted path is cut at the first space).",
               "Pass absolute paths when a wrapper script runs COLMAP from another working directory.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": " (command-line path check)"})
    if "num_cuda_devices" in check:
        text = (f"COLMAP was asked to run SIFT on the GPU ({src}:{facts.get('source_line', '?')}) but CUDA reports no "
                "device: a CPU-only COLMAP build, the NVIDIA driver or libcudart not visible, CUDA_VISIBLE_DEVICES empty, "
                "or a container started without GPUs.")
        fix = ("Run on CPU: --SiftExtraction.use_gpu 0 and --SiftMatching.use_gpu 0 (COLMAP 3.12+: --FeatureExtraction.use_gpu 0 / "
               "--FeatureMatching.use_gpu 0).",
               "Or use a CUDA-enabled COLMAP build and check nvidia-smi and CUDA_VISIBLE_DEVICES in the same shell or container.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": " (GPU SIFT requested, no CUDA device)"})
    for key, stage, hint in _STAGES:
        if key == "sift" and "match" in check.lower():
            continue  # sift.cc also holds the SIFT matcher: a *_matches check is feature matching
        if key in src or (key == "match" and "sift" in src and "match" in check.lower()):
            diagnosis = f" ({stage})"
            text = f"COLMAP's {stage} code ({src}:{facts.get('source_line', '?')}) failed its check '{check}' and aborted the process."
            return Explanation(text=text, fix=(hint,), derived={"diagnosis": diagnosis})
    text = f"COLMAP aborted on an internal check in {src}: '{check}'."
    return Explanation(text=text, fix=("Upgrade COLMAP and rerun the failing command alone to read its full log.",),
                       derived={"diagnosis": " (internal assertion)"})
