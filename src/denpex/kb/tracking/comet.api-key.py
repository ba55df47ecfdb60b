"""Computed diagnosis for comet.api-key: missing vs rejected key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    server = str(facts.get("server") or "")
    missing = str(facts.get("missing") or "")
    derived: dict[str, Any] = {}
    if facts.get("invalid"):
        where = server or "the Comet server"
        derived["problem"] = f"rejected by {where}"
        text = (f"A key was found but {where} does not accept it: revoked or rotated, mistyped or quoted, a placeholder, "
                "or a key from another Comet deployment (self-hosted vs comet.com).")
        fix = (f"Copy a fresh key from the account settings{(' of ' + server) if server else ''} and export it as COMET_API_KEY (no quotes); "
               "set COMET_URL_OVERRIDE when the server is self-hosted.",
               "Not using Comet: disable the integration (ultralytics `yolo settings comet=False`, HF report_to='none') or pip uninstall comet_ml.")
        return Explanation(text=text, fix=fix, derived=derived)
    if "save_dir" in missing:
        derived["problem"] = "missing (Lightning CometLogger got neither api_key nor save_dir)"
        return Explanation(
            text="Lightning's CometLogger was created without api_key and without save_dir, so it can run neither online nor offline.",
            fix=("Online: export COMET_API_KEY=<key> (CometLogger reads it) or pass api_key=os.environ['COMET_API_KEY'].",
                 "Offline: CometLogger(save_dir='comet_logs', project_name=...); or remove the logger from the Trainer."),
            derived=derived,
        )
    derived["problem"] = "missing: no COMET_API_KEY and no ~/.comet.config in this process"
    return Explanation(
        text="comet_ml found no API key in the Experiment arguments, the COMET_API_KEY environment variable or ~/.comet.config of the process "
             "that created the experiment (a batch job, container or remote worker often lacks what the login shell has).",
        fix=("export COMET_API_KEY=<key> in the job's environment (Docker -e, Slurm --export, CI secret), or run `comet login` on that machine.",
             "Not using Comet: disable the integration (ultralytics `yolo settings comet=False`, HF report_to='none') or pip uninstall comet_ml."),
        derived=derived,
    )
