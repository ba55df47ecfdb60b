"""Fleet scale: diagnose every job of an archive on Dask, find recurring failures and bad nodes.

- ``discover``: jobs under the roots (local paths or fsspec URLs), each with its file listing;
- ``tasks``: what runs on the Dask workers (one job, or one part of a large job and its merge),
  all through the same engine as ``denpex diagnose``;
- ``ledger``: the results streamed into the incident history (``denpex.history``), each job counted
  once by its content digest;
- ``scan``: the client side (cluster, submission, retries, progress);
- ``report``: recurring groups, bad nodes (with a binomial test against the fleet's base rate),
  failure rate over time, fixes that worked; text, JSON and HTML.

Dask is an optional extra (``pip install './denpex[fleet]'``): nothing here is imported by
``denpex diagnose``.
"""
