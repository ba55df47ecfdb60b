"""Computed diagnosis for gym.step-api-mismatch: which side is on which Gym API generation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    expected, got, call = facts.get("expected"), facts.get("got"), facts.get("call")
    if sig == "unpack-at-step-or-reset":
        if call == "step" and expected == 4:
            detail = "old 4-value loop on a new 5-value env"
            text = ("The code unpacks obs, reward, done, info but the installed gym (>= 0.26) or gymnasium returns "
                    "obs, reward, terminated, truncated, info.")
            fix = ("obs, reward, terminated, truncated, info = env.step(action); done = terminated or truncated",
                   "and obs, info = env.reset() (reset changed too)",
                   "or pin the old API: pip install 'gym<0.26' (e.g. gym==0.21.0) with stable-baselines3<2")
        elif call == "step" and expected == 5:
            detail = f"new 5-value code/wrapper on an old {got or 4}-value env"
            text = (f"A new-API caller (gymnasium/gym>=0.26 wrapper, SB3 2.x or your loop) unpacks five values but the "
                    f"environment's step returns {got or 4} (old done API).")
            fix = ("In the environment: return obs, reward, terminated, truncated, info (truncated=True for time limits)",
                   "or wrap the old env: shimmy GymV21CompatibilityV0 (gymnasium) / gym.make(..., apply_api_compatibility=True) (gym 0.26)",
                   "if your own loop has five names on an old env, unpack four instead")
        elif call == "reset" and expected == 2:
            detail = "reset returns a bare observation, caller expects (obs, info)"
            text = ("The caller unpacks obs, info = reset() but the environment returns only the observation (old API); "
                    "Python then unpacks the observation array itself.")
            fix = ("In the environment: def reset(self, *, seed=None, options=None): super().reset(seed=seed); ...; return obs, {}",
                   "or install the gym version the project pins (requirements often say gym==0.18 / 0.21)")
        else:
            detail = f"{call or 'step/reset'} returned a tuple of another length than expected ({expected})"
            text = "The tuple arity at step/reset differs between the caller and the environment: they follow different Gym API generations."
            fix = ("Print len(env.step(...)) and type(env.reset()) and align the caller with the environment's API.",)
        derived = {"detail": detail, "call": call}
        if got is not None:
            derived["returned"] = got
        return Explanation(text=text, fix=fix, derived=derived)
    if sig == "reset-unexpected-kwarg":
        kw = facts.get("kwarg") or "seed"
        if kw == "return_info":
            text = ("reset(return_info=True) is the gym 0.22-0.25 transitional API; the environment's reset does not accept it. "
                    "In gym >= 0.26 / gymnasium reset always returns (obs, info).")
            fix = ("Drop return_info and write obs, info = env.reset(seed=...) on gym >= 0.26 / gymnasium",)
        else:
            text = (f"A new-API caller (gym >= 0.22 wrapper, gymnasium, stable-baselines3 2.x VecEnv) passed {kw}= to an "
                    "environment whose reset(self) predates the keyword.")
            fix = ("def reset(self, *, seed=None, options=None): super().reset(seed=seed); ...; return obs, info",
                   "or wrap the old env with shimmy's GymV21CompatibilityV0, or pin stable-baselines3<2 with gym==0.21")
        return Explanation(text=text, fix=fix, derived={"detail": f"old reset() without {kw}=", "call": "reset"})
    if sig == "reset-not-tuple-check":
        t = facts.get("actual_type") or "an observation"
        return Explanation(
            text=f"check_env found reset() returning {t} instead of (obs, info): the environment implements the old reset API.",
            fix=("return obs, info from reset (info may be {}), and accept seed=None, options=None keywords",),
            derived={"detail": f"reset returned {t}", "call": "reset"},
        )
    return None
