"""srtext's version, apart from the package's ``__init__`` so that every layer may ask it."""

__version__ = "0.1.0"
