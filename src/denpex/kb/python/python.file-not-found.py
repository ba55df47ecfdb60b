"""Computed diagnosis for python.file-not-found: what kind of path (checkpoint, dataset, config, folder),
whether it is relative (working directory), empty, a placeholder, Windows-specific, or a program run by subprocess."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_CKPT = (".pth", ".pt", ".ckpt", ".safetensors", ".bin", ".h5", ".hdf5", ".pkl.gz", ".pth.tar", ".onnx", ".engine", ".npz", ".model", ".weights", ".gguf")
_DATA = (".json", ".jsonl", ".csv", ".tsv", ".txt", ".parquet", ".pkl", ".pickle", ".npy", ".arrow", ".tfrecord", ".lmdb", ".mat", ".xml", ".h5ad")
_MEDIA = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp", ".wav", ".mp3", ".flac", ".mp4", ".avi", ".mkv")
_CONF = (".yaml", ".yml", ".cfg", ".ini", ".toml", ".conf")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = str(facts.get("exc") or "FileNotFoundError")
    winerror = facts.get("winerror")
    reason = str(facts.get("reason") or "")
    path = str(facts.get("path") if facts.get("path") is not None else "")
    has_path = facts.get("path") is not None
    code = str(facts.get("code") or "").strip()
    ffile, _, ffunc, pkg, base, where = raising_frame(facts)
    p = path.replace("\\\\", "\\")
    low = p.lower()
    parts: list[str] = []
    fix: list[str] = []
    if exc == "IsADirectoryError":
        headline = f"'{p}' is a folder, a file was expected"
    elif exc == "NotADirectoryError":
        headline = f"a component of '{p}' is a file, a folder was expected"
    else:
        headline = f"{exc}: '{p}' not found" if has_path else f"{exc}: {reason}"
    if where:
        headline += f" ({where})"
    bare_at = str(where or facts.get("user_frame") or facts.get("raised_in") or "")
    if not has_path and not reason and not winerror and bare_at and exc == "FileNotFoundError":
        # a bare `raise FileNotFoundError` (no path, no errno): the raising function tells what was looked for
        headline = f"FileNotFoundError raised without a path at {bare_at}"
        parts.append(f"The code at {bare_at} raised FileNotFoundError without naming the file: it checked a path itself "
                     "(os.path.isfile / exists) and found nothing.")
        if re.search(r"load|ckpt|checkpoint|param|weight|resume|restore", bare_at, re.I):
            headline += ": the checkpoint path does not exist"
            parts.append("The function loads parameters: the checkpoint given on the command line (--ckpt / --pretrained_model / "
                         "--resume) or in the config does not exist at that path (not downloaded, relative to another directory, misspelled).")
            fix.append("Download the pretrained model and pass its full path (ls <path> must list the file), e.g. --ckpt /abs/path/model.pth.")
        else:
            fix.append("Open the raising line and print the path it checks; create or pass the missing file.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    # a program started by subprocess (Windows CreateProcess / posix exec)
    if (winerror == 2 and (base == "subprocess.py" or ffunc in ("_execute_child", "__init__") and "subprocess" in ffile)) or ffunc == "_execute_child":
        headline = f"{exc}: the program to run was not found" + (f" ({where})" if where else "")
        parts.append("The error comes from subprocess starting a program: the executable (the first item of the command) is not installed or not on PATH in this environment - on Windows the message carries no name, read the command in the frames above (ninja, git, ffmpeg, nvcc, cl).")
        fix.append("Install the program or add its folder to PATH in the environment that runs the job (where <program> / which <program> must find it), or pass its full path.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    kind = ""
    if has_path and p == "":
        headline = "an empty path '' was opened: a path option is unset" + (f" ({where})" if where else "")
        parts.append("The path is an empty string: a config value, command-line argument or environment variable that should hold a path is unset (left at its '' default).")
        fix.append("Find the option that feeds this call (the line below) and set it: the README's --data_path/--ckpt/--config argument or the config field.")
    else:
        if exc == "IsADirectoryError":
            kind = "folder"
            parts.append(f"'{p}' exists but is a directory, and the code opens it as a file" + (" (torch.load / open)" if "load" in code or "open" in code else "") + ": a checkpoint/data folder was passed where the file inside it is expected, or a downloaded file (a zipped checkpoint) was extracted into a folder of the same name.")
            fix.append(f"Pass the file inside the folder (ls '{p}'), or keep the downloaded file unextracted if the loader expects the archive file itself.")
        elif exc == "NotADirectoryError":
            parts.append(f"Part of '{p}' is a regular file where a directory is expected: a file path was given where a folder is required (e.g. a data root), or a path was joined onto a file name.")
            fix.append("Pass the folder, not a file inside it; print the joined path pieces.")
        if low.endswith(_CKPT) or re.search(r"checkpoint|ckpt|weights|pretrained", low):
            kind = kind or "checkpoint"
            if exc not in ("IsADirectoryError", "NotADirectoryError"):
                parts.append(f"'{p}' is a model checkpoint/weights file that is not at that location: it was not downloaded (the README's weights link / huggingface-cli download), was saved under another name or folder, or the run that should have produced it (pretraining, a previous stage, an earlier epoch) did not.")
                fix.append("Download or produce the checkpoint and put it at this path, or pass the real path with the script's checkpoint option (ls the folder to see the names there).")
        elif low.endswith(_CONF):
            kind = "config"
            parts.append(f"The config file '{p}' is not there: a wrong name/folder, or a relative config path resolved from another working directory (many repositories expect to be run from their root or an experiment folder).")
            fix.append("Run from the folder the README uses, or pass the config with an absolute/correct relative path; ls the configs folder for the real name.")
        elif low.endswith(_DATA) or low.endswith(_MEDIA) or re.search(r"[/\\](?:data|dataset|datasets|train|val|test|images|annotations|labels)(?:[/\\]|$)", low):
            kind = "dataset"
            parts.append(f"'{p}' is a dataset/annotation file or folder that does not exist there: the data was not downloaded or extracted to the path the code uses, the preprocessing step that creates it was not run, or the dataset root in the config points elsewhere.")
            fix.append("Download/prepare the data as the README describes (run its preprocessing script) and set the dataset root in the config/CLI to where it is.")
        if re.match(r"^/path/to|^path/to|^/your/|/xxx|<[^>]+>", low) or "/path/to/" in low:
            parts.append("The path is a placeholder copied from a README or config: replace it with the real location on this machine.")
            fix.insert(0, "Replace the placeholder path in the config/command line with your real path.")
        elif re.match(r"^(?:/raid|/mnt|/data\d*|/nfs|/home/[^/]+|/share|/gpfs|/lustre|/scratch)/", p) and kind:
            parts.append("It is an absolute path on a specific machine (a cluster or another user's folder): it may exist only on the author's machine or on another node of your job.")
        remote = re.match(r"^(?:gs|s3|gcs|hdfs|az|abfss?|hf|https?)://", low)
        if remote:
            parts.append(f"'{p}' is a remote object-store/URL path: the object is not at that key, or this process cannot see it (credentials, project or bucket access: gcloud auth application-default login / GOOGLE_APPLICATION_CREDENTIALS, AWS_PROFILE), or the library cannot read that scheme without its filesystem package (gcsfs, s3fs) installed.")
            fix.append(f"List the prefix with the store's own tool (gsutil ls / aws s3 ls on the parent of '{p}') using the same credentials as the job, and fix the name or the access.")
        bare_name = bool(p) and "/" not in p and "\\" not in p and "." not in p and str(facts.get("exc") or "").endswith(("Error", "Exception")) and code.startswith("raise ")
        if bare_name and not remote:
            parts.append(f"'{p}' is a name the program looks up on disk (a model, checkpoint or dataset name from its config or arguments) and did not find: it has to be trained, downloaded or generated first, or the config names one that is not there.")
            fix.append("Find where the name is set (config file or argument) and either produce/download that model into the folder the code searches, or set the name of one that exists.")
        if p and not remote and not bare_name and not re.match(r"^(?:[A-Za-z]:[\\/]|[\\/]|~|\\\\)", p):
            parts.append("The path is relative, so it is resolved from the process's working directory (where the command was started, or the notebook's folder), not from the script's folder.")
            fix.append("Run from the repository root / the folder the README uses, or make the path absolute (os.path.abspath, Path(__file__).resolve().parent / '...').")
        if winerror is not None or re.match(r"^[A-Za-z]:[\\/]", p) or "\\" in p:
            if p.startswith("/") and winerror is not None:
                parts.append("On Windows a path starting with '/' means the root of the current drive: Linux paths from a config (/data/..., /raid/...) do not exist there.")
                fix.append("Change the Linux-style paths in the config to Windows paths (D:/data/...), or run under Linux/WSL as the project expects.")
            elif "/" in p and "\\" in p:
                parts.append("The path mixes '/' and '\\\\' separators (code written for Linux joined with Windows paths); check each component exists.")
        if not parts and not p:
            parts.append("No path is printed with the error: when a program shows only str(e) of a bare Windows error, the missing file is most often an executable the code starts with subprocess (ffmpeg, git, a CLI tool) that is not on PATH, or a file whose name the message dropped.")
            fix.append("Check the tools the step runs: 'where ffmpeg' (Windows) / 'which ffmpeg' must print a path; install the missing one and add it to PATH, or rerun with the full traceback to see the path.")
        if not parts:
            parts.append(f"'{p}' does not exist as seen by this process: a wrong name or folder, a file not created/downloaded yet, or a path valid only on another machine or node.")
            fix.append("ls the path's parent folder from where the job runs and fix the name or create the file.")
    if pkg:
        parts.append(f"The open happens inside {pkg}, but the path comes from your arguments or config.")
    if code:
        parts.append(f"Line: `{code}`.")
    if kind:
        headline += f": {kind} path"
    return Explanation(text=" ".join(parts), fix=tuple(dict.fromkeys(fix)), derived={"headline": headline})
