"""Computed diagnosis for tf.uninitialized-variable: classify the variable by its name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OPT = re.compile(r"(?:^|/)(?:Adam(?:_\d+)?|beta[12]_power|Momentum|RMSProp(?:_\d+)?|Adagrad|Adadelta(?:_\d+)?|Ftrl(?:_\d+)?)(?:$|/)|/(?:m|v)$")
_LOCAL = re.compile(r"(?:^|/)(?:metrics|accuracy|auc|precision|recall|mean_iou|mean)(?:_\d+)?/|limit_epochs|(?:^|/)(?:total|count)(?:_\d+)?$|input_producer")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = facts.get("variable")
    if not var:
        return None
    var = str(var)
    sig = str(facts.get("_signature", ""))
    if _OPT.search(var):
        return Explanation(
            text=(f"{var} is an optimizer slot/accumulator: the optimizer (minimize/apply_gradients) was created after "
                  "the initializer op was built or run, so its variables were never initialised."),
            fix=("Build the optimizer's train op first, then create and run tf.global_variables_initializer().",),
            derived={"diagnosis": "optimizer variable created after the initializer"},
        )
    if _LOCAL.search(var):
        return Explanation(
            text=(f"{var} is a local variable (a tf.metrics accumulator or an input producer's epoch counter): "
                  "global_variables_initializer() does not cover it."),
            fix=("sess.run(tf.local_variables_initializer()) as well (and again before each evaluation for streaming metrics).",),
            derived={"diagnosis": "local variable not initialised"},
        )
    if sig == "resource-variable-container" or sig == "tf2-could-not-find-variable":
        return Explanation(
            text=(f"The session that ran this op has no value for {var}: typically a Keras/tf.keras model built or loaded "
                  "in one graph/session and used from another (a web-server thread, a new tf.Session), or a TF2/compat "
                  "mix where the variable was created outside the session's graph."),
            fix=("Keep the graph and session used at load time and predict inside them: with graph.as_default(): tf.keras.backend.set_session(sess); model.predict(x).",
                 "Otherwise run the initializer (or restore the checkpoint) in the session that executes the op."),
            derived={"diagnosis": "variable read from another session/graph"},
        )
    return Explanation(
        text=(f"{var} was read before any initializer or restore op ran for it in this session."),
        fix=("Run tf.global_variables_initializer() after building the full graph, then saver.restore(...) if loading weights.",),
        derived={"diagnosis": "variable never initialised"},
    )
