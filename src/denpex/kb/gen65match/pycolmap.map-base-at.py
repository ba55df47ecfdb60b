"""Computed diagnosis for pycolmap.map-base-at: which inputs to compare, read from the failing call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BY_CALL = (
    ("triangulate_points", "reference model vs database/feature ids in triangulate_points",
     "Compare the reference model's image names and camera ids with the images in the database/feature file; "
     "delete database.db and rebuild it; with pycolmap 3.10/3.11 pin the version your hloc release expects."),
    ("Reconstruction", "a model file references an undefined id",
     "Check the model files: every image's camera_id must be in cameras.txt and every points3D track must name existing images and 2D points."),
    ("align_points", "the two reconstructions registered different images",
     "Align only reconstructions over the same registered images, or drop images registered in one model only."),
    ("incremental_mapping", "the database references an id the mapper could not resolve",
     "Rebuild the database from scratch (features, matches, geometric verification) instead of reusing one from another run."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "")
    for key, diagnosis, fix in _BY_CALL:
        if key in call:
            text = (f"{call}() asked a COLMAP id map for a key that is not there (libstdc++ '_Map_base::at'); "
                    f"most likely {diagnosis}.")
            return Explanation(text=text, fix=(fix,), derived={"diagnosis": f"{diagnosis}"})
    where = f" in {call}()" if call else ""
    return Explanation(
        text=(f"COLMAP threw std::out_of_range from unordered_map::at(){where}: an image, camera or point id "
              "referenced by one input is missing from another."),
        fix=("Compare the ids/names of the inputs of the failing call (reference model, database, second model) and make them agree.",),
        derived={"diagnosis": f"id missing{where}" if call else "an image, camera or point id is missing"},
    )
