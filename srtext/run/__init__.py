"""Running srtext over inputs: files, directories, PDFs, worker processes, a dask cluster.

process (one document, start to finish, and the library's batch calls), batch (the plan of a
directory run), parallel (worker processes), cluster (dask), extract (PDF to text), made and
storage (sidecars and atomic writes), guards (limits on bad input), progress (the progress bar).
"""
