"""Computed diagnosis for yfinance.download-failed: symbol problem vs client/Yahoo problem."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAJOR = {"AAPL", "MSFT", "SPY", "QQQ", "AMZN", "GOOG", "GOOGL", "META", "NVDA", "TSLA", "^GSPC", "BTC-USD"}


def _tickers(facts: Mapping[str, Any]) -> list[str]:
    raw = facts.get("ticker")
    items = raw if isinstance(raw, (list, tuple)) else ([raw] if raw else [])
    seen: list[str] = []
    for t in items:
        t = str(t).strip().lstrip("$").strip("'[]-").strip()
        if t and t not in seen:
            seen.append(t)
    return seen


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if not sig:
        return None
    tickers = _tickers(facts)
    shown = ", ".join(tickers[:8]) + (f" (+{len(tickers) - 8} more)" if len(tickers) > 8 else "")
    derived: dict[str, Any] = {}
    if tickers:
        derived["tickers"] = shown
    if sig == "rate-limited":
        derived["diagnosis"] = "rate limited by Yahoo (HTTP 429)"
        text = "Yahoo answered HTTP 429: this client/IP sent too many requests, or an old yfinance is flagged as a bot."
        fix = ("pip install -U yfinance (uses curl_cffi impersonation; do not pass your own requests.Session),",
               "then download in smaller batches with pauses and cache the result instead of re-downloading every run.")
    elif sig == "json-decode" or (len(tickers) >= 3) or (tickers and any(t.upper() in _MAJOR for t in tickers)):
        derived["diagnosis"] = "Yahoo API change or blocked client"
        who = f" ({shown})" if tickers else ""
        text = (f"Yahoo returned nothing usable for liquid, listed symbols{who}: the installed yfinance no longer matches "
                "Yahoo's API, or the network/proxy is blocked. The symbols themselves are not the problem.")
        fix = ("pip install -U yfinance and rerun one ticker with yf.enable_debug_mode() to see the HTTP status;",
               "try without proxy/VPN (or from another network) if the newest version still gets empty answers.")
    else:
        derived["diagnosis"] = "symbol or date range not available"
        who = shown or "the requested symbol"
        text = (f"Yahoo has no rows for {who} in the requested range: check the Yahoo symbol (exchange suffix like .TO/.AX/.NS, "
                "BRK-B not BRK.B), the listing dates, and the interval's history limit (1m: last 7-30 days, 1h: 730 days).")
        fix = ("Look the symbol up on finance.yahoo.com and use exactly that string; narrow start/end to the trading history.",
               "Check the downloaded frame (df.empty or missing columns) before feature engineering so training does not fail later.")
    return Explanation(text=text, fix=fix, derived=derived)
