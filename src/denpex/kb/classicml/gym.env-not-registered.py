"""Computed diagnosis for gym.env-not-registered: which package registers the id and what to install or import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BOX2D = ("LunarLander", "BipedalWalker", "CarRacing")
_MUJOCO = ("Ant", "HalfCheetah", "Hopper", "Humanoid", "HumanoidStandup", "InvertedPendulum",
           "InvertedDoublePendulum", "Pusher", "Reacher", "Swimmer", "Walker2d")


def _package_hint(namespace: str, name: str) -> str | None:
    base = name.split("-v")[0].split("/")[-1]
    if namespace == "ALE" or name.startswith("ALE/"):
        return ("pip install 'gymnasium[atari]' (ale-py >= 0.9 bundles the ROMs), then `import ale_py; "
                "gym.register_envs(ale_py)` before gym.make on Gymnasium 1.x")
    if base in _BOX2D:
        return "pip install 'gymnasium[box2d]' (needs swig); the env registers only if Box2D imports"
    if base in _MUJOCO:
        return "pip install 'gymnasium[mujoco]' (v4/v5 use the mujoco bindings; v2/v3 need mujoco-py)"
    if base.endswith("NoFrameskip") or base in ("Pong", "Breakout", "SpaceInvaders", "MsPacman", "Seaquest"):
        return "Atari: pip install 'gymnasium[atari]' and import ale_py (old gym: gym[atari,accept-rom-license])"
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    ns = facts.get("namespace") or ""
    name = facts.get("env_name") or facts.get("env_id") or ""
    sugg = facts.get("suggestion")
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if sig == "namespace-not-found":
        derived.update(what="namespace", requested=ns, hint=f"did you mean {sugg}?" if sugg else "install and import the package that registers it")
        text = f"No installed and imported package registered the `{ns}` namespace."
        hint = _package_hint(ns, "")
        fix.append(hint or f"install the package that provides `{ns}/...` environments and import it before gym.make")
        if sugg:
            fix.append(f"or fix the spelling: `{sugg}`")
    elif sig in ("name-not-found", "name-not-found-unquoted"):
        where = f" in namespace {ns}" if ns else ""
        derived.update(what="environment", requested=f"{ns + '/' if ns else ''}{name}",
                       hint=f"closest registered id {sugg}" if sugg else "import the module that registers it before gym.make")
        text = f"No environment named `{name}`{where} is registered in this process."
        hint = _package_hint(ns, name)
        if hint:
            fix.append(hint)
        fix.append("custom/third-party env: import the module that calls register(...) first, or make('pkg.module:" + (name or "Env") + "-v0')")
        if sugg:
            fix.append(f"the registry's closest id is `{sugg}` (a fuzzy match: check it is the same task)")
    elif sig in ("version-deprecated", "version-not-found", "legacy-deprecated"):
        ver = facts.get("version")
        derived.update(what="version", requested=f"{name}-v{ver}" if ver is not None and "-v" not in name else name,
                       hint=f"use {sugg}" if sugg else "use a version the installed release registers")
        if sig == "version-not-found":
            text = f"v{ver} of `{name}` is not registered by the installed release (newer than it provides, or only a default/other versions exist)."
            fix.append("use a version the installed gymnasium lists (gym.pprint_registry()), or upgrade gymnasium / the env package")
        else:
            text = f"`{name}` exists only in newer versions; the requested one was retired."
            fix.append(f"use `{sugg}`" if sugg else "use the latest registered version")
            fix.append("or pin the gym/gymnasium release the code was written for (Gymnasium 1.0 moved LunarLander/CarRacing to v3)")
    elif sig == "legacy-unregistered":
        derived.update(what="id", requested=name, hint="import or install the package that registers it")
        text = f"`{name}` is not in the registry: the package registering it was not imported (or not installed)."
        hint = _package_hint("", name)
        if hint:
            fix.append(hint)
        fix.append("import the module that registers it before gym.make (also in vectorised worker processes)")
    elif sig in ("malformed-id", "legacy-malformed-id"):
        raw = str(facts.get("env_id") or "")
        env = raw[2:-1] if raw.startswith(("b'", 'b"')) and len(raw) > 3 else raw.strip("'\"")
        looks_path = "/" in env.rstrip("/").split("/", 1)[-1] or "\\" in env or env.endswith((".zip", ".pt", ".pth", ".pkl", ".tfmodel", ".h5"))
        derived.update(what="malformed id", requested=env,
                       hint="it is not an id of the form [namespace/]Name-vN" + (" (it looks like a file path)" if looks_path else ""))
        if looks_path:
            text = (f"`{env}` was passed where gym expects an environment id: it looks like a file or run path "
                    "(a checkpoint or log dir given to --env / make), not [namespace/]Name-vN.")
            fix.append("pass the environment id (e.g. Breakout-v0) to make/--env and the checkpoint path to the load option")
        else:
            text = f"`{env}` is not a well-formed id: gym.make expects [namespace/]Name-vN (letters, digits, _ . : - and one -vN suffix)."
            fix.append("spell the id as registered, with its version suffix (e.g. CartPole-v1); gym.pprint_registry() lists them")
    elif sig in ("atari-rom-missing", "atari-py-rom-missing", "ale-unable-to-find-game", "ale-rom-file-not-found", "ale-no-rom-file"):
        game = facts.get("game") or "the game"
        if sig == "atari-py-rom-missing":
            derived.update(what="Atari ROM for", requested=game, hint="import the ROMs into atari-py (python -m atari_py.import_roms <dir>)")
            text = f"atari-py has no ROM for {game}: atari-py 0.2.7+ stopped bundling ROMs, so gym <= 0.20 Atari envs need them imported."
            fix.extend(("python -m atari_py.import_roms <folder with the .bin ROMs>",
                        "or move to gymnasium[atari] with ale-py >= 0.9 (ROMs bundled) and the ALE/<Game>-v5 ids"))
            return Explanation(text=text, fix=tuple(fix), derived=derived)
        derived.update(what="Atari ROM for", requested=game, hint="install the ROMs (accept-rom-license / AutoROM)")
        text = f"ale-py is installed but has no ROM for {game}: since gym 0.20 ROMs ship separately."
        fix.extend(("pip install 'gym[accept-rom-license]' (or AutoROM --accept-license), or ale-import-roms <dir>",
                    "or move to gymnasium[atari] with ale-py >= 0.9, which bundles the ROMs"))
    else:
        return None
    return Explanation(text=text, fix=tuple(fix), derived=derived)
