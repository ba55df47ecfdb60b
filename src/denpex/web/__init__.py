"""The local web app, JSON API and static encyclopedia export (``pip install './denpex[web]'`` from a checkout)."""
