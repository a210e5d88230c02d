"""Running srtext over inputs: files, directories, PDFs, worker processes, a dask cluster.

process (one document, start to finish), result (what became of it), plan (which inputs a run
has and where their outputs go), batch (jobs, output names, atomic writes), parallel (worker
processes), cluster (dask), extract (PDF to text), made and storage (sidecars and atomic
writes), guards (limits on bad input), progress (the progress bar).
"""
