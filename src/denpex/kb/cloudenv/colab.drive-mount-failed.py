"""Computed diagnosis for colab.drive-mount-failed: which stage of drive.mount failed and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    rule = str(facts.get("rule") or "")
    detail = str(facts.get("detail") or "")
    if sig == "credential-propagation":
        problem = "OAuth credentials did not reach the runtime"
        text = ("The Drive consent step did not hand credentials to the VM: pop-up/cookies blocked, consent not finished, "
                "or a different Google account than the one running the notebook.")
        fix = ("Allow pop-ups and third-party cookies for colab.research.google.com; sign in with the same account that owns/runs the notebook.",
               "Runtime > Disconnect and delete runtime, reload the page, run drive.mount('/content/drive') again (or use the Files pane 'Mount Drive' button).",
               "To reach another account's files, share the folder with the notebook's account instead of mounting that account.")
    elif sig == "mount-failed" and "timeout" in detail:
        problem = "DriveFS timed out reading the My Drive root"
        text = "DriveFS started but could not list the root of My Drive within the timeout (too many files in the root, or Drive slow)."
        fix = ("Move files from the My Drive root into subfolders (drive.google.com), then drive.mount('/content/drive', force_remount=True).",
               "Retry later if Drive is degraded; mount once per session, not in a loop.")
    elif sig == "mount-failed" and "oauth" in detail:
        problem = "invalid OAuth code"
        text = "The authorization code pasted/returned was rejected (old copy-paste flow, expired or truncated code)."
        fix = ("Restart the runtime and mount again with the current pop-up flow; do not reuse an old code.",)
    elif sig == "mount-failed":
        problem = "DriveFS exited before the mount appeared"
        text = "The DriveFS daemon exited before My Drive appeared (stale mount from an earlier session, Drive outage, quota)."
        fix = ("drive.flush_and_unmount() if a mount exists, then Runtime > Restart session and drive.mount('/content/drive', force_remount=True).",
               "If it persists across fresh runtimes, check Drive storage quota and status.")
    elif sig == "mountpoint-rule":
        problem = f"mount point must {rule}"
        if rule.startswith("not already contain"):
            text = ("/content/drive (the mount point) already has files: a cell wrote there before mounting "
                    "(os.makedirs('/content/drive/MyDrive/...'), a checkpoint save) or an old mount left them.")
            fix = ("While unmounted: !rm -rf /content/drive (or move the files), then drive.mount('/content/drive').",
                   "Or mount somewhere else: drive.mount('/content/gdrive'); guard writes with os.path.ismount('/content/drive').")
        elif rule.startswith("not contain a space"):
            text = "The mount point path contains a space; drive.mount refuses it."
            fix = ("Use a path without spaces, e.g. drive.mount('/content/drive').",)
        else:
            text = f"drive.mount refused the mount point: it must {rule}."
            fix = ("Pass a plain, non-existing or empty directory path, e.g. drive.mount('/content/drive').",)
    elif sig == "domain-disabled":
        problem = "Workspace domain disabled Drive File Stream"
        text = "The Google Workspace admin disabled Drive for desktop (DriveFS), which drive.mount uses."
        fix = ("Ask the admin to allow Drive for desktop, or use a personal account, or download files via the Drive API / gdown.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"problem": problem})
