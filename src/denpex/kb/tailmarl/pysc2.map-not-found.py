"""Computed diagnosis for pysc2.map-not-found: which map pack the missing map belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SMAC = {
    "3m", "8m", "25m", "5m_vs_6m", "8m_vs_9m", "10m_vs_11m", "27m_vs_30m", "MMM", "MMM2", "2s3z", "3s5z",
    "3s5z_vs_3s6z", "3s_vs_3z", "3s_vs_4z", "3s_vs_5z", "1c3s5z", "2m_vs_1z", "corridor", "6h_vs_8z",
    "2s_vs_1sc", "so_many_baneling", "bane_vs_bane", "2c_vs_64zg",
}
_MINIGAMES = {
    "MoveToBeacon", "CollectMineralShards", "FindAndDefeatZerglings", "DefeatRoaches",
    "DefeatZerglingsAndBanelings", "CollectMineralsAndGas", "BuildMarines",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("map_path") or "")
    name = str(facts.get("map_name") or "")
    if not path and not name:
        return None
    base = (path.replace("\\", "/").rsplit("/", 1)[-1] if path else name)
    stem = base[:-7] if base.endswith(".SC2Map") else base
    folder = path.replace("\\", "/").rsplit("/", 1)[0] if "/" in path.replace("\\", "/") else ""
    sig = facts.get("_signature")
    fix: list[str] = []
    if sig == "map-not-registered":
        if stem in _SMAC:
            diagnosis = f"{stem} is a SMAC map, but SMAC's map registry was not imported"
            text = f"'{stem}' is a SMAC map; pysc2 only knows it after smac.env (smac.env.starcraft2.maps) is imported."
            fix.append("Create the env through smac.env.StarCraft2Env (or import smac.env.starcraft2.maps) before pysc2.maps.get.")
        elif stem in _MINIGAMES:
            diagnosis = f"{stem} is a pysc2 mini-game: registered but its file is missing"
            text = f"'{stem}' is a pysc2 mini-game; download mini_games.zip into $SC2PATH/Maps/mini_games."
            fix.append("Unzip the pysc2 mini_games map pack into $SC2PATH/Maps.")
        else:
            diagnosis = f"map name '{stem}' is not registered in pysc2.maps"
            text = (f"'{stem}' is neither a SMAC map nor a pysc2 mini-game: a custom or third-party map must be registered "
                    "(a pysc2 Map subclass with its directory and filename) and its .SC2Map file placed under $SC2PATH/Maps.")
            fix.append(f"Register '{stem}' (class {stem}(lib.Map): directory = '...'; filename = '{stem}') or fix the spelling.")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "map": stem})
    where = f"$SC2PATH/Maps/{path}" if path else f"$SC2PATH/Maps/{base}"
    if folder.endswith("SMAC_Maps") and stem in _SMAC:
        diagnosis = "SMAC_Maps not installed in the StarCraft II Maps folder"
        text = f"'{stem}' is a standard SMAC map; the file {where} does not exist."
        fix.append("Unzip SMAC_Maps.zip (smac releases) so that " + where + " exists; check SC2PATH points at that install.")
    elif folder.endswith("SMAC_Maps"):
        diagnosis = f"{stem} is not in the SMAC map pack"
        text = (f"'{stem}' is expected under SMAC_Maps but is not one of the original SMAC maps: it comes from SMACv2 "
                "(32x32_flat ...) or from the repository that defined it.")
        fix.append(f"Copy {stem}.SC2Map from the repository that provides it (SMACv2: smacv2/env/starcraft2/maps/SMAC_Maps) into $SC2PATH/Maps/SMAC_Maps.")
    elif folder.startswith(("Melee", "Ladder")) or sig == "python-sc2-map-missing":
        diagnosis = f"Blizzard map {stem} not downloaded"
        text = f"'{stem}' is a Blizzard ladder/melee map; the map pack is not unpacked in the StarCraft II Maps folder."
        fix.append("Download the ladder/melee map packs (s2client-proto, password iagreetotheeula) and unzip them into $SC2PATH/Maps.")
    else:
        diagnosis = f"{where} is missing"
        text = f"PySC2 could not open {where}."
        fix.append(f"Place the map file at {where} (check folder case and nesting).")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "map": stem})
