"""Computed diagnosis for networkx.removed-api: map the missing name to its release and replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# name -> (change, replacement); change says which release removed (or added) it.
_MODULE = {
    "from_numpy_matrix": ("removed in NetworkX 3.0", "nx.from_numpy_array(A)"),
    "to_numpy_matrix": ("removed in NetworkX 3.0", "nx.to_numpy_array(G)"),
    "from_scipy_sparse_matrix": ("removed in NetworkX 3.0", "nx.from_scipy_sparse_array(A)"),
    "to_scipy_sparse_matrix": ("removed in NetworkX 3.0", "nx.to_scipy_sparse_array(G)"),
    "read_gpickle": ("removed in NetworkX 3.0", "pickle.load(open(path, 'rb'))"),
    "write_gpickle": ("removed in NetworkX 3.0", "pickle.dump(G, open(path, 'wb'), pickle.HIGHEST_PROTOCOL)"),
    "info": ("removed in NetworkX 3.0", "print(G) or str(G)"),
    "adj_matrix": ("removed in NetworkX 3.0", "nx.adjacency_matrix(G)"),
    "to_numpy_recarray": ("removed in NetworkX 3.0", "nx.to_numpy_array(G, dtype=[...])"),
    "OrderedGraph": ("removed in NetworkX 3.0", "nx.Graph() (insertion order is kept on Python 3.7+)"),
    "OrderedDiGraph": ("removed in NetworkX 3.0", "nx.DiGraph()"),
    "read_yaml": ("removed in NetworkX 2.6/3.0", "yaml.load of nx.node_link_data output"),
    "write_yaml": ("removed in NetworkX 2.6/3.0", "yaml.dump(nx.node_link_data(G))"),
    "connected_component_subgraphs": ("removed in NetworkX 2.4",
                                      "(G.subgraph(c).copy() for c in nx.connected_components(G))"),
    "biconnected_component_subgraphs": ("removed in NetworkX 2.4",
                                        "(G.subgraph(c).copy() for c in nx.biconnected_components(G))"),
    "read_dot": ("moved out of the top level in NetworkX 2.0", "nx.nx_agraph.read_dot(path) or nx.nx_pydot.read_dot(path)"),
    "write_dot": ("moved out of the top level in NetworkX 2.0", "nx.nx_agraph.write_dot(G, path)"),
    "to_agraph": ("moved out of the top level in NetworkX 2.0", "nx.nx_agraph.to_agraph(G)"),
    "from_agraph": ("moved out of the top level in NetworkX 2.0", "nx.nx_agraph.from_agraph(A)"),
    "graphviz_layout": ("moved out of the top level in NetworkX 2.0", "nx.nx_agraph.graphviz_layout(G)"),
    "pygraphviz_layout": ("moved out of the top level in NetworkX 2.0", "nx.nx_agraph.pygraphviz_layout(G)"),
    "pydot_layout": ("moved out of the top level in NetworkX 2.0", "nx.nx_pydot.pydot_layout(G)"),
    "to_pydot": ("moved out of the top level in NetworkX 2.0", "nx.nx_pydot.to_pydot(G)"),
    "from_pydot": ("moved out of the top level in NetworkX 2.0", "nx.nx_pydot.from_pydot(P)"),
}
# names that only exist in NEWER releases: the installed NetworkX is too old
_ADDED = {
    "from_scipy_sparse_array": "2.7",
    "to_scipy_sparse_array": "2.7",
    "from_numpy_array": "2.0",
    "to_numpy_array": "2.0",
    "node_link_data": "1.x (check the edges= keyword on 3.4+)",
}
_GRAPH = {
    "node": ("removed in NetworkX 2.4", "G.nodes[n]"),
    "edge": ("removed in NetworkX 2.0", "G.edges[u, v] or G.adj[u][v]"),
    "nodes_iter": ("removed in NetworkX 2.0", "G.nodes()"),
    "edges_iter": ("removed in NetworkX 2.0", "G.edges()"),
    "adjacency_iter": ("removed in NetworkX 2.0", "G.adjacency()"),
    "adjacency_list": ("removed in NetworkX 2.0", "[list(nbrs) for _, nbrs in G.adjacency()]"),
    "degree_iter": ("removed in NetworkX 2.0", "G.degree()"),
    "in_edges_iter": ("removed in NetworkX 2.0", "G.in_edges()"),
    "out_edges_iter": ("removed in NetworkX 2.0", "G.out_edges()"),
    "in_degree_iter": ("removed in NetworkX 2.0", "G.in_degree()"),
    "out_degree_iter": ("removed in NetworkX 2.0", "G.out_degree()"),
    "successors_iter": ("removed in NetworkX 2.0", "G.successors(n)"),
    "predecessors_iter": ("removed in NetworkX 2.0", "G.predecessors(n)"),
    "neighbors_iter": ("removed in NetworkX 2.0", "G.neighbors(n)"),
    "selfloop_edges": ("removed in NetworkX 2.4", "nx.selfloop_edges(G)"),
    "nodes_with_selfloops": ("removed in NetworkX 2.4", "nx.nodes_with_selfloops(G)"),
    "number_of_selfloops": ("removed in NetworkX 2.4", "nx.number_of_selfloops(G)"),
    "add_path": ("removed in NetworkX 2.4", "nx.add_path(G, nodes)"),
    "add_cycle": ("removed in NetworkX 2.4", "nx.add_cycle(G, nodes)"),
    "add_star": ("removed in NetworkX 2.4", "nx.add_star(G, nodes)"),
    "fresh_copy": ("removed in NetworkX 2.4", "G.__class__()"),
}
_PIN = {"3.0": "networkx<3", "2.6/3.0": "networkx<2.6", "2.4": "networkx<2.4", "2.0": "networkx==1.11"}


def _pin(change: str) -> str:
    for key, pin in _PIN.items():
        if change.endswith(key):
            return pin
    return "networkx==1.11"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attribute")
    if not attr:
        return None
    attr = str(attr)
    graph_class = facts.get("graph_class")
    module = str(facts.get("module") or "networkx")
    if attr in ("_node", "_adj", "_succ", "_pred"):
        cls = graph_class or "Graph"
        text = (f"The {cls} object has no '{attr}': it was pickled by NetworkX 1.x (which stored 'node'/'adj') "
                "and unpickled by NetworkX 2.x+, so its internal attributes do not match the installed class.")
        fix = ("Load the pickle once under `pip install networkx==1.11`, save it with json.dump(nx.node_link_data(G)), "
               "then read it with nx.node_link_graph(json.load(f)) under the new NetworkX.",
               "Or run the repository with networkx==1.11 as it was written.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "graph pickled by networkx 1.x",
                                                        "removed_in": "internal layout changed in 2.0"})
    if graph_class and attr in _GRAPH:
        change, repl = _GRAPH[attr]
        text = (f"{graph_class}.{attr} was {change}. Replace it with {repl}, or pin {_pin(change)} for this code.")
        return Explanation(text=text, fix=(f"G.{attr} -> {repl}", f"or: pip install '{_pin(change)}'"),
                           derived={"replacement": repl, "removed_in": change, "diagnosis": "graph method removed"})
    if attr in _MODULE:
        change, repl = _MODULE[attr]
        text = (f"nx.{attr} was {change}; the installed NetworkX no longer has it. Use {repl} instead, "
                f"or pin {_pin(change)} if the code base cannot be changed.")
        return Explanation(text=text, fix=(f"nx.{attr}(...) -> {repl}", f"or: pip install '{_pin(change)}'"),
                           derived={"replacement": repl, "removed_in": change, "diagnosis": "function removed"})
    if attr in _ADDED:
        since = _ADDED[attr]
        text = (f"nx.{attr} only exists since NetworkX {since}: the installed NetworkX is older than the code expects.")
        return Explanation(text=text, fix=(f"pip install -U 'networkx>={since.split()[0]}'",),
                           derived={"removed_in": f"added in {since}", "diagnosis": "networkx too old"})
    if attr in ("Graph", "DiGraph", "MultiGraph", "utils", "algorithms", "classes", "__version__"):
        text = (f"'{module}' has no '{attr}', which every NetworkX release has: another module is imported as networkx "
                "(a networkx.py or networkx/ folder in the working directory) or the install is broken.")
        return Explanation(text=text, fix=("python -c \"import networkx; print(networkx.__file__)\"  # must be in site-packages",
                                           "rename the local networkx.py, or pip install --force-reinstall networkx"),
                           derived={"diagnosis": "networkx shadowed or broken"})
    text = (f"{module}.{attr} is missing in the installed NetworkX: the name was renamed or removed between releases, "
            "or the code targets a newer NetworkX. Compare with the release notes of the version the code was written for.")
    return Explanation(text=text, fix=("python -c \"import networkx; print(networkx.__version__)\"",),
                       derived={"diagnosis": "unknown networkx name"})
