"""Computed diagnosis for websocket.connection-closed: who closed the connection, why, and what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KEEPALIVE_FIX = (
    "Keep the event loop free: run blocking inference/IO in a thread (result = await asyncio.to_thread(model.generate, ...)) "
    "so pongs are answered during long steps.",
    "Or tolerate the stall: websockets.connect(uri, ping_interval=60, ping_timeout=120) (client) / "
    "websockets.serve(handler, host, port, ping_interval=60, ping_timeout=120) (server); ping_interval=None disables keepalive.",
)
_DROP_FIX = (
    "Reconnect with backoff: async for ws in websockets.connect(uri): try: ... except websockets.ConnectionClosed: continue.",
    "Find why the TCP connection died: the peer's log (crash, OOM kill, restart) or a proxy/load-balancer idle timeout "
    "(nginx proxy_read_timeout, cloud LB idle timeout) shorter than the gaps between messages.",
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "")
    code = facts.get("code")
    try:
        code = int(code) if code is not None else None
    except (TypeError, ValueError):
        code = None
    reason = str(facts.get("reason") or "").strip()
    direction = facts.get("direction")
    text: list[str] = []
    fix: list[str] = []
    low = detail.lower()
    if "keepalive ping timeout" in low or reason == "keepalive ping timeout":
        who = "the peer" if direction == "received" else "this side"
        how = f"keepalive ping timeout, detected by {who}"
        text.append(
            f"{who.capitalize()} sent pings and got no pong within ping_timeout, so it failed the connection with 1011. "
            + ("The side that stopped answering is this one: " if direction == "received" else "The side that stopped answering is the peer: ")
            + "usually its event loop was blocked by synchronous work (model inference, time.sleep, requests) for longer than "
            "ping_interval + ping_timeout (20 s + 20 s by default), or the network stalled."
        )
        fix += list(_KEEPALIVE_FIX)
    elif "no close frame received or sent" in low or code == 1006:
        how = "TCP connection lost, no close handshake"
        text.append(
            "The connection ended without any close frame: the TCP connection was reset or timed out underneath the WebSocket "
            "(peer process died or restarted, proxy/load balancer cut an idle connection, network loss)."
        )
        fix += list(_DROP_FIX)
    elif "no close frame received" in low:
        how = f"this side closed ({code}), the peer never answered"
        text.append(
            f"This side sent a close frame ({code}{' ' + reason if reason else ''}) but the peer dropped the TCP connection "
            "without answering: it disconnected first (client went away, page closed) or the network dropped."
        )
        fix.append("Usually harmless on a server when clients leave; catch websockets.ConnectionClosed around send/close in the handler.")
        fix += list(_DROP_FIX[:1])
    elif code in (1000, 1001):
        closer = {"received": "the peer", "sent": "this side"}.get(str(direction), "one side")
        how = f"closed normally by {closer} ({code})"
        text.append(
            f"The close handshake completed normally (started by {closer} with {code}); the exception comes from a recv()/send() "
            "after that point."
        )
        fix += [
            "End the loop on a normal close: use async for message in ws (it stops cleanly) or except websockets.ConnectionClosedOK: break.",
            "If the peer closed because its job finished or it is going away (1001, server restart), reconnect for new work.",
        ]
    elif code is not None:
        closer = {"received": "the peer", "sent": "this side"}.get(str(direction), "one side")
        expl = facts.get("explanation") or ""
        how = f"closed by {closer} with {code} ({expl})"
        text.append(f"{closer.capitalize()} closed the connection with code {code} ({expl}){': ' + reason if reason else ''}.")
        if code == 1009:
            fix.append("A message exceeded the receiver's max_size (1 MiB default): raise it, e.g. websockets.connect(uri, max_size=2**24), "
                       "or send large payloads (images, audio) in chunks.")
        elif code == 1011:
            fix.append("1011 without keepalive means the closing side's handler raised an exception: read that side's log for the real error.")
        elif code == 1008:
            fix.append("1008 policy violation: the server refused the session (authentication, origin, token or quota); check credentials and the server log.")
        elif code == 1005:
            fix.append("1005 means the close frame carried no code: the peer closed deliberately without a status; check why it closed (its log).")
        elif 4000 <= code < 5000:
            fix.append(f"{code} is an application-defined code: look it up in the API/server documentation of the service you connect to.")
        else:
            fix.append("Check the closing side's log for why it closed, then reconnect or fix the request.")
    else:
        return None
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"how": how})
