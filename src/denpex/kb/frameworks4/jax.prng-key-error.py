"""Computed diagnosis for jax.prng-key-error: what was passed instead of one key, and how to make it one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_IMPL = {"2": "threefry2x32 (the default)", "4": "rbg / unsafe_rbg"}


def _dims(shape: str | None) -> list[str]:
    return [d.strip() for d in (shape or "").split(",") if d.strip()]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    text: list[str] = []
    fix: list[str] = []
    what = "not a valid single PRNG key"
    if sig == "flax-init-rngs":
        what = "Flax init got no valid key (first argument)"
        text.append("Flax init's first argument was neither a PRNG key nor a dict of keys - typically an int seed, None "
                    "(numpyro's random_flax_module outside a seed handler), a batch of keys from split, or a typed jax.random.key "
                    "that this older Flax does not recognise.")
        fix += ["Pass one key: model.init(jax.random.PRNGKey(0), x), or a dict of single keys: model.init({'params': k1, 'dropout': k2}, x).",
                "numpyro: call the model under numpyro.handlers.seed(model, rng_seed=0) or inside MCMC/SVI, which supply the key.",
                "If jax.random.key(...) is refused but PRNGKey(...) works, upgrade flax to a release matching your jax (pip install -U flax)."]
    elif sig == "flax-rng-shape":
        rngs = str(facts.get("rngs") or "")
        mod = facts.get("module") or "the module"
        if "key<" in rngs:
            what = f"typed jax.random.key refused by this Flax ({mod})"
            text.append(f"{mod} received a new-style typed key ({rngs.strip()[:60]}); this Flax release only accepts raw uint32 keys of shape (2,).")
            fix += ["Upgrade flax to a release that supports typed keys (pip install -U flax, matching your jax), "
                    "or create the key with jax.random.PRNGKey(seed) / jax.random.key_data(key)."]
        else:
            what = f"{mod} got '{rngs.strip()[:40]}' instead of a key"
            text.append(f"{mod} received {rngs.strip()[:60]!r} as its rngs, which is not a (2,) key.")
            fix += ["Pass jax.random.PRNGKey(seed) (or a dict of such keys) to init/apply."]
    elif sig == "invalid-key-data":
        exp, got = facts.get("expected_shape"), facts.get("got_shape")
        if facts.get("got_value") is not None:
            v = facts.get("got_value")
            what = f"{v} passed as a key"
            text.append(f"A plain value ({v}) reached jax.random where a key array is needed: a seed integer (or None) was passed instead of a key.")
            fix += [f"Make a key: key = jax.random.key({v if str(v).lstrip('-').isdigit() else 'seed'}) (or jax.random.PRNGKey(...)) and pass that; split it for each use."]
        elif facts.get("got_ndim") is not None:
            what = "a 0-d raw array passed as a key"
            text.append("A scalar array was passed as raw key data; raw keys are uint32 arrays ending with the key shape (2,).")
            fix += ["Create keys with jax.random.key(seed) / jax.random.PRNGKey(seed) instead of passing the seed array."]
        elif exp is not None:
            e, g = _dims(exp), _dims(got)
            what = f"key shape ({got}) does not end with ({exp})"
            if g and e and g[-1] in _IMPL and e[-1] in _IMPL and g[-1] != e[-1]:
                text.append(f"The key was made by the {_IMPL[g[-1]]} PRNG but the implementation in use expects {_IMPL[e[-1]]} keys of shape ({exp}): "
                            "two PRNG implementations are mixed (jax_default_prng_impl set by a library or config, or keys restored from another run).")
                fix += ["Use one implementation: create every key with the same impl (jax.random.key(seed, impl='threefry2x32')), or unset jax_default_prng_impl.",
                        "Prefer typed keys (jax.random.key): they carry their implementation, so functions do not guess it from the default."]
            else:
                text.append(f"Raw key data of shape ({got}) was passed; keys must end with ({exp}). The array is data or a reshaped/indexed key, not a key.")
                fix += ["Check what is passed as key (print(key.shape, key.dtype)); build it with jax.random.split/key, and index batches as keys[i]."]
        else:
            text.append("jax rejected the value given as a PRNG key.")
            fix += ["Create keys with jax.random.key(seed) and pass single keys to jax.random functions."]
    elif sig == "single-key-batched":
        fn, got = facts.get("function") or "a jax.random function", facts.get("got_shape")
        n = _dims(got)[0] if _dims(got) else "N"
        what = f"{fn} got a batch of {n} keys (shape ({got}))"
        text.append(f"{fn} takes one key but received a key array of shape ({got}) - {n} keys, typically the output of "
                    f"jax.random.split(key, {n}) or per-chain/per-env keys passed outside vmap.")
        fix += [f"Pass one key (keys[0], or unpack: k1, k2 = jax.random.split(key)), or map over the batch: jax.vmap(lambda k: jax.random.{fn}(k, ...))(keys).",
                "If a library hands you batched keys (vectorized MCMC chains, vmapped envs), call the function inside its vmap or use the library's batched API."]
    else:
        return None
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"what": what})
