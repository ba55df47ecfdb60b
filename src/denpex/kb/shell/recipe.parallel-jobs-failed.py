"""Computed diagnosis for recipe.parallel-jobs-failed: which per-job log to open, and what the failed/total ratio says."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# what a stage's log name says about where the job failed (first match wins)
_STAGES = (
    (r"make_(?:mfcc|fbank|plp|fbank_pitch)|compute_cmvn", "feature extraction: usually a Kaldi binary not found (compute-*-feats: command not found, Kaldi not compiled or path.sh wrong) or an unreadable audio file in wav.scp"),
    (r"format_wav_scp|wav\.scp", "audio formatting: usually a wav.scp entry whose file or converter (sph2pipe, sox, ffmpeg) is missing"),
    (r"stats\.", "ESPnet collect-stats: a Python error in the task's program (config option, data files, environment) - the traceback is in the log"),
    (r"train\.log|/train\.|train_", "training: the training program's traceback is at the end of the log"),
    (r"decode|inference|asr_inference|score", "decoding/inference: the decoder's error (model file, memory, a bad utterance) is at the end of the log"),
    (r"align|ali\.", "alignment: a Kaldi ERROR line in the log (model/tree mismatch or missing features)"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tool = str(facts.get("tool") or "queue.pl")
    log = facts.get("log")
    failed, total, status = facts.get("failed"), facts.get("total"), facts.get("status")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []

    first = None
    if log:
        first = str(log).replace("*", "1")
        derived["first_log"] = first
    else:
        derived["first_log"] = "the per-job log (exp/<step>/log/*.1.log)"

    if isinstance(failed, int) and isinstance(total, int):
        derived["what"] = f"{failed} of {total} parallel jobs failed"
        if total > 1 and failed >= total:
            parts.append(f"All {total} jobs failed, so the cause is systematic and the same in every log: read any one of them.")
            parts.append("Typical: a program not on PATH inside the job (Kaldi binaries, sph2pipe/sox/ffmpeg), the Python environment not active in the job (path.sh, tools/activate_python.sh), a bad config option, or inputs missing for every split.")
        elif total > 1:
            parts.append(f"Only {failed} of {total} jobs failed, so most of the setup works: the cause is in the data or resources of those splits - a bad or missing audio file, an utterance too large for memory, or a node problem.")
        else:
            parts.append("The only job failed; its log holds the error.")
    elif facts.get("vanished"):
        derived["what"] = "the scheduler lost a job that had not finished"
        parts.append("The job disappeared from the queue without writing its exit status: the scheduler killed it (time or memory limit, qdel) or its node failed. The log's last line shows how far it got.")
        fix.append("Check the scheduler's record of the job (qacct -j <id> / sacct -j <id> --format=JobID,State,ExitCode,MaxRSS,Elapsed) and raise the limit in conf/queue.conf or conf/slurm.conf, or use more jobs (--nj) so each is shorter.")
    else:
        derived["what"] = "the job failed" if status is None else f"the job failed with status {status}"

    vanished = bool(facts.get("vanished"))
    partial = isinstance(failed, int) and isinstance(total, int) and 1 < total and failed < total
    if partial and log:
        derived["first_log"] = f"the {failed} failed job log(s) among {log}"
    if log and not vanished:
        for pat, hint in _STAGES:
            if re.search(pat, str(log)):
                parts.append(f"Stage: {hint}.")
                break

    if not vanished:
        parts.append(f"{tool} only reports that jobs exited non-zero; each job's own output is only in its log file.")
    grep_failed = f"grep -l -E '# Ended \\(code [1-9]|with status [1-9]' {log}"
    if partial and log:
        fix.append(f"Find the failed jobs and read the end of the first: {grep_failed} | head -n 1 | xargs tail -n 40")
    elif first:
        fix.append(f"Read the error at the end of the job log: tail -n 40 {first}")
        if "*" in str(log):
            fix.append(f"List the jobs that failed: {grep_failed}")
            fix.append(f"Count the distinct errors across them: grep -h -E 'ERROR|Error|error:|not found|No such file|Traceback' {log} | sort | uniq -c | sort -rn | head")
    fix.append("Fix that error, then rerun from the failed stage (ESPnet: ./run.sh --stage N; Kaldi: rerun the step script).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
