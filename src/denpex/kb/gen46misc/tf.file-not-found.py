"""Computed diagnosis for tf.file-not-found: what the missing path says about its cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if "path" not in facts and not facts.get("_signature"):
        return None
    raw = facts.get("path")
    path = (str(raw) if raw is not None else "").strip()
    if facts.get("_signature") == "new-random-access-file" and " : " in path:
        path = path.split(" : ", 1)[0].strip()  # '<path> : <OS message>'
    if path.startswith("Failed to create a directory: "):
        d = path.split(": ", 1)[1]
        return Explanation(
            text=f"TensorFlow could not create the directory {d}: its parent does not exist or is not writable.",
            fix=(f"mkdir -p {d.rsplit('/', 1)[0] or d} (or tf.io.gfile.makedirs) and check the output flag.",),
            derived={"kind": "cannot-create-dir", "diagnosis": f"cannot create {d}", "path_shown": d})
    if not path:
        return Explanation(
            text=("The path is an empty string: the flag or config value that should hold it was never set. The usual cause is "
                  "a misspelled flag (e.g. --pipline_config_path or --pipeline_congif_path) that was ignored, leaving the real "
                  "flag at its empty default, or an empty --output_path / --train_dir."),
            fix=("Compare every --flag on the command line with the script's flag names and fix the spelling;",
                 "print the flag values before the failing call (absl: FLAGS.flags_into_string())."),
            derived={"kind": "empty-path", "diagnosis": "empty path (unset or misspelled flag)", "path_shown": "an empty path"})
    if path.startswith("="):
        return Explanation(
            text="The path is literally '=': a flag was written as '--flag = value' (spaces around '='), so the value became '='.",
            fix=("Write flags as --flag=value without spaces.",),
            derived={"kind": "flag-syntax", "diagnosis": "flag written with spaces around '='", "path_shown": repr(path)})
    if re.search(r"\.(?:tfrecords?|record)\b|tfrecord-\d{5}-of-\d{5}|-\d{5}-of-\d{5}", path):
        hint = " (a tensorflow_datasets shard: run the builder's download_and_prepare or check TFDS_DATA_DIR)" if "tensorflow_datasets" in path else ""
        return Explanation(
            text=f"The dataset file {path} does not exist{hint}: the TFRecords were not generated or are in another directory.",
            fix=("Generate / download the dataset first and point the input path at the real files (ls the directory).",),
            derived={"kind": "dataset-file", "diagnosis": "dataset file missing", "path_shown": path})
    if any(c in path for c in "*?["):
        return Explanation(
            text=f"The pattern {path} matched no file.",
            fix=("Check the directory and the glob (quote it in the shell so it reaches TensorFlow unexpanded).",),
            derived={"kind": "glob-no-match", "diagnosis": "glob matched nothing", "path_shown": path})
    if path.startswith("gs://"):
        return Explanation(
            text=f"The GCS object {path} does not exist or is not visible to this account.",
            fix=("gsutil ls the path with the same credentials the job uses.",),
            derived={"kind": "gcs", "diagnosis": "GCS path missing", "path_shown": path})
    return Explanation(
        text=f"{path} does not exist (relative paths are resolved from the current working directory).",
        fix=(f"ls -la {path}; use an absolute path or create it before the run.",),
        derived={"kind": "missing-path", "diagnosis": "path does not exist", "path_shown": path})
