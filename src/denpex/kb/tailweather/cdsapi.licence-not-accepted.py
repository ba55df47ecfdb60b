"""Computed diagnosis for cdsapi.licence-not-accepted: name the licence to accept."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    licence = facts.get("licence")
    revision = facts.get("revision")
    sig = facts.get("_signature")
    if isinstance(licence, str) and licence:
        rev = f" (revision {revision})" if revision not in (None, "") else ""
        diagnosis = f"licence '{licence}'{rev} not accepted"
        text = (f"The data store needs the licence '{licence}'{rev} accepted by the account of this token before it "
                "queues the request.")
        if licence == "licence-to-use-copernicus-products":
            text += " This is the Copernicus products licence used by ERA5 and most C3S datasets."
        fix = (f"Log in, open the dataset's download page and accept '{licence}'{rev} in the 'Terms of use' box, then rerun.",)
    elif sig == "client-has-not-agreed":
        diagnosis = "legacy CDS terms not accepted"
        text = ("The legacy CDS API refused the request because the account has not accepted the dataset's terms. "
                "The legacy API was retired in September 2024: the client must also move to the new CDS.")
        fix = ("Accept the licence on the dataset page, and update to cdsapi>=0.7.2 with url https://cds.climate.copernicus.eu/api.",)
    else:
        diagnosis = "dataset licence not accepted"
        text = "The account behind the key has not accepted the licence of this dataset."
        fix = ("Accept the licence on the dataset's download page ('Terms of use') with the same account, then rerun.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
