"""A Jupyter notebook given as the log: the text its cells printed is what is diagnosed."""

from __future__ import annotations

import json

ESC = "\x1b"


def _notebook(outputs: list[dict], *, count: int = 7) -> dict:
    return {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": ["# KeyError: 'not a log line' (markdown is left out)"]},
            {"cell_type": "code", "execution_count": count, "metadata": {}, "source": ["raise RuntimeError('code is not output')"], "outputs": outputs},
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


WARNING = {"name": "stderr", "output_type": "stream",
           "text": ["/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py:557: UserWarning: This DataLoader will create 4 worker processes in total.\n"]}
KEY_ERROR = {
    "ename": "KeyError", "evalue": "'labels'", "output_type": "error",
    "traceback": [
        f"{ESC}[0;31m---------------------------------------------------------------------------{ESC}[0m",
        f"{ESC}[0;31mKeyError{ESC}[0m                                  Traceback (most recent call last)",
        f"{ESC}[0;32m<ipython-input-7-2f1>{ESC}[0m in {ESC}[0;36m<cell line: 1>{ESC}[0;34m(){ESC}[0m\n{ESC}[0;32m----> 1{ESC}[0;31m batch = collate(samples)\n",
        f"{ESC}[0;32m/content/utils.py{ESC}[0m in {ESC}[0;36mcollate{ESC}[0;34m(samples){ESC}[0m\n{ESC}[1;32m     12{ESC}[0m     out = {{}}\n{ESC}[0;32m---> 13{ESC}[0;31m     out['y'] = torch.stack([s['labels'] for s in samples])\n",
        f"{ESC}[0;31mKeyError{ESC}[0m: 'labels'",
    ],
}


def test_error_output_is_read_as_the_traceback_the_user_saw(cli, tmp_path):
    p = tmp_path / "train.ipynb"
    p.write_text(json.dumps(_notebook([WARNING, KEY_ERROR])))
    r = cli("diagnose", "--json", str(p))
    out = json.loads(r.stdout)
    assert r.returncode == 1
    prim = out["primary"]
    assert prim["id"] == "python.key-error"
    ev = prim["evidence"][-1]
    # the evidence is the exception line itself, without colour codes, not the notebook's one-line JSON
    assert ev["text"] == "KeyError: 'labels'" and ev["line"] > 1
    assert prim["facts"]["code"] == "out['y'] = torch.stack([s['labels'] for s in samples])"
    assert any("Jupyter notebook" in n for inp in out["inputs"]["files"] for n in inp["notes"])


def test_healthy_notebook_stays_healthy(cli, tmp_path):
    # the cell's source raises and the markdown names an exception: neither is output, so neither is read
    p = tmp_path / "ok.ipynb"
    p.write_text(json.dumps(_notebook([WARNING, {"name": "stdout", "output_type": "stream", "text": "Epoch 1/3\nloss 2.31\n"}])))
    r = cli("diagnose", "--json", str(p))
    assert r.returncode == 0, r.stdout
    assert json.loads(r.stdout)["primary"] is None


def test_broken_notebook_is_read_as_text(cli, tmp_path):
    p = tmp_path / "cut.ipynb"
    p.write_text('{"cells": [{"cell_type": "code", "outputs": [{"output_type": "stream", "text": "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB')
    r = cli("diagnose", "--json", str(p))
    assert b"Traceback" not in r.stderr
    assert json.loads(r.stdout)["primary"]["id"] == "torch.cuda-oom"
