"""Computed diagnosis for tf.tensor-not-element-of-graph: web thread vs placeholder vs other graph."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("tensor_name")
    web = facts.get("web_frame")
    if not name and not web:
        return None
    shown = f"Tensor {name}" if name else "The tensor"
    if web:
        diagnosis = "model used from a web request thread"
        text = (f"{shown} was created in the graph of the thread that loaded the model, and the request handler "
                f"({web}) runs in another thread whose default graph is different.")
        fix = ("After loading: graph = tf.compat.v1.get_default_graph(); sess = tf.compat.v1.keras.backend.get_session(); "
               "in the route: with graph.as_default(): tf.compat.v1.keras.backend.set_session(sess); preds = model.predict(x).",
               "Or app.run(threaded=False), or load the model inside the worker thread.")
    elif name and "Placeholder" in str(name):
        diagnosis = "placeholder from another graph fed"
        text = (f"The feed_dict key {name} is a placeholder of a graph that is not the session's graph: the model/session "
                "was rebuilt or reset (reset_default_graph, a second load) after the placeholder was made.")
        fix = ("Build the placeholder, the model and the session in one graph and run under with graph.as_default().",
               "Do not call tf.reset_default_graph()/K.clear_session() between building and running.")
    else:
        diagnosis = "model built in another graph"
        text = (f"{shown} belongs to a graph that is not the current default: the model was loaded in another thread or "
                "graph, or K.clear_session()/tf.reset_default_graph() ran after it was loaded.")
        fix = ("Keep graph = tf.compat.v1.get_default_graph() from load time and call the model under with graph.as_default().",
               "Keras 2.2: call model._make_predict_function() right after load_model.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
