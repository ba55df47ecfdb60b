"""Computed diagnosis for gradio.share-link-failed: which part of the tunnel failed and the manual fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = facts.get("frpc_path")
    if sig == "missing-frpc" and path:
        path = str(path)
        platform = str(facts.get("frpc_platform") or "")
        version = str(facts.get("frpc_version") or "")
        folder = re.split(r"[/\\]frpc_", path)[0]
        windows = platform.startswith("windows") or "\\" in path
        url = facts.get("download_url") or (f"https://cdn-media.huggingface.co/frpc-gradio-{version}/frpc_{platform}" if version and platform else "")
        diagnosis = f"frpc {platform} v{version} binary missing"
        text = (f"The tunnel client frpc_{platform}_v{version} is not in {folder}: its download was blocked "
                + ("(Windows antivirus quarantines it as a tunnelling tool, or no internet)." if windows
                   else "(no internet/proxy at first launch, or the package folder is read-only)."))
        fix = [f"Download {url}, rename it to frpc_{platform}_v{version} and move it to {folder}." if url
               else f"Download the frpc file named in the message and move it to {folder}."]
        if windows:
            fix.append(f"Add an antivirus exclusion for {folder} before downloading, or the file is removed again.")
        else:
            fix.append(f"chmod +x {folder}/frpc_{platform}_v{version}")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
    if sig == "tunnel-unreachable":
        err = facts.get("frpc_error")
        if err:
            diagnosis = "frpc could not reach the share server"
            text = (f"frpc started but could not log in to the share server ({err}): outbound traffic to it is blocked "
                    "(firewall, proxy-only network) or the service is down.")
        else:
            diagnosis = "share tunnel could not connect"
            text = "The tunnel could not be set up: no route to the share server, a blocked port, or a service outage (status.gradio.app)."
        fix = ("Check https://status.gradio.app; allow outbound TCP from this machine or use another network.",
               "Or skip share=True: ssh -L 7860:localhost:7860 <host> and open http://localhost:7860.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if sig == "api-server":
        return Explanation(
            text="Gradio could not get a share server address from api.gradio.app (no internet, proxy, DNS or outage).",
            fix=("curl https://api.gradio.app to test reachability; set HTTPS_PROXY if the network needs a proxy.",),
            derived={"diagnosis": "share API unreachable"},
        )
    return None
